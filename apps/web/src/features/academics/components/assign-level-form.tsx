import type { ClassResponse, NamedRef, SubjectResponse } from '@school/shared/academics/responses';
import { sortByClass } from '@school/shared/constants';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useAssignSubjectToLevel } from '../api/bulk-mutations';
import { errorMessage } from '../lib/apply-field-errors';

export interface AssignLevelFormProps {
  subject: SubjectResponse;
  /** The session's classes. */
  classes: ClassResponse[];
  teachers: NamedRef[];
}

/** "Assign to every arm of JSS 1": one request; arms that take the subject already keep their teacher. */
export function AssignLevelForm({ subject, classes, teachers }: AssignLevelFormProps) {
  const headingId = useId();
  const assign = useAssignSubjectToLevel();
  const taken = new Set(subject.classes.map((c) => c.classId));
  const levels = [...new Set(sortByClass(classes).map((c) => c.level))];
  const missing = (level: string) => classes.filter((c) => c.level === level && !taken.has(c.id)).length;
  const [level, setLevel] = useState(() => levels.find((l) => missing(l) > 0) ?? levels[0] ?? '');
  const [teacherId, setTeacherId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (levels.length === 0) return null;
  const left = missing(level);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      const result = await assign.mutateAsync({ subjectId: subject.id, level, teacherId: teacherId || null });
      toast.success(
        result.assigned.length > 0 ? `${subject.name} assigned to ${result.assigned.join(', ')}` : `Every arm of ${level} already takes ${subject.name}`,
      );
      setTeacherId('');
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Assign to every arm of a level
      </h3>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Level" required value={level} error={errors.level} onChange={(event) => setLevel(event.target.value)}>
          {levels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <SelectField label="Subject teacher" value={teacherId} error={errors.teacherId} onChange={(event) => setTeacherId(event.target.value)}>
          <option value="">No teacher yet</option>
          {teachers.map((teacher) => (
            <option key={teacher.id} value={teacher.id}>
              {teacher.name}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-600">
        {left === 0
          ? `Every arm of ${level} already takes ${subject.name}.`
          : `${left} arm${left === 1 ? '' : 's'} of ${level} will take ${subject.name}; arms that take it already keep their teacher.`}
      </p>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={left === 0} loading={assign.isPending} loadingText="Assigning…">
          Assign to every arm of {level}
        </Button>
      </div>
    </form>
  );
}
