import { zodResolver } from '@hookform/resolvers/zod';
import { createSessionSchema, type CreateSessionInput, type CreateSessionValues } from '@school/shared/academics/schemas';
import { SESSION_STATUSES } from '@school/shared/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useCreateSession } from '../api/session-mutations';
import { applyFieldErrors } from '../lib/apply-field-errors';
import { SelectField } from '@/components/ui/select-field';

const EMPTY: CreateSessionInput = { name: '', status: 'Pending' };

/** Adds a session (its three terms get the usual dates, to adjust afterwards). */
export function CreateSessionForm({ schoolId }: { schoolId: string | null }) {
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateSession();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreateSessionInput, unknown, CreateSessionValues>({ resolver: zodResolver(createSessionSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await create.mutateAsync({ ...values, schoolId });
      toast.success(`${session.name} added${session.status === 'Active' ? ' and made Active' : ''}`);
      reset(EMPTY);
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, ['name', 'status']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a session" className="rounded-lg bg-slate-50 p-3 sm:p-4">
      {formError ? <Alert className="mb-4">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <TextField
          label="New session"
          placeholder="2024/25"
          hint="Written like 2024/25"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField label="Status" error={errors.status?.message} defaultValue={EMPTY.status} {...register('status')}>
          {SESSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" loading={create.isPending} loadingText="Adding…" className="sm:mt-[1.625rem]">
          Add session
        </Button>
      </div>
    </form>
  );
}
