import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_LABELS } from '@school/shared/auth/roles';
import type { CustomRole } from '@school/shared/organisations/responses';
import { newRoleSchema, ROLE_FILTER_OPTIONS, type NewRoleInput } from '@school/shared/organisations/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RowActions } from '@/components/ui/row-actions';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { applyAnswerErrors } from '../lib/apply-answer-errors';
import { useAddRole, useDeleteRole } from '../api/permission-mutations';
import { SelectField } from '@/components/ui/select-field';

/** settings/permissions → New role: named roles that follow a built-in role's permissions for now. */
export function CustomRoles({ roles }: { roles: CustomRole[] }) {
  const [formError, setFormError] = useState<string | null>(null);
  const addRole = useAddRole();
  const deleteRole = useDeleteRole();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof newRoleSchema>, unknown, NewRoleInput>({ resolver: zodResolver(newRoleSchema), defaultValues: { name: '', basedOn: 'teacher' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const role = await addRole.mutateAsync(values);
      toast.success(`Role ${role.name} added.`);
      reset({ name: '', basedOn: values.basedOn });
    } catch (error) {
      setFormError(applyAnswerErrors(error, setError, ['name', 'basedOn']));
    }
  });

  return (
    <section aria-labelledby="roles-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="roles-heading" className="text-base font-semibold text-slate-900">
        New role
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Name a role your schools use (Bursar, Head of Department…). For now each account has one of the five built-in roles; a named role follows the
        permissions of the role it is based on.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid items-start gap-4 sm:grid-cols-[2fr_1fr_auto]">
        {formError ? <Alert className="sm:col-span-3">{formError}</Alert> : null}
        <TextField label="Role name" error={errors.name?.message} {...register('name')} />
        <SelectField label="Based on" options={ROLE_FILTER_OPTIONS} error={errors.basedOn?.message} {...register('basedOn')} />
        <Button type="submit" variant="secondary" className="sm:mt-[1.625rem]" loading={addRole.isPending} loadingText="Adding…">
          Add role
        </Button>
      </form>
      {roles.length ? (
        <ul className="mt-5 divide-y divide-slate-100 border-t border-slate-100" aria-label="Named roles">
          {roles.map((role) => (
            <li key={role.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <span>
                <span className="font-medium text-slate-900">{role.name}</span>
                <span className="text-slate-500"> · based on {ROLE_LABELS[role.basedOn]}</span>
              </span>
              <RowActions
                rowLabel={role.name}
                actions={[
                  {
                    type: 'delete',
                    confirm: { title: `Delete the role ${role.name}?`, message: 'Accounts are not affected.', confirmLabel: 'Delete' },
                    onClick: () =>
                      deleteRole.mutateAsync(role.id).then(
                        () => toast.success(`Role ${role.name} deleted.`),
                        (error: Error) => toast.error(error.message),
                      ),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
