import type { Assignment } from '@school/shared/assignments/responses';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useStudentAssignments } from '../api/get-assignments';

/** The assignments of a student's class in the selected session, newest due date first. */
export function StudentAssignments({ studentId }: { studentId: string }) {
  const list = useStudentAssignments(studentId);
  return (
    <>
      {list.isPending ? <PageSpinner label="Loading assignments" /> : null}
      {list.isError ? (
        <LoadError error={list.error}>
          <p>We could not load the assignments. {list.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      {list.data && list.data.items.length === 0 ? (
        <EmptyState title="No assignments yet" description="When a teacher sets an assignment for your class, it shows here." />
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="space-y-3" aria-label="Assignments">
          {list.data.items.map((a) => (
            <AssignmentCard key={a.id} assignment={a} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function AssignmentCard({ assignment }: { assignment: Assignment }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{assignment.title}</h2>
        <p className="text-sm font-semibold text-secondary">Due {formatDate(assignment.dueDate) || '—'}</p>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {assignment.subject.name} · {assignment.term.name} term · {assignment.teacher.name}
      </p>
      <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{assignment.description}</p>
    </li>
  );
}
