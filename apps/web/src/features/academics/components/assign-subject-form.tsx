import type { ClassResponse, NamedRef, SubjectResponse } from '@school/shared/academics/responses';
import { assignSubjectSchema } from '@school/shared/academics/schemas';
import { fieldErrors } from '@school/shared/validation';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useAssignSubject } from '../api/subject-mutations';
import { isInLevelGroup, LevelGroupFilter, type LevelGroupChoice } from './level-group-filter';
import { SelectField } from '@/components/ui/select-field';

export interface AssignSubjectFormProps {
  subject: SubjectResponse;
  /** The session's classes. */
  classes: ClassResponse[];
  teachers: NamedRef[];
  sessionName: string;
}

type Choice = { checked: boolean; teacherId: string };

/** Ticks the classes of the session that take the subject, each with its subject teacher. */
export function AssignSubjectForm({ subject, classes, teachers, sessionName }: AssignSubjectFormProps) {
  const headingId = useId();
  const assign = useAssignSubject();
  const taken = new Set(subject.classes.map((c) => c.classId));
  const available = classes.filter((c) => !taken.has(c.id));
  const [choices, setChoices] = useState<Partial<Record<string, Choice>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [group, setGroup] = useState<LevelGroupChoice>('All');

  const chosen = available.filter((c) => choices[c.id]?.checked);
  const shown = available.filter((c) => isInLevelGroup(c.level, group));

  function update(classId: string, change: Partial<Choice>) {
    setChoices((current) => ({ ...current, [classId]: { ...(current[classId] ?? { checked: false, teacherId: '' }), ...change } }));
    setErrors((current) => {
      const { [classId]: _removed, ...rest } = current;
      return rest;
    });
  }

  /** 'assignments.2.teacherId' → the message under the third chosen class. */
  function showErrors(messages: Record<string, string>) {
    const byClass: Record<string, string> = {};
    let rest: string | null = null;
    for (const [key, message] of Object.entries(messages)) {
      const match = /^assignments\.(\d+)\./.exec(key);
      const row = match ? chosen[Number(match[1])] : undefined;
      if (row) byClass[row.id] ??= message;
      else rest ??= message;
    }
    setErrors(byClass);
    setFormError(rest);
    // a message under a class the filter hides would go unseen
    if (Object.keys(byClass).some((id) => !shown.some((c) => c.id === id))) setGroup('All');
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = { assignments: chosen.map((c) => ({ classId: c.id, teacherId: choices[c.id]?.teacherId ?? '' })) };
    const parsed = assignSubjectSchema.safeParse(body);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    try {
      await assign.mutateAsync({ ...parsed.data, subjectId: subject.id });
      toast.success(`${subject.name} assigned to ${chosen.length} class${chosen.length === 1 ? '' : 'es'}`);
      setChoices({});
      setErrors({});
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) showErrors(error.errors);
      else setFormError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Assign to classes of {sessionName}
      </h3>
      {formError ? <Alert>{formError}</Alert> : null}
      {available.length === 0 ? (
        <p className="text-sm text-slate-600">
          {classes.length === 0 ? `There are no classes in ${sessionName} yet.` : `Every class of ${sessionName} already takes ${subject.name}.`}
        </p>
      ) : (
        <>
          <LevelGroupFilter value={group} onChange={setGroup} />
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {shown.length === 0 ? <li className="px-3 py-2.5 text-slate-600">No {group} class left to assign.</li> : null}
            {shown.map((row) => {
              const choice = choices[row.id];
              return (
                <li key={row.id} className="px-3 py-2.5">
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    <label className="flex min-w-[7rem] flex-1 items-center gap-2 text-sm font-medium text-slate-900">
                      <input
                        type="checkbox"
                        className="size-4 accent-[var(--color-secondary)]"
                        checked={choice?.checked ?? false}
                        onChange={(event) => update(row.id, { checked: event.target.checked })}
                      />
                      {row.name}
                    </label>
                    {choice?.checked ? (
                      <SelectField
                        label={`Teacher of ${subject.name} in ${row.name}`}
                        hideLabel
                        required
                        className="w-full sm:w-56"
                        value={choice.teacherId}
                        error={errors[row.id]}
                        onChange={(event) => update(row.id, { teacherId: event.target.value })}
                      >
                        <option value="">Select teacher</option>
                        {teachers.map((teacher) => (
                          <option key={teacher.id} value={teacher.id}>
                            {teacher.name}
                          </option>
                        ))}
                      </SelectField>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" loading={assign.isPending} loadingText="Assigning…">
              Assign {chosen.length > 0 ? `to ${chosen.length} class${chosen.length === 1 ? '' : 'es'}` : ''}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
