import {
  SUBJECT_TEACHER_IMPORT_COLUMNS,
  SUBJECT_TEACHER_IMPORT_TEMPLATE_CSV,
  type SubjectTeacherImportReport,
  type SubjectTeacherImportRow,
} from '@school/shared/academics/subject-teachers-import';
import { IMPORT_MAX_ROWS } from '@school/shared/admissions/schemas';
import { Link } from 'react-router';
import { CsvImportScreen } from '@/components/csv-import/csv-import-screen';
import type { ImportColumns } from '@/components/csv-import/import-report';
import { buttonClasses } from '@/components/ui/button';
import { useClasses } from '../api/get-classes';
import { subjectTeachersTemplateUrl, useImportSubjectTeachers } from '../api/import-subject-teachers';

/** What a correct row does, in a sentence. */
function outcomeText(r: SubjectTeacherImportRow): string {
  if (r.outcome === 'skipped') return 'No teacher given; left as it is';
  if (r.outcome === 'added') return `${r.teacherName}; adds ${r.subjectName} to ${r.className}`;
  if (r.outcome === 'unchanged') return `${r.teacherName} (already so)`;
  return `${r.teacherName} (${r.previousTeacherName ? `was ${r.previousTeacherName}` : 'had no teacher'})`;
}

const COLUMNS: ImportColumns<SubjectTeacherImportRow> = {
  recordHref: (r) => (r.classSubjectId ? '/admin/academics/subject' : undefined),
  detailName: 'Problems / teacher',
  detail: (r) => <span className="text-sm text-slate-500">{r.outcome ? outcomeText(r) : 'No problems'}</span>,
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

function Imported({ report }: { report: SubjectTeacherImportReport }) {
  return (
    <p className="text-sm text-slate-600">
      {plural(report.changed, 'teacher', 'teachers')} changed, {plural(report.unchanged, 'was', 'were')} already so, and{' '}
      {plural(report.added, 'subject was', 'subjects were')} added to {report.added === 1 ? 'its class' : 'their classes'}. See them in{' '}
      <Link to="/admin/academics/subject" className="font-semibold text-secondary underline">
        Academics › Subjects
      </Link>
      .
    </p>
  );
}

/** admin/academics/import-subject-teachers: every class's subject teachers at once from a spreadsheet, with a preview first. */
export function Component() {
  const run = useImportSubjectTeachers();
  // the session the import reads the classes of: the one chosen at the top, as the class list answers it
  const session = useClasses().data?.session;
  return (
    <CsvImportScreen<SubjectTeacherImportRow, SubjectTeacherImportReport>
      title="Import subject teachers"
      description="Choose the teacher of every subject in every class at once, from a spreadsheet (CSV or Excel)."
      actions={
        <Link to="/admin/academics/subject" className={buttonClasses({ variant: 'gray' })}>
          View subjects
        </Link>
      }
      noun={{ one: 'subject teacher', many: 'subject teachers' }}
      instructions={
        <p className="mt-1 text-sm text-slate-600">
          Use the template: one class and subject per row under the header row, at most {IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows and 2 MB. Write the class
          as the class list shows it (e.g. JSS 1 A, in the session chosen at the top), the subject by its name or code, and the teacher by their email or their
          full name as Academics › Staff shows it. A subject the class does not take yet is added to the class with its teacher.
          {session ? (
            <>
              {' '}
              Easiest: download {session.name}’s classes and subjects, which lists every subject of every class with its teacher now, and change the Teacher
              column where needed. A row with no teacher is skipped.
            </>
          ) : null}
        </p>
      }
      fileColumns={SUBJECT_TEACHER_IMPORT_COLUMNS}
      template={{ csv: SUBJECT_TEACHER_IMPORT_TEMPLATE_CSV, fileName: 'subject-teachers-template.csv' }}
      templateLinks={
        session ? (
          <a href={subjectTeachersTemplateUrl(session.id)} download className={buttonClasses({ variant: 'gray', size: 'sm' })}>
            Download this session’s classes and subjects (CSV)
          </a>
        ) : null
      }
      excel
      modeTexts={{
        'all-or-nothing': 'The safest choice. If even one row is wrong, no teacher is changed; correct the file and import it again.',
        'valid-rows-only': 'Teachers on correct rows are set now. Rows with errors are listed so you can correct them and import them in a new file.',
      }}
      run={run}
      columns={COLUMNS}
      afterImport={(report) => <Imported report={report} />}
    />
  );
}
