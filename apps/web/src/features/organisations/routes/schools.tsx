import type { OrganisationSchool } from '@school/shared/organisations/responses';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SchoolIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSchools } from '../api/get-schools';
import { useRunSchool } from '../api/run-school';
import { useSetSchoolStatus } from '../api/school-mutations';
import { AddSchoolForm } from '../components/add-school-form';
import { AppointAdministratorDialog } from '../components/appoint-administrator-dialog';
import { SchoolLogoControl } from '../components/school-logo-section';

const numberFormat = new Intl.NumberFormat('en-NG');
const ADMIN_STATUS_LABEL = { active: 'Active', invited: 'Invited', disabled: 'Deactivated' } as const;
const ADMIN_STATUS_TONE = { active: 'green', invited: 'yellow', disabled: 'pink' } as const;

/** super-admin/schools: the organisation's schools, their figures, administrators and status. */
export function Component() {
  useDocumentTitle('Schools');
  const schools = useSchools();
  const [adding, setAdding] = useState(false);
  const [addPending, setAddPending] = useState(false);
  const [appointFor, setAppointFor] = useState<OrganisationSchool | null>(null);
  const [statusFor, setStatusFor] = useState<OrganisationSchool | null>(null);
  const [logoFor, setLogoFor] = useState<OrganisationSchool | null>(null);
  const setStatus = useSetSchoolStatus();
  const run = useRunSchool();
  const addFormId = useId();

  function changeStatus(school: OrganisationSchool) {
    const status = school.status === 'active' ? 'inactive' : 'active';
    setStatus.mutate(
      { schoolId: school.id, status },
      {
        onSuccess: () => {
          toast.success(status === 'inactive' ? `${school.name} is deactivated. Its users have been signed out.` : `${school.name} is active again.`);
          setStatusFor(null);
        },
        onError: (error) => toast.error(`Could not change ${school.name}. ${error.message}`),
      },
    );
  }

  return (
    <>
      <PageHeader
        title="Schools"
        description="Your organisation’s schools, their administrators and their status."
        actions={
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add school
          </Button>
        }
      />

      {schools.isPending ? (
        <PageSpinner label="Loading schools" />
      ) : schools.isError ? (
        <LoadError error={schools.error}>
          Could not load the schools. {schools.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void schools.refetch()}>
            Try again
          </button>
        </LoadError>
      ) : schools.data.items.length === 0 ? (
        <EmptyState icon={<SchoolIcon size={24} />} title="No schools yet" description="Add your first school to start." />
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2" aria-label="Schools">
          {schools.data.items.map((school) => (
            <li key={school.id} className="flex flex-col rounded-xl border border-slate-200 bg-white">
              <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 p-4 sm:p-5">
                <div className="min-w-0">
                  <h2 className="text-base font-semibold break-words text-slate-900">{school.name}</h2>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {school.code} · {school.schoolType} · {[school.city, school.state].filter(Boolean).join(', ')}
                  </p>
                </div>
                <Badge status={school.status === 'active' ? 'Active' : 'Inactive'} />
              </div>
              <dl className="grid grid-cols-3 divide-x divide-slate-100 border-b border-slate-100 text-center">
                {(
                  [
                    ['Students', school.students],
                    ['Staff', school.staff],
                    ['Classes', school.classes],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="px-2 py-3">
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="text-lg font-semibold text-slate-900 tabular-nums">{numberFormat.format(value)}</dd>
                  </div>
                ))}
              </dl>
              <div className="flex-1 p-4 sm:p-5">
                <h3 className="text-sm font-medium text-slate-700">Administrators</h3>
                {school.administrators.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-500">None appointed yet.</p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {school.administrators.map((admin) => (
                      <li key={admin.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                        <span className="min-w-0">
                          <span className="block font-medium break-words text-slate-900">{admin.name}</span>
                          <span className="block break-all text-slate-500">{admin.email}</span>
                        </span>
                        <Badge status={ADMIN_STATUS_LABEL[admin.status]} tone={ADMIN_STATUS_TONE[admin.status]} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="flex flex-wrap gap-2 border-t border-slate-100 p-4 sm:px-5">
                <Button
                  size="sm"
                  variant="primary"
                  disabled={school.status !== 'active' || (run.isPending && run.variables.schoolId !== school.id)}
                  loading={run.isPending && run.variables.schoolId === school.id}
                  loadingText="Opening…"
                  onClick={() => run.mutate({ schoolId: school.id }, { onError: (error) => toast.error(`Could not open ${school.name}. ${error.message}`) })}
                >
                  Run this school<span className="sr-only">: {school.name}</span>
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setAppointFor(school)} disabled={school.status !== 'active'}>
                  Appoint administrator
                </Button>
                <Button size="sm" variant="gray" onClick={() => setLogoFor(school)}>
                  Logo
                </Button>
                <Button size="sm" variant={school.status === 'active' ? 'gray' : 'primary'} onClick={() => setStatusFor(school)}>
                  {school.status === 'active' ? 'Deactivate' : 'Re-activate'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={adding}
        onClose={addPending ? () => undefined : () => setAdding(false)}
        title="Add school"
        description="A new school (branch) of your organisation. You can appoint its administrator next."
        size="xl"
        footer={
          <>
            <Button variant="gray" onClick={() => setAdding(false)} disabled={addPending}>
              Cancel
            </Button>
            <Button type="submit" form={addFormId} variant="primary" loading={addPending} loadingText="Adding…">
              Add school
            </Button>
          </>
        }
      >
        <AddSchoolForm
          id={addFormId}
          onPendingChange={setAddPending}
          onAdded={(school) => {
            toast.success(`${school.name} is added (code ${school.code}).`);
            setAdding(false);
          }}
        />
      </Modal>

      <AppointAdministratorDialog school={appointFor} onClose={() => setAppointFor(null)} />

      <Modal
        open={logoFor !== null}
        onClose={() => setLogoFor(null)}
        title={`Logo of ${logoFor?.name ?? ''}`}
        description="Printed at the top of the school's report cards, on screen and in the PDFs."
        size="lg"
        footer={
          <Button variant="gray" onClick={() => setLogoFor(null)}>
            Done
          </Button>
        }
      >
        {logoFor ? <SchoolLogoControl schoolId={logoFor.id} schoolName={logoFor.name} /> : null}
      </Modal>

      <ConfirmDialog
        open={statusFor !== null}
        title={statusFor?.status === 'active' ? `Deactivate ${statusFor.name}?` : `Re-activate ${statusFor?.name ?? ''}?`}
        message={
          statusFor?.status === 'active'
            ? 'Its administrators, teachers, students and parents are signed out at once and cannot sign in until you re-activate it. They are told the school has been deactivated. Nothing is deleted.'
            : 'Its users can sign in again.'
        }
        confirmLabel={statusFor?.status === 'active' ? 'Deactivate' : 'Re-activate'}
        tone={statusFor?.status === 'active' ? 'danger' : 'default'}
        loading={setStatus.isPending}
        onConfirm={() => statusFor && changeStatus(statusFor)}
        onCancel={() => setStatusFor(null)}
      />
    </>
  );
}
