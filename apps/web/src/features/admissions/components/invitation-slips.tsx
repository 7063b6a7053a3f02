import type { IssuedInvitation, IssuedInvitations } from '@school/shared/admissions/responses';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PrinterIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useAdmissionClasses } from '../api/decide-applications';
import { useIssueInvitationSlips } from '../api/issue-invitation-slips';
import { PrintSheet } from './print-sheet';

const ROLE_LABELS: Record<IssuedInvitation['role'], string> = { student: 'Student’s own account', parent: 'Parent’s account' };

/** '48291365' → '4829 1365', easier to read aloud and type. */
const grouped = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

interface SlipSet {
  registerUrl: string;
  items: IssuedInvitation[];
  /** Printed at the top of each slip. */
  heading?: string;
}

/** One slip per account: whose, the code, where and how to sign up. */
export function SlipCards({ slips }: { slips: SlipSet }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 print:grid-cols-2 print:gap-2" aria-label="Invitation slips">
      {slips.items.map((i) => (
        <li key={`${i.email}-${i.code}`} className="break-inside-avoid rounded-lg border border-dashed border-slate-400 p-3 text-slate-900">
          {slips.heading ? <p className="text-sm font-bold">{slips.heading}</p> : null}
          <p className="text-sm font-semibold">
            {i.studentName} <span className="font-normal text-slate-600">({i.registrationNo})</span>
          </p>
          <p className="text-xs text-slate-600">
            {ROLE_LABELS[i.role]}: {i.name}
          </p>
          <p className="mt-1 text-xs break-all">
            Email: <span className="font-mono">{i.email}</span>
          </p>
          <p className="my-1.5 font-mono text-lg font-bold tracking-wider" aria-label={`Invitation code ${i.code}`}>
            {grouped(i.code)}
          </p>
          <p className="text-xs break-all">
            Open <span className="font-mono">{slips.registerUrl}</span>, enter this email, the code and a password of your choice.
          </p>
          <p className="text-xs text-slate-600">Works once, until {formatDate(i.expiresAt.slice(0, 10))}.</p>
        </li>
      ))}
    </ul>
  );
}

/** The slips in a dialog with a Print button; the printer gets the slips only. */
export function SlipsPrintModal({ title, description, slips, onClose }: { title: string; description?: string; slips: SlipSet; onClose: () => void }) {
  const empty = slips.items.length === 0;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      size="3xl"
      footer={
        <>
          <Button variant="gray" onClick={onClose}>
            Close
          </Button>
          <Button variant="primary" icon={<PrinterIcon size={18} />} disabled={empty} onClick={() => window.print()}>
            Print
          </Button>
        </>
      }
    >
      {empty ? (
        <p className="py-6 text-sm text-slate-600">Everyone in this class has already signed up, or has no account to sign up to.</p>
      ) : (
        <>
          <SlipCards slips={slips} />
          <PrintSheet>
            <div className="p-4">
              <SlipCards slips={slips} />
            </div>
          </PrintSheet>
        </>
      )}
    </Modal>
  );
}

/**
 * The codes just issued by an import or an admission, when mail is not configured: shown once (the
 * server keeps them hashed), to hand out or print.
 */
export function InvitationCodes({ invitations }: { invitations: IssuedInvitations }) {
  const [printing, setPrinting] = useState(false);
  const n = invitations.items.length;
  return (
    <section aria-label="Invitation codes" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {n} invitation code{n === 1 ? '' : 's'} to hand out
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Email is not set up for this school, so nobody was mailed. Give each person their code; they sign up at{' '}
            <span className="font-mono break-all">{invitations.registerUrl}</span>. The codes are shown only now: print them, or later print new slips for a
            class.
          </p>
        </div>
        <Button variant="primary" size="sm" icon={<PrinterIcon size={16} />} onClick={() => setPrinting(true)} className="shrink-0">
          Print slips
        </Button>
      </div>
      <ul className="divide-y divide-amber-200 text-sm">
        {invitations.items.map((i) => (
          <li key={`${i.email}-${i.code}`} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:gap-4">
            <span className="min-w-0 flex-1">
              <span className="font-medium text-slate-900">{i.studentName}</span>{' '}
              <span className="text-slate-600">
                · {i.role === 'student' ? 'student' : `parent ${i.name}`} · <span className="break-all">{i.email}</span>
              </span>
            </span>
            <span className="font-mono font-bold tracking-wider">{grouped(i.code)}</span>
          </li>
        ))}
      </ul>
      {printing ? (
        <SlipsPrintModal
          title="Print invitation slips"
          description="One slip per account; cut along the dashed lines."
          slips={invitations}
          onClose={() => setPrinting(false)}
        />
      ) : null}
    </section>
  );
}

/**
 * Printable invitation slips for a class: new codes for its accounts that have not signed up yet (the
 * school's administrators only; the earlier codes of those accounts stop working).
 */
export function ClassInvitationSlips() {
  const id = useId();
  const classes = useAdmissionClasses();
  const issue = useIssueInvitationSlips();
  const [classId, setClassId] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const chosen = classes.data?.items.find((c) => c.id === classId);

  const run = async () => {
    if (!classId) {
      setChoiceError('Choose a class');
      return;
    }
    try {
      await issue.mutateAsync(classId);
      setOpen(true);
    } catch {
      // shown below from the mutation's error
    }
  };

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Invitation slips for a class
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        For students and parents who have not signed up yet: each gets a new code on a slip to print and hand out. Their earlier codes stop working; people who
        have signed up already are left out.
      </p>
      {classes.isError ? (
        <Alert className="mt-3">The classes could not be loaded. {classes.error.message}</Alert>
      ) : (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField
            label="Class"
            className="sm:w-64"
            value={classId}
            disabled={classes.isPending}
            error={choiceError ?? undefined}
            placeholder={classes.isPending ? 'Loading…' : 'Select a class'}
            options={(classes.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(e) => {
              setClassId(e.target.value);
              setChoiceError(null);
              issue.reset();
            }}
          />
          <Button variant="gray" icon={<PrinterIcon size={18} />} loading={issue.isPending} loadingText="Issuing codes…" onClick={() => void run()}>
            Issue codes and print slips
          </Button>
        </div>
      )}
      {classes.data && classes.data.items.length === 0 ? <p className="mt-2 text-sm text-slate-600">There are no classes in this session yet.</p> : null}
      {issue.isError ? <Alert className="mt-3">{isApiError(issue.error) ? issue.error.message : 'Something went wrong. Please try again.'}</Alert> : null}
      {open && issue.data ? (
        <SlipsPrintModal
          title={`Invitation slips: ${issue.data.className}`}
          description={`${issue.data.items.length} new code${issue.data.items.length === 1 ? '' : 's'} for ${chosen?.name ?? issue.data.className}, ${issue.data.sessionName} session.`}
          slips={{ registerUrl: issue.data.registerUrl, items: issue.data.items, heading: issue.data.schoolName }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}
