import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

const SECTIONS = [
  { to: '/admin/academics/class', title: 'Classes', description: 'The classes of the selected session, their teachers, subjects and students.' },
  { to: '/admin/academics/add-class', title: 'Add Class', description: 'A level and an arm (A, B, Gold…) with its class teacher.' },
  { to: '/admin/academics/subject', title: 'Subjects', description: 'Your subjects, the classes that take them and who teaches them.' },
  { to: '/admin/academics/add-subject', title: 'Add Subject', description: 'A subject’s name and code.' },
  { to: '/admin/academics/staff', title: 'Staff', description: 'Your school’s teaching and non-teaching staff.' },
  { to: '/admin/academics/time-table', title: 'Time Table', description: 'Each class’s week, Monday to Friday.' },
  { to: '/admin/academics/lesson-note', title: 'Lesson Notes', description: 'Notes submitted by teachers, for review.' },
  { to: '/admin/academics/promotion', title: 'Promotion', description: 'Moving students to their next class at session end.' },
] as const;

/** /admin/academics: the way into each part of the school's academic structure. */
export function Component() {
  useDocumentTitle('Academics');
  return (
    <>
      <PageHeader title="Academics" description="Classes, subjects, staff and the timetable of the selected session." />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-secondary hover:bg-primary-50"
            >
              <span className="font-semibold text-slate-900">{section.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
