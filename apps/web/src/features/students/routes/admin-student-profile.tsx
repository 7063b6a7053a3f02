import { StaffStudentProfile } from '../components/staff-student-profile';

/** admin/records/student-profile/{id} */
export function Component() {
  return <StaffStudentProfile listPath="/admin/records/students" editPath={(id) => `/admin/records/edit-student/${id}`} />;
}
