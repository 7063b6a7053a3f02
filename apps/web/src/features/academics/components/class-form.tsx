import { zodResolver } from '@hookform/resolvers/zod';
import type { NamedRef } from '@school/shared/academics/responses';
import { classSchema, CLASS_ARM_MAX_LENGTH, type ClassInput, type ClassValues } from '@school/shared/academics/schemas';
import { CLASS_LEVEL_GROUPS } from '@school/shared/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { RequiredNote } from '@/components/ui/required-note';
import { TextField } from '@/components/ui/text-field';
import { useTeacherOptions } from '../api/get-teacher-options';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { SelectField } from '@/components/ui/select-field';

export const EMPTY_CLASS: ClassInput = { level: '', arm: '', classTeacherId: '' };

export interface ClassFormProps {
  defaultValues?: ClassInput;
  submitLabel: string;
  /** Saves the class; a rejection's field messages show under the fields. */
  onSubmit: (values: ClassValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Clear the form after a successful save (adding several classes in a row). */
  resetAfterSubmit?: boolean;
}

/** Level, arm and class teacher of a class. */
export function ClassForm(props: ClassFormProps) {
  const teachers = useTeacherOptions();
  // The select gets its value when it mounts, so it waits for its options.
  if (teachers.isPending) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner size="sm" /> Loading teachers…
      </p>
    );
  }
  return <ClassFormFields {...props} teachers={teachers.data?.items ?? []} teachersError={teachers.isError ? teachers.error.message : null} />;
}

function ClassFormFields({
  defaultValues = EMPTY_CLASS,
  submitLabel,
  onSubmit,
  onCancel,
  resetAfterSubmit = false,
  teachers,
  teachersError,
}: ClassFormProps & { teachers: NamedRef[]; teachersError: string | null }) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClassInput, unknown, ClassValues>({ resolver: zodResolver(classSchema), defaultValues });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
      if (resetAfterSubmit) reset(EMPTY_CLASS);
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, ['level', 'arm', 'classTeacherId']));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        {/* defaultValue as well: the select shows its starting option even before the form library sets it */}
        <SelectField label="Class level" required error={errors.level?.message} defaultValue={defaultValues.level ?? ''} {...register('level')}>
          <option value="">Choose a level</option>
          {Object.entries(CLASS_LEVEL_GROUPS).map(([group, levels]) => (
            <optgroup key={group} label={group}>
              {levels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <TextField
          label="Arm"
          required
          placeholder="A"
          hint={`For example A, B or Gold (up to ${CLASS_ARM_MAX_LENGTH} characters)`}
          autoComplete="off"
          error={errors.arm?.message}
          {...register('arm')}
        />
      </div>
      <SelectField
        label="Class teacher"
        error={errors.classTeacherId?.message ?? (teachersError ? `Teachers could not be loaded. ${teachersError}` : undefined)}
        hint={teachers.length === 0 && !teachersError ? 'No teachers yet: add staff of type Teacher first.' : undefined}
        defaultValue={defaultValues.classTeacherId ?? ''}
        {...register('classTeacherId')}
      >
        <option value="">No class teacher yet</option>
        {teachers.map((teacher) => (
          <option key={teacher.id} value={teacher.id}>
            {teacher.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="gray" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
