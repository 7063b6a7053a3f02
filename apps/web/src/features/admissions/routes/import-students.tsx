import type { ImportReport, ImportRowReport } from '@school/shared/admissions/responses';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_TEMPLATE_CSV } from '@school/shared/admissions/schemas';
import { Link } from 'react-router';
import { CsvImportScreen } from '@/components/csv-import/csv-import-screen';
import type { ImportColumns } from '@/components/csv-import/import-report';
import { buttonClasses } from '@/components/ui/button';
import { useImportStudents } from '../api/import-students';
import { AdmissionsTabs } from '../components/admissions-tabs';
import { ClassInvitationSlips, InvitationCodes } from '../components/invitation-slips';

const COLUMNS: ImportColumns<ImportRowReport> = {
  recordHref: (r) => (r.studentId ? `/admin/records/student-profile/${r.studentId}` : undefined),
  detailName: 'Problems / registration number',
  detail: (r) =>
    r.registrationNo ? (
      <span className="text-sm text-slate-700">
        <span className="font-mono">{r.registrationNo}</span>
        {r.className ? ` · ${r.className}` : ''}
      </span>
    ) : (
      <span className="text-sm text-slate-500">No problems</span>
    ),
  hideStatusOnSmall: true,
};

function Imported({ report }: { report: ImportReport }) {
  return (
    <>
      <p className="text-sm text-slate-600">
        The students are in{' '}
        <Link to="/admin/records/students" className="font-semibold text-secondary underline">
          Records › Students
        </Link>
        .{' '}
        {report.invitations
          ? 'Each new account has an invitation code below.'
          : 'Parents, and students with an email, who have a new account have been sent an invitation.'}
      </p>
      {report.invitations ? <InvitationCodes invitations={report.invitations} /> : null}
    </>
  );
}

/** admin/admissions/import: admit many students from a CSV file, with a preview first. */
export function Component() {
  const run = useImportStudents();
  return (
    <CsvImportScreen<ImportRowReport, ImportReport>
      title="Import students"
      description="Admit many students at once from a spreadsheet saved as CSV."
      actions={
        <Link to="/admin/admissions/admit" className={buttonClasses({ variant: 'gray' })}>
          Admit one student
        </Link>
      }
      tabs={<AdmissionsTabs />}
      noun={{ one: 'student', many: 'students' }}
      instructions={
        <>
          <p className="mt-1 text-sm text-slate-600">
            Use the template: one student per row under the header row, at most {IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows and 2 MB. Dates as YYYY-MM-DD or
            DD/MM/YYYY; gender as male, female, M or F; leave <span className="font-mono">arm</span> empty to use the arm with the fewest students.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600" aria-label="Optional columns">
            <li>
              <span className="font-mono">admission_number</span>: your school’s own number for the student (letters, digits and / - . _, at most 30); no two
              students may share one. Left empty, a number is given.
            </li>
            <li>
              <span className="font-mono">email</span>: the student’s own email. The student gets a sign-in account and an invitation code (the parent gets one
              through <span className="font-mono">guardian_email</span> as before).
            </li>
            <li>
              <span className="font-mono">phone</span>: the student’s phone, kept with their account (so it needs an email), e.g. 08031234567; it is kept as
              +2348031234567.
            </li>
          </ul>
        </>
      }
      fileColumns={IMPORT_COLUMNS}
      template={{ csv: IMPORT_TEMPLATE_CSV, fileName: 'students-import-template.csv' }}
      modeTexts={{
        'all-or-nothing': 'The safest choice. If even one row is wrong, no student is admitted; correct the file and import it again.',
        'valid-rows-only': 'Students on correct rows are admitted now. Rows with errors are listed so you can correct them and import them in a new file.',
      }}
      run={run}
      columns={COLUMNS}
      afterImport={(report) => <Imported report={report} />}
    >
      <ClassInvitationSlips />
    </CsvImportScreen>
  );
}
