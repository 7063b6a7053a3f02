import type { SubjectAssignmentResponse } from '@school/shared/academics/responses';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TrashIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useClasses } from '../api/get-classes';
import { useSubjects } from '../api/get-subjects';
import { useTeacherOptions } from '../api/get-teacher-options';
import { useChangeSubjectTeacher, useRemoveClassSubject } from '../api/subject-mutations';
import { errorMessage } from '../lib/apply-field-errors';
import { AssignLevelForm } from './assign-level-form';
import { AssignSubjectForm } from './assign-subject-form';
import { SelectField } from '@/components/ui/select-field';

/** The subject list's drawer: the classes that take a subject, their teachers, and assigning more. */
export function SubjectDetails({ subjectId }: { subjectId: string }) {
  const subjects = useSubjects();
  const classes = useClasses();
  const teachers = useTeacherOptions();
  const change = useChangeSubjectTeacher();
  const remove = useRemoveClassSubject();
  const [removing, setRemoving] = useState<SubjectAssignmentResponse | null>(null);

  if (subjects.isPending || classes.isPending || teachers.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner size="sm" /> Loading…
      </p>
    );
  }
  const failure = subjects.error ?? classes.error ?? teachers.error;
  if (failure) return <LoadError error={failure}>We could not load this subject. {failure.message}</LoadError>;
  const subject = subjects.data?.items.find((s) => s.id === subjectId);
  if (!subject) return <Alert>This subject no longer exists.</Alert>;
  const sessionName = classes.data?.session?.name ?? subjects.data?.session?.name ?? 'this session';
  const teacherOptions = teachers.data?.items ?? [];

  async function changeTeacher(assignment: SubjectAssignmentResponse, teacherId: string) {
    try {
      const saved = await change.mutateAsync({ id: assignment.id, teacherId });
      toast.success(`${saved.teacher?.name ?? 'The teacher'} now teaches ${subject!.name} in ${assignment.className}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(`${subject!.name} removed from ${removing.className}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="space-y-6 text-sm">
      <p className="text-slate-600">
        Code <span className="font-semibold text-slate-900">{subject.code}</span>
      </p>
      <section>
        <h3 className="mb-2 font-semibold text-slate-900">
          Taught in {sessionName} ({subject.classes.length})
        </h3>
        {subject.classes.length === 0 ? (
          <p className="text-slate-600">
            No class of {sessionName} takes {subject.name} yet.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {subject.classes.map((assignment) => (
              <li key={assignment.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5">
                <span className="min-w-[6rem] flex-1 font-medium text-slate-900">{assignment.className}</span>
                <SelectField
                  label={`Teacher of ${subject.name} in ${assignment.className}`}
                  hideLabel
                  className="w-full flex-1 sm:w-56 sm:flex-none"
                  value={assignment.teacher?.id ?? ''}
                  disabled={change.isPending}
                  onChange={(event) => void changeTeacher(assignment, event.target.value)}
                >
                  {assignment.teacher ? null : <option value="">No teacher</option>}
                  {teacherOptions.map((teacher) => (
                    <option key={teacher.id} value={teacher.id}>
                      {teacher.name}
                    </option>
                  ))}
                </SelectField>
                <button
                  type="button"
                  aria-label={`Remove ${subject.name} from ${assignment.className}`}
                  title="Remove"
                  onClick={() => setRemoving(assignment)}
                  className="inline-flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
                >
                  <TrashIcon size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {classes.data?.session ? (
        <>
          <AssignLevelForm subject={subject} classes={classes.data.items} teachers={teacherOptions} />
          <AssignSubjectForm subject={subject} classes={classes.data.items} teachers={teacherOptions} sessionName={sessionName} />
        </>
      ) : (
        <p className="text-slate-600">Add an academic session in Settings before assigning subjects to classes.</p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${subject.name} from ${removing.className}?` : ''}
        message={removing ? `${removing.className} will no longer take ${subject.name}.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
