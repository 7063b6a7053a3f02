import { zodResolver } from '@hookform/resolvers/zod';
import type { NoticeOptions } from '@school/shared/noticeboard/responses';
import {
  ALL_SCHOOLS,
  NOTICE_AUDIENCE_LABELS,
  NOTICE_AUDIENCES,
  NOTICE_LIMITS,
  noticeSchema,
  SCHOOL_REQUIRED,
  type NoticeInput,
  type NoticeValues,
} from '@school/shared/noticeboard/schemas';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';

const FIELDS = ['title', 'description', 'date', 'audience', 'classId', 'schoolId'] as const;

/** Today in Lagos as 'YYYY-MM-DD'. */
export function todayInLagos(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

export const emptyNotice = (): NoticeInput => ({
  title: '',
  description: '',
  date: todayInLagos(),
  audience: 'everyone',
  classId: '',
  schoolId: '',
  pinned: false,
  sendSms: false,
});

export interface NoticeFormProps {
  options: NoticeOptions;
  /** The super administrator chooses a school (or every school) for a new notice. */
  chooseSchool: boolean;
  /** When editing: the notice's school, fixed (its classes are offered). */
  fixedSchoolId?: string;
  defaultValues?: NoticeInput;
  submitLabel: string;
  onSubmit: (values: NoticeValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** Title, description, date, audience (one class: which), pin, also by SMS; the super administrator also a school. */
export function NoticeForm({ options, chooseSchool, fixedSchoolId, defaultValues, submitLabel, onSubmit, onCancel }: NoticeFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const descriptionId = useId();
  const smsHintId = useId();
  // a notice already sent as SMS is not sent again (once per notice and phone)
  const sentAsSms = defaultValues?.sendSms === true;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NoticeInput, unknown, NoticeValues>({ resolver: zodResolver(noticeSchema), defaultValues: defaultValues ?? emptyNotice() });
  const audience = useWatch({ control, name: 'audience' });
  const schoolChoice = useWatch({ control, name: 'schoolId' });
  const schoolId = fixedSchoolId ?? (chooseSchool ? schoolChoice : options.schools[0]?.id);
  const classes = options.classes.filter((c) => c.schoolId === schoolId);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (chooseSchool && !fixedSchoolId && !values.schoolId) {
      setError('schoolId', { type: 'required', message: SCHOOL_REQUIRED }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      {chooseSchool && !fixedSchoolId ? (
        <SelectField label="School" error={errors.schoolId?.message} defaultValue={defaultValues?.schoolId ?? ''} {...register('schoolId')}>
          <option value="">Choose a school</option>
          <option value={ALL_SCHOOLS}>All schools</option>
          {options.schools.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label="Title" maxLength={NOTICE_LIMITS.titleMaxLength} autoComplete="off" error={errors.title?.message} {...register('title')} />
      <div>
        <label htmlFor={descriptionId} className="field-label">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={NOTICE_LIMITS.descriptionMaxLength}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className="field-input min-h-28 py-2"
          {...register('description')}
        />
        {errors.description ? (
          <p id={`${descriptionId}-error`} className="field-error">
            {errors.description.message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <SelectField label="Audience" error={errors.audience?.message} defaultValue={defaultValues?.audience ?? 'everyone'} {...register('audience')}>
          {NOTICE_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {NOTICE_AUDIENCE_LABELS[a]}
            </option>
          ))}
        </SelectField>
      </div>
      {audience === 'class' ? (
        <SelectField
          label="Class"
          error={errors.classId?.message}
          hint={
            !schoolId
              ? 'Choose a school first.'
              : schoolId === ALL_SCHOOLS
                ? 'A notice to one class goes to one school: choose that school above.'
                : classes.length === 0
                  ? 'This school has no classes in its Active session.'
                  : undefined
          }
          defaultValue={defaultValues?.classId ?? ''}
          {...register('classId')}
        >
          <option value="">Choose a class</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4 accent-secondary" {...register('pinned')} />
        Pin to the top of the noticeboard
      </label>
      {sentAsSms ? (
        <p className="text-sm text-slate-600">Also sent as SMS when it was posted; saving changes sends nothing more.</p>
      ) : (
        <div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 accent-secondary" aria-describedby={smsHintId} {...register('sendSms')} />
            Also send as SMS
          </label>
          <p id={smsHintId} className="mt-1.5 text-xs text-slate-500">
            Once, to the phone numbers the school has for the audience: guardians for parents, students and classes, and staff.
          </p>
        </div>
      )}
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
