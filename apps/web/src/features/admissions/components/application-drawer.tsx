import type { ApplicationDetail } from '@school/shared/admissions/responses';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { EyeIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useAdmissionClasses } from '../api/decide-applications';
import { useApplication } from '../api/get-application';
import { capitalise, formatDate } from '@/lib/format';
import type { PendingDecision } from './decision-dialogs';
import { SelectField } from '@/components/ui/select-field';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-200 py-4 first:pt-0 last:border-b-0">
      <h3 className="mb-3 text-sm font-semibold tracking-wide text-secondary uppercase">{title}</h3>
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{value || '—'}</dd>
    </div>
  );
}

function ClassChoice({ application, value, onChange }: { application: ApplicationDetail; value: string; onChange: (id: string) => void }) {
  const classes = useAdmissionClasses();
  const ofLevel = (classes.data?.items ?? []).filter((c) => c.level === application.classLevel);
  const others = (classes.data?.items ?? []).filter((c) => c.level !== application.classLevel);
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <SelectField label="Admit into" value={value} onChange={(event) => onChange(event.target.value)} disabled={classes.isPending}>
        <option value="">Automatic: the {application.classLevel} arm with the fewest students</option>
        {ofLevel.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.studentCount} students)
          </option>
        ))}
        {others.length ? (
          <optgroup label="Other classes">
            {others.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.studentCount} students)
              </option>
            ))}
          </optgroup>
        ) : null}
      </SelectField>
      {classes.data && ofLevel.length === 0 ? (
        <p className="mt-1.5 text-xs text-amber-800">
          There is no {application.classLevel} class in {classes.data.sessionName ?? 'this session'} yet: add one under Academics, or choose another class.
        </p>
      ) : null}
    </div>
  );
}

export interface ApplicationDrawerProps {
  id: string | null;
  onClose: () => void;
  onDecide: (pending: PendingDecision) => void;
  busy?: boolean;
}

/** 'View Application Form': the application in full, with the decisions its status allows. */
export function ApplicationDrawer({ id, onClose, onDecide, busy = false }: ApplicationDrawerProps) {
  const query = useApplication(id);
  const [classId, setClassId] = useState('');
  const application = query.data;
  const classes = useAdmissionClasses(application?.status === 'Pending');
  const row = application ? [{ id: application.id, name: application.name, registrationNo: application.registrationNo }] : [];
  const className = classes.data?.items.find((c) => c.id === classId)?.name;

  let footer: ReactNode = null;
  if (application?.status === 'Pending') {
    footer = (
      <>
        <Button variant="primary" disabled={busy} onClick={() => onDecide({ decision: 'accept', rows: row, classId: classId || undefined, className })}>
          Accept
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => onDecide({ decision: 'reject', rows: row })}>
          Reject
        </Button>
        <Button variant="gray" disabled={busy} onClick={() => onDecide({ decision: 'archive', rows: row })}>
          Archive
        </Button>
      </>
    );
  } else if (application?.status === 'Rejected') {
    footer = (
      <Button variant="gray" disabled={busy} onClick={() => onDecide({ decision: 'archive', rows: row })}>
        Archive
      </Button>
    );
  } else if (application?.status === 'Archived') {
    footer = (
      <Button variant="primary" disabled={busy} onClick={() => onDecide({ decision: 'restore', rows: row })}>
        Restore
      </Button>
    );
  } else if (application?.status === 'Accepted') {
    footer = (
      <Link to={`/admin/admissions/application-letter?id=${application.id}`} className={buttonClasses({ variant: 'primary' })}>
        Admission letter
      </Link>
    );
  }

  return (
    <Drawer open={id !== null} onClose={onClose} title="View Application Form" footer={footer} size="xl">
      {query.isPending ? (
        <div className="flex items-center gap-2 py-10 text-sm text-slate-600">
          <Spinner size="sm" /> Loading...
        </div>
      ) : query.isError ? (
        <LoadError error={query.error}>
          <p>We could not load this application. {query.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : application ? (
        <div>
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <p className="font-mono text-sm font-semibold text-slate-900">{application.registrationNo}</p>
            <Badge status={application.status} />
            <Badge status={application.paymentStatus} />
            <span className="text-sm text-slate-600">
              Applied for {application.classLevel}
              {application.className ? ` · admitted to ${application.className}${application.sessionName ? ` (${application.sessionName})` : ''}` : ''}
            </span>
          </div>
          <Section title="Guardian Details">
            {application.guardian.name ? <Item label="Name" value={application.guardian.name} /> : null}
            <Item label="Email" value={application.guardian.email} />
            <Item label="Phone number" value={application.guardian.phone} />
            <Item label="Address" value={application.guardian.address} />
            <Item label="Relationship" value={capitalise(application.guardian.relationship)} />
          </Section>
          <Section title="Ward Details">
            <Item label="Name" value={application.ward.name} />
            <Item label="Date of birth" value={formatDate(application.ward.dateOfBirth)} />
            <Item label="Email" value={application.ward.email} />
            <Item label="Phone number" value={application.ward.phone} />
            <Item label="Gender" value={capitalise(application.ward.gender)} />
            <Item label="State of origin" value={application.ward.stateOfOrigin} />
          </Section>
          <Section title="Education History">
            <Item label="Last school attended" value={application.education.institution} />
            <Item label="Address of institution" value={application.education.institutionAddress} />
            <Item label="Class attended" value={application.education.attendedClasses} />
            <Item label="Contact person" value={application.education.contactName} />
            <Item label="Contact number" value={application.education.contactPhone} />
            <Item label="Previous education" value={application.education.prevEducation} />
          </Section>
          <section className="border-b border-slate-200 py-4 last:border-b-0">
            <h3 className="mb-3 text-sm font-semibold tracking-wide text-secondary uppercase">Uploaded Documents</h3>
            {application.birthCertificate ? (
              <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">Birth certificate</p>
                  <p className="truncate text-xs text-slate-500">{application.birthCertificate.name}</p>
                </div>
                <a
                  href={application.birthCertificate.url}
                  target="_blank"
                  rel="noopener"
                  className={buttonClasses({ variant: 'gray', size: 'sm' })}
                  aria-label="View birth certificate (opens in a new tab)"
                >
                  <EyeIcon size={16} /> View
                </a>
              </div>
            ) : (
              <p className="text-sm text-slate-600">No document was uploaded.</p>
            )}
          </section>
          {application.status === 'Pending' ? (
            <section className="pt-4">
              <ClassChoice key={application.id} application={application} value={classId} onChange={setClassId} />
            </section>
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
