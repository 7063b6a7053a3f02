import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditIcon, SendIcon, ToggleOnIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useStaff } from '../api/get-staff';
import { useReactivateStaff } from '../api/reactivate-staff';
import { useResendInvitation } from '../api/resend-invitation';
import { StaffAvatar } from '../components/staff-avatar';
import { StaffLoadError } from '../components/staff-load-error';
import { ACCOUNT_STATUS_NAMES, reactivateQuestion, ROLE_NAMES } from '../lib/format';
import { formatDate, formatDateTime } from '@/lib/format';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{children || <span className="text-slate-400">Not given</span>}</dd>
    </div>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${className ?? ''}`}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** admin/academics/staff-profile/{id} */
export function Component() {
  const { id = '' } = useParams();
  const staff = useStaff(id);
  const resend = useResendInvitation();
  const reactivate = useReactivateStaff();
  const [confirmingReactivation, setConfirmingReactivation] = useState(false);
  useDocumentTitle(staff.data?.name ?? 'Staff Profile');

  if (staff.isPending) return <PageSpinner label="Loading the profile" />;
  if (staff.isError) return <StaffLoadError error={staff.error} onRetry={() => void staff.refetch()} />;
  const s = staff.data;
  const invited = s.status === 'active' && s.account?.status === 'invited';
  // one line per subject with the classes it is taught in
  const bySubject = new Map<string, { id: string; name: string; classes: string[] }>();
  for (const row of s.subjects) {
    const entry = bySubject.get(row.subjectId) ?? { id: row.subjectId, name: row.subjectName, classes: [] };
    entry.classes.push(row.className);
    bySubject.set(row.subjectId, entry);
  }
  const subjects = [...bySubject.values()];

  return (
    <div className="space-y-5">
      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:p-6">
        <StaffAvatar name={s.name} photoUrl={s.photoUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold tracking-tight break-words text-slate-900 md:text-2xl">{s.name}</h1>
          <p className="mt-0.5 text-sm text-slate-600">{s.staffType}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge status={s.status === 'active' ? 'Active' : 'Inactive'} />
            {s.account ? (
              <Badge
                status={`Account ${ACCOUNT_STATUS_NAMES[s.account.status].toLowerCase()}`}
                tone={s.account.status === 'active' ? 'green' : s.account.status === 'invited' ? 'yellow' : 'pink'}
              />
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {invited ? (
            <Button
              variant="gray"
              icon={<SendIcon size={18} />}
              loading={resend.isPending}
              loadingText="Sending…"
              onClick={() =>
                resend.mutate(s.id, {
                  onSuccess: (res) => toast.success(res.message),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Resend invitation
            </Button>
          ) : null}
          {s.status === 'inactive' ? (
            <Button variant="gray" icon={<ToggleOnIcon size={18} />} onClick={() => setConfirmingReactivation(true)}>
              Re-activate
            </Button>
          ) : null}
          <Link to={`/admin/academics/edit-profile/${s.id}`} className={buttonClasses({ variant: 'primary' })}>
            <EditIcon size={18} />
            Edit profile
          </Link>
        </div>
      </section>

      <div className="grid items-start gap-5 lg:grid-cols-2">
        <Section title="Contact">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="Email">{s.email}</Item>
            <Item label="Phone number">{s.phone}</Item>
            <Item label="Address">{s.address}</Item>
          </dl>
        </Section>
        <Section title="Employment">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="Staff type">{s.staffType}</Item>
            <Item label="Date employed">{formatDate(s.employedOn)}</Item>
            <Item label="Gender">{s.gender ? s.gender.charAt(0).toUpperCase() + s.gender.slice(1) : null}</Item>
            <Item label="Status">{s.status === 'active' ? 'Active' : 'Inactive (deactivated)'}</Item>
          </dl>
        </Section>
        <Section title="Account">
          {s.account ? (
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item label="Signs in as">{ROLE_NAMES[s.account.role]}</Item>
              <Item label="Account status">{ACCOUNT_STATUS_NAMES[s.account.status]}</Item>
              <Item label="Last sign-in">{s.account.lastLoginAt ? formatDateTime(s.account.lastLoginAt) : 'Never'}</Item>
            </dl>
          ) : (
            <p className="text-sm text-slate-600">No account: {s.staffType.toLowerCase()} staff do not sign in.</p>
          )}
        </Section>
        <Section title="Teaching (selected session)">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="text-sm text-slate-500">Class teacher of</h3>
              {s.classes.length ? (
                <ul className="mt-1 space-y-1 text-sm font-medium text-slate-900">
                  {s.classes.map((c) => (
                    <li key={c.id}>{c.name}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-slate-400">No class</p>
              )}
            </div>
            <div>
              <h3 className="text-sm text-slate-500">Subjects taught</h3>
              {subjects.length ? (
                <ul className="mt-1 space-y-1.5 text-sm text-slate-900">
                  {subjects.map((subject) => (
                    <li key={subject.id}>
                      <span className="font-medium">{subject.name}</span>
                      <span className="block text-slate-600">{subject.classes.join(', ')}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-slate-400">No subjects</p>
              )}
            </div>
          </div>
        </Section>
      </div>
      <ConfirmDialog
        open={confirmingReactivation}
        {...reactivateQuestion(s)}
        loading={reactivate.isPending}
        onCancel={() => setConfirmingReactivation(false)}
        onConfirm={() =>
          reactivate.mutate(s.id, {
            onSuccess: (res) => toast.success(res.message),
            onError: (error) => toast.error(error.message),
            onSettled: () => setConfirmingReactivation(false),
          })
        }
      />
      <p>
        <Link to="/admin/academics/staff" className="text-sm font-semibold text-secondary hover:underline">
          ← Back to staff
        </Link>
      </p>
    </div>
  );
}
