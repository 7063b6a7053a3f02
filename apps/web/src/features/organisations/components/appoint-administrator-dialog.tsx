import { zodResolver } from '@hookform/resolvers/zod';
import type { OrganisationSchool } from '@school/shared/organisations/responses';
import {
  existingAdministratorSchema,
  newAdministratorSchema,
  type ExistingAdministratorInput,
  type NewAdministratorInput,
} from '@school/shared/organisations/schemas';
import { useDeferredValue, useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyAnswerErrors } from '../lib/apply-answer-errors';
import { useUsers } from '../api/get-users';
import { useAppointExistingAdministrator, useAppointNewAdministrator } from '../api/school-mutations';
import { SelectField } from '@/components/ui/select-field';

const TEACHER_PAGE = 30;

export interface AppointAdministratorDialogProps {
  school: OrganisationSchool | null;
  onClose: () => void;
}

type Mode = 'new' | 'existing';

/** Appoint an administrator for a school: invite a new person, or promote one of its teachers. */
export function AppointAdministratorDialog({ school, onClose }: AppointAdministratorDialogProps) {
  const [mode, setMode] = useState<Mode>('new');
  const [pending, setPending] = useState(false);
  const formId = useId();
  const replaceable = school?.administrators.filter((admin) => admin.status !== 'disabled') ?? [];

  return (
    <Modal
      open={school !== null}
      onClose={pending ? () => undefined : onClose}
      title="Appoint administrator"
      description={school ? `For ${school.name}` : undefined}
      size="lg"
      footer={
        <>
          <Button variant="gray" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={pending} loadingText="Appointing…">
            {mode === 'new' ? 'Appoint and invite' : 'Appoint'}
          </Button>
        </>
      }
    >
      {school ? (
        <div className="space-y-5">
          <fieldset>
            <legend className="field-label">Who</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  { value: 'new', label: 'Invite a new person', hint: 'They get an invitation code by email.' },
                  { value: 'existing', label: 'One of its teachers', hint: 'Their account becomes the administrator’s.' },
                ] as const
              ).map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-secondary has-[:checked]:bg-primary-50"
                >
                  <input
                    type="radio"
                    name="appoint-mode"
                    value={option.value}
                    checked={mode === option.value}
                    onChange={() => setMode(option.value)}
                    className="mt-0.5 accent-secondary"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{option.label}</span>
                    <span className="block text-slate-600">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {mode === 'new' ? (
            <NewAdministratorForm id={formId} school={school} replaceable={replaceable} onDone={onClose} onPendingChange={setPending} />
          ) : (
            <ExistingAdministratorForm id={formId} school={school} replaceable={replaceable} onDone={onClose} onPendingChange={setPending} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}

interface FormProps {
  id: string;
  school: OrganisationSchool;
  replaceable: OrganisationSchool['administrators'];
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}

function ReplaceField({ replaceable, error, ...props }: { replaceable: FormProps['replaceable']; error?: string } & UseFormRegisterReturn) {
  if (replaceable.length === 0) return null;
  return (
    <SelectField
      label="Replace an administrator (optional)"
      placeholder="No one: add another administrator"
      options={replaceable.map((admin) => ({ value: admin.id, label: `${admin.name} (${admin.email})` }))}
      hint="The replaced administrator’s account is deactivated and signed out."
      error={error}
      {...props}
    />
  );
}

function NewAdministratorForm({ id, school, replaceable, onDone, onPendingChange }: FormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const appoint = useAppointNewAdministrator();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof newAdministratorSchema>, unknown, NewAdministratorInput>({
    resolver: zodResolver(newAdministratorSchema),
    defaultValues: { name: '', email: '', replacesUserId: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    onPendingChange(true);
    try {
      const admin = await appoint.mutateAsync({ ...values, schoolId: school.id });
      toast.success(`${admin.name} is appointed. An invitation was sent to ${admin.email}.`);
      onDone();
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, ['name', 'email', 'replacesUserId']));
    } finally {
      onPendingChange(false);
    }
  });

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" inputMode="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <ReplaceField replaceable={replaceable} error={errors.replacesUserId?.message} {...register('replacesUserId')} />
    </form>
  );
}

function ExistingAdministratorForm({ id, school, replaceable, onDone, onPendingChange }: FormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const teachers = useUsers({ role: 'teacher', schoolId: school.id, search: deferredSearch || undefined, page: 1, pageSize: TEACHER_PAGE });
  const appoint = useAppointExistingAdministrator();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof existingAdministratorSchema>, unknown, ExistingAdministratorInput>({
    resolver: zodResolver(existingAdministratorSchema),
    defaultValues: { userId: '', replacesUserId: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    onPendingChange(true);
    try {
      const admin = await appoint.mutateAsync({ schoolId: school.id, userId: values.userId, replacesUserId: values.replacesUserId });
      toast.success(`${admin.name} is now an administrator of ${school.name}.`);
      onDone();
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, ['userId', 'replacesUserId']));
    } finally {
      onPendingChange(false);
    }
  });

  const options = (teachers.data?.items ?? []).filter((teacher) => teacher.status !== 'disabled');
  const more = (teachers.data?.total ?? 0) > TEACHER_PAGE;

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField label="Find a teacher" type="search" placeholder="Name or email" value={search} onChange={(event) => setSearch(event.target.value)} />
      <SelectField
        label="Teacher"
        placeholder={teachers.isPending ? 'Loading teachers…' : options.length ? 'Select a teacher' : 'No teachers found'}
        options={options.map((teacher) => ({ value: teacher.id, label: `${teacher.name} (${teacher.email})` }))}
        hint={more ? `Showing the first ${TEACHER_PAGE}; type part of a name to find others.` : undefined}
        error={errors.userId?.message ?? (teachers.isError ? teachers.error.message : undefined)}
        {...register('userId')}
      />
      <ReplaceField replaceable={replaceable} error={errors.replacesUserId?.message} {...register('replacesUserId')} />
    </form>
  );
}
