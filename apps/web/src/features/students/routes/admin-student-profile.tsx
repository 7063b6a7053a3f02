import { StaffStudentProfile } from '../components/staff-student-profile';

/** admin/records/student-profile/{id}: the summaries lead on to the records, the report card and finance. */
export function Component() {
  return (
    <StaffStudentProfile
      listPath="/admin/records/students"
      editPath={(id) => `/admin/records/edit-student/${id}`}
      summaryLinks={(id) => ({ attendance: '/admin/records/attendance', results: `/admin/records/report-card/${id}`, fees: '/admin/finance?tab=invoices' })}
    />
  );
}
