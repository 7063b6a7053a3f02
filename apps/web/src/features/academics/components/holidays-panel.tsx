import { zodResolver } from '@hookform/resolvers/zod';
import { holidayDates, holidaySchema, type HolidayInput, type HolidayResponse, type HolidayValues } from '@school/shared/academics/holidays';
import type { SessionResponse } from '@school/shared/academics/responses';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TrashIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { holidaysQueryOptions, useAddHoliday, useRemoveHoliday } from '../api/holidays';
import { applyFieldErrors, errorMessage } from '../lib/apply-field-errors';

const EMPTY: HolidayInput = { name: '', startDate: '', endDate: '' };

const weekdaysText = (n: number) => `${n} weekday${n === 1 ? '' : 's'} closed`;

/**
 * The school calendar's holidays (issue 18): days inside a term the school is closed. Report cards
 * count the term's weekdays less these as "times school opened", and no register is taken on them.
 */
export function HolidaysPanel({ sessions }: { sessions: SessionResponse[] }) {
  const headingId = useId();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const session = sessions.find((s) => s.id === chosenId) ?? sessions.find((s) => s.status === 'Active') ?? sessions[0];
  const holidays = useQuery({ ...holidaysQueryOptions(session.id) });
  const [removing, setRemoving] = useState<HolidayResponse | null>(null);
  const remove = useRemoveHoliday();

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync({ id: removing.id, sessionId: session.id });
      toast.success(`${removing.name} removed: its weekdays count as school days again`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setRemoving(null);
    }
  }

  const items = holidays.data?.items ?? [];
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Holidays
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Days inside a term the school is closed. Report cards count the term’s other weekdays as times school opened; no register is taken on a holiday.
          </p>
        </div>
        {sessions.length > 1 ? (
          <SelectField label="Session" className="w-full md:w-48" value={session.id} onChange={(event) => setChosenId(event.target.value)}>
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>

      <AddHolidayForm key={session.id} session={session} />

      <div className="mt-4">
        {holidays.isPending ? (
          <p className="flex items-center gap-2 py-4 text-sm text-slate-600">
            <Spinner size="sm" /> Loading holidays…
          </p>
        ) : holidays.isError ? (
          <LoadError error={holidays.error}>
            <p>We could not load the holidays. {holidays.error.message}</p>
            <Button variant="gray" size="sm" className="mt-2" onClick={() => void holidays.refetch()}>
              Try again
            </Button>
          </LoadError>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            No holidays in {session.name} yet. Every weekday of its terms counts as a day the school opened.
          </p>
        ) : (
          <ul aria-label={`Holidays of ${session.name}`} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((holiday) => (
              <li key={holiday.id} className="flex items-start justify-between gap-3 px-3 py-2.5 sm:items-center">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{holiday.name}</p>
                  <p className="text-sm text-slate-600">
                    {holidayDates(holiday)}
                    <span aria-hidden="true"> · </span>
                    <span className="whitespace-nowrap">{weekdaysText(holiday.weekdays)}</span>
                    {holiday.termName ? <span className="whitespace-nowrap"> · {holiday.termName} term</span> : null}
                  </p>
                </div>
                <Button size="sm" variant="gray" icon={<TrashIcon size={16} />} onClick={() => setRemoving(holiday)}>
                  Remove<span className="sr-only"> {holiday.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.name}?` : ''}
        message={removing ? `${holidayDates(removing)} will count as school days again, on report cards and for registers.` : undefined}
        confirmLabel="Remove holiday"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

/** Name, first day and last day; the server checks the term and the other holidays. */
function AddHolidayForm({ session }: { session: SessionResponse }) {
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddHoliday();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<HolidayInput, unknown, HolidayValues>({ resolver: zodResolver(holidaySchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const holiday = await add.mutateAsync({ ...values, sessionId: session.id });
      toast.success(`${holiday.name} added: ${weekdaysText(holiday.weekdays)}`);
      reset(EMPTY);
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, ['name', 'startDate', 'endDate']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Add a holiday to ${session.name}`} className="mt-4 rounded-lg bg-slate-50 p-3 sm:p-4">
      {formError ? <Alert className="mb-4">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start">
        <TextField
          label="Holiday"
          placeholder="Independence Day"
          autoComplete="off"
          error={errors.name?.message}
          className="sm:col-span-2 lg:col-span-1"
          {...register('name')}
        />
        <TextField type="date" label="From" error={errors.startDate?.message} {...register('startDate')} />
        <TextField type="date" label="To" hint="The last day closed" error={errors.endDate?.message} {...register('endDate')} />
        <Button type="submit" variant="primary" loading={add.isPending} loadingText="Adding…" className="sm:col-span-2 lg:col-span-1 lg:mt-[1.625rem]">
          Add holiday
        </Button>
      </div>
    </form>
  );
}
