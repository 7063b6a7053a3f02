import { IMPORT_MAX_ROWS } from '@school/shared/admissions/schemas';
import { STAFF_TYPES } from '@school/shared/constants';
import { STAFF_IMPORT_COLUMNS, STAFF_IMPORT_TEMPLATE_CSV, type StaffImportReport, type StaffImportRow } from '@school/shared/staff/import';
import { Link } from 'react-router';
import { CsvImportScreen } from '@/components/csv-import/csv-import-screen';
import type { ImportColumns } from '@/components/csv-import/import-report';
import { buttonClasses } from '@/components/ui/button';
import { useImportStaff } from '../api/import-staff';
import { StaffInvitationCodes, StaffInvitationSlips } from '../components/staff-invitation-slips';

const COLUMNS: ImportColumns<StaffImportRow> = {
  recordHref: (r) => (r.staffId ? `/admin/academics/staff-profile/${r.staffId}` : undefined),
  detailName: 'Problems / staff type',
  detail: (r) => <span className="text-sm text-slate-500">{r.staffType ?? 'No problems'}</span>,
};

function Imported({ report }: { report: StaffImportReport }) {
  return (
    <>
      <p className="text-sm text-slate-600">
        The staff are in{' '}
        <Link to="/admin/academics/staff" className="font-semibold text-secondary underline">
          Academics › Staff
        </Link>
        . {report.invitations ? 'Each new account has an invitation code below.' : 'Staff with a new account have been sent an invitation.'}
      </p>
      {report.invitations ? <StaffInvitationCodes invitations={report.invitations} /> : null}
    </>
  );
}

/** admin/academics/import-staff: add many staff at once from a CSV file, with a preview first. */
export function Component() {
  const run = useImportStaff();
  return (
    <CsvImportScreen<StaffImportRow, StaffImportReport>
      title="Import staff"
      description="Add many staff at once from a spreadsheet saved as CSV. Teachers, principals and admins get an invitation to sign in."
      actions={
        <Link to="/admin/academics/add-staff" className={buttonClasses({ variant: 'gray' })}>
          Add one staff member
        </Link>
      }
      noun={{ one: 'staff member', many: 'staff members' }}
      instructions={
        <p className="mt-1 text-sm text-slate-600">
          Use the template: one staff member per row under the header row, at most {IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows and 2 MB. Every column is
          required except <span className="font-mono">email</span>, which is required for a Teacher, Principal or Admin (they sign in). Staff type is one of{' '}
          {STAFF_TYPES.join(', ')}; gender as male, female, M or F; dates as YYYY-MM-DD or DD/MM/YYYY.
        </p>
      }
      fileColumns={STAFF_IMPORT_COLUMNS}
      template={{ csv: STAFF_IMPORT_TEMPLATE_CSV, fileName: 'staff-import-template.csv' }}
      modeTexts={{
        'all-or-nothing': 'The safest choice. If even one row is wrong, nobody is added; correct the file and import it again.',
        'valid-rows-only': 'Staff on correct rows are added now. Rows with errors are listed so you can correct them and import them in a new file.',
      }}
      run={run}
      columns={COLUMNS}
      afterImport={(report) => <Imported report={report} />}
    >
      <StaffInvitationSlips />
    </CsvImportScreen>
  );
}
