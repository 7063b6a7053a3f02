import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useStudentSubjects } from '../api/get-student-subjects';

/** A student's subjects in their class of the selected session, with who teaches each. */
export function StudentSubjects({ studentId }: { studentId: string }) {
  const subjects = useStudentSubjects(studentId);

  if (subjects.isPending) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-5 py-8 text-sm text-slate-600">
        <Spinner size="sm" /> Loading subjects…
      </p>
    );
  }
  if (subjects.isError) {
    return (
      <LoadError error={subjects.error}>
        <p>We could not load the subjects. {subjects.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void subjects.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }

  const { class: klass, session, items } = subjects.data;
  if (!klass) {
    return (
      <EmptyState
        icon={<BookIcon size={24} />}
        title={`No class in ${session?.name ?? 'this session'}`}
        description="Subjects appear here once the school places you in a class for the session chosen in the top bar."
      />
    );
  }

  return (
    <>
      <dl className="mb-5 flex flex-wrap gap-x-8 gap-y-2 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm">
        <div>
          <dt className="text-slate-500">Class</dt>
          <dd className="font-semibold text-slate-900">{klass.name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Session</dt>
          <dd className="font-semibold text-slate-900">{session?.name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Class teacher</dt>
          <dd className="font-semibold text-slate-900">{klass.classTeacher?.name ?? 'Not assigned yet'}</dd>
        </div>
      </dl>
      {items.length === 0 ? (
        <EmptyState icon={<BookIcon size={24} />} title="No subjects yet" description={`The school has not assigned subjects to ${klass.name} yet.`} />
      ) : (
        <ul aria-label="Subjects" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((subject) => (
            <li key={subject.id} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <span
                aria-hidden="true"
                className="flex h-10 w-12 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-xs font-bold break-all text-secondary"
              >
                {subject.code}
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{subject.name}</p>
                <p className="text-sm text-slate-600">{subject.teacher ? subject.teacher.name : 'Teacher not assigned yet'}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
