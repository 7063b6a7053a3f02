import type { SessionResponse } from '@school/shared/academics/responses';
import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { sessionSettingsQueryOptions } from '../api/get-session-settings';
import { useSetCurrentTerm, useUpdateSessionStatus } from '../api/session-mutations';
import { errorMessage } from '../lib/apply-field-errors';
import { formatDate } from '@/lib/format';
import { CreateSessionForm } from './create-session-form';
import { HolidaysPanel } from './holidays-panel';
import { SelectField } from '@/components/ui/select-field';
import { TermsForm } from './terms-form';

export interface SessionSettingsProps {
  /** A super administrator picks which school of the organisation to manage. */
  chooseSchool?: boolean;
}

/** Sessions & terms: add a session, make one Active, set term dates and the current term, and the holidays. */
export function SessionSettings({ chooseSchool = false }: SessionSettingsProps) {
  const headingId = useId();
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const settings = useQuery({ ...sessionSettingsQueryOptions(schoolId), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<SessionResponse | null>(null);
  const [activating, setActivating] = useState<SessionResponse | null>(null);
  const changeStatus = useUpdateSessionStatus();
  const setCurrent = useSetCurrentTerm();
  const chosenSchoolId = chooseSchool ? (settings.data?.school.id ?? null) : null;
  const items = settings.data?.items ?? [];
  const active = items.find((session) => session.status === 'Active');

  async function activate() {
    if (!activating) return;
    try {
      await changeStatus.mutateAsync({ id: activating.id, status: 'Active', schoolId: chosenSchoolId });
      toast.success(`${activating.name} is now the Active session`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setActivating(null);
    }
  }

  async function toggleStatus(session: SessionResponse) {
    const status = session.status === 'Pending' ? 'Inactive' : 'Pending';
    try {
      await changeStatus.mutateAsync({ id: session.id, status, schoolId: chosenSchoolId });
      toast.success(`${session.name} is now ${status}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function chooseCurrentTerm(session: SessionResponse, termId: string) {
    try {
      const updated = await setCurrent.mutateAsync({ id: session.id, termId, schoolId: chosenSchoolId });
      const current = updated.terms.find((term) => term.isCurrent);
      toast.success(`${current?.name ?? 'The chosen'} term is now the current term`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 md:p-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Sessions &amp; terms
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            One session is Active: everyone sees it unless they pick another in the top bar. The current term is a term of the Active session.
          </p>
        </div>
        {chooseSchool && settings.data ? (
          <SelectField label="School" className="w-full md:w-72" value={settings.data.school.id} onChange={(event) => setSchoolId(event.target.value)}>
            {settings.data.schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>

      <div className="mt-5">
        {settings.isPending ? (
          <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <Spinner size="sm" /> Loading sessions…
          </p>
        ) : settings.isError ? (
          <LoadError error={settings.error}>
            <p>We could not load the sessions. {settings.error.message}</p>
            <Button variant="gray" size="sm" className="mt-2" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </LoadError>
        ) : (
          <>
            <CreateSessionForm key={chosenSchoolId ?? 'own'} schoolId={chosenSchoolId} />
            {items.length === 0 ? (
              <p className="mt-5 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
                No sessions yet. Add the first one above, for example 2024/25.
              </p>
            ) : (
              <ul aria-label="Sessions" className="mt-5 space-y-3" aria-busy={settings.isFetching || undefined}>
                {items.map((session) => (
                  <li key={session.id} className="rounded-lg border border-slate-200 p-3 sm:p-4">
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <div className="flex items-center gap-2">
                        <h3 className="text-base font-semibold text-slate-900">{session.name}</h3>
                        <Badge status={session.status} />
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {session.status !== 'Active' ? (
                          <>
                            <Button size="sm" variant="primary" onClick={() => setActivating(session)}>
                              Make active
                            </Button>
                            <Button size="sm" variant="gray" disabled={changeStatus.isPending} onClick={() => void toggleStatus(session)}>
                              {session.status === 'Pending' ? 'Mark inactive' : 'Mark pending'}
                            </Button>
                          </>
                        ) : null}
                        <Button size="sm" variant="gray" icon={<EditIcon size={16} />} onClick={() => setEditing(session)}>
                          Edit terms<span className="sr-only"> of {session.name}</span>
                        </Button>
                      </div>
                    </div>
                    <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
                      {session.terms.map((term) => (
                        <div key={term.id} className="rounded-md bg-slate-50 px-3 py-2">
                          <dt className="flex items-center gap-2 font-medium text-slate-800">
                            {term.name} term
                            {term.isCurrent ? <Badge status="Current" tone="green" /> : null}
                          </dt>
                          <dd className="mt-0.5 text-slate-600">
                            {formatDate(term.startDate)} – {formatDate(term.endDate)}
                          </dd>
                        </div>
                      ))}
                    </dl>
                    {session.status === 'Active' && session.terms.length > 0 ? (
                      <SelectField
                        label="Current term"
                        className="mt-3 w-full sm:w-60"
                        value={session.terms.find((term) => term.isCurrent)?.id ?? ''}
                        disabled={setCurrent.isPending}
                        onChange={(event) => void chooseCurrentTerm(session, event.target.value)}
                      >
                        {session.terms.some((term) => term.isCurrent) ? null : <option value="">Choose the current term</option>}
                        {session.terms.map((term) => (
                          <option key={term.id} value={term.id}>
                            {term.name} term
                          </option>
                        ))}
                      </SelectField>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {items.length > 0 ? <HolidaysPanel key={chosenSchoolId ?? 'own'} sessions={items} /> : null}
          </>
        )}
      </div>

      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Term dates of ${editing.name}` : ''} size="lg">
        {editing ? <TermsForm session={editing} schoolId={chosenSchoolId} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        open={activating !== null}
        title={activating ? `Make ${activating.name} the Active session?` : ''}
        message={
          activating
            ? `${active ? `${active.name} will become Inactive. ` : ''}Everyone will see ${activating.name} unless they pick another session in the top bar, and its First term becomes the current term.`
            : undefined
        }
        confirmLabel="Make active"
        loading={changeStatus.isPending}
        onConfirm={() => void activate()}
        onCancel={() => setActivating(null)}
      />
    </section>
  );
}
