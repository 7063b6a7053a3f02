import { zodResolver } from '@hookform/resolvers/zod';
import type { Assignment, AssignmentOptions } from '@school/shared/assignments/responses';
import { assignmentFormSchema, type AssignmentFormInput, type AssignmentFormValues } from '@school/shared/assignments/schemas';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveAssignment } from '../api/save-assignment';

const FIELDS = ['termId', 'classId', 'subjectId', 'title', 'description', 'dueDate'] as const;

function defaults(assignment: Assignment | undefined, options: AssignmentOptions): AssignmentFormValues {
  if (assignment) {
    return {
      termId: assignment.term.id,
      classId: assignment.class.id,
      subjectId: assignment.subject.id,
      title: assignment.title,
      description: assignment.description,
      dueDate: assignment.dueDate ?? '',
    };
  }
  return {
    termId: options.terms.find((t) => t.isCurrent)?.id ?? '',
    classId: options.classes.length === 1 ? options.classes[0].id : '',
    subjectId: '',
    title: '',
    description: '',
    dueDate: '',
  };
}

export interface AssignmentFormProps {
  assignment?: Assignment;
  options: AssignmentOptions;
  onClose: () => void;
}

/** Set or edit an assignment (in a drawer): term, class, subject, title, description, due date. */
export function AssignmentForm({ assignment, options, onClose }: AssignmentFormProps) {
  const formId = useId();
  const descriptionId = useId();
  const save = useSaveAssignment();
  const [initial] = useState(() => defaults(assignment, options));
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AssignmentFormValues, unknown, AssignmentFormInput>({ resolver: zodResolver(assignmentFormSchema), defaultValues: initial });
  const classId = useWatch({ control, name: 'classId' });
  const subjects = useMemo(() => {
    const offered = new Set(options.classSubjects.filter((p) => p.classId === classId).map((p) => p.subjectId));
    return options.subjects.filter((s) => offered.has(s.id));
  }, [classId, options]);

  const onValid = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: assignment?.id, values });
      toast.success(assignment ? 'Assignment updated' : 'Assignment added');
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <Drawer
      open
      size="lg"
      onClose={save.isPending ? () => undefined : onClose}
      title={assignment ? 'Edit assignment' : 'New assignment'}
      footer={
        <>
          <Button variant="gray" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={save.isPending} loadingText="Saving…">
            {assignment ? 'Save changes' : 'Add assignment'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onValid} noValidate className="space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Term"
            placeholder="Select a term"
            defaultValue={initial.termId}
            error={errors.termId?.message}
            options={options.terms.map((t) => ({ value: t.id, label: t.name }))}
            {...register('termId')}
          />
          <SelectField
            label="Class"
            placeholder="Select a class"
            defaultValue={initial.classId}
            error={errors.classId?.message}
            options={options.classes.map((c) => ({ value: c.id, label: c.name }))}
            {...register('classId')}
          />
          <SelectField
            label="Subject"
            placeholder="Select a subject"
            defaultValue={initial.subjectId}
            error={errors.subjectId?.message}
            options={subjects.map((s) => ({ value: s.id, label: s.name }))}
            {...register('subjectId')}
          />
        </div>
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <div>
          <label htmlFor={descriptionId} className="field-label">
            Description
          </label>
          <textarea
            id={descriptionId}
            rows={6}
            className="field-input"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
            {...register('description')}
          />
          {errors.description ? (
            <p id={`${descriptionId}-error`} className="field-error">
              {errors.description.message}
            </p>
          ) : null}
        </div>
        <TextField label="Due date" type="date" error={errors.dueDate?.message} {...register('dueDate')} />
      </form>
    </Drawer>
  );
}
