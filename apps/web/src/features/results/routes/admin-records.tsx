import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

const SECTIONS = [
  { to: '/admin/records/results', title: 'Results', text: 'Broadsheets by class and term; publish results; correct scores.' },
  { to: '/admin/records/approvals', title: 'Results approval', text: 'Sheets submitted, classes reviewed and approved before publication.' },
  { to: '/admin/records/grades', title: 'Grades', text: 'The grading scale in use and the grade distribution per subject.' },
  { to: '/admin/records/report-cards', title: 'Report cards', text: "Each student's term report card; a whole class's cards as one PDF." },
  { to: '/admin/records/result-pins', title: 'Result PINs', text: 'Result-checker PIN batches for students and parents, printable.' },
  { to: '/admin/records/transcript', title: 'Transcript', text: "A student's results over every session, printable." },
  { to: '/admin/records/attendance', title: 'Attendance', text: 'Attendance rates per class and student.' },
  { to: '/admin/records/students', title: 'Students', text: 'Every student with their class and profile.' },
  { to: '/admin/records/security', title: 'Security', text: "The school's security camera channels." },
] as const;

/** admin/records: the records of the school, one card per section. */
export function Component() {
  useDocumentTitle('Records');
  return (
    <>
      <PageHeader title="Records" description="Results, grades, transcripts, attendance and student records." />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-tertiary"
            >
              <span className="text-base font-semibold text-slate-900">{s.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
