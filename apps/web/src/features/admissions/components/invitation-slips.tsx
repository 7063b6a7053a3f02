import type { IssuedInvitation, IssuedInvitations } from '@school/shared/admissions/responses';
import { useId, useState } from 'react';
import { InvitationCodes as GenericInvitationCodes, SlipsPrintModal, type Slip } from '@/components/invitation-slips/invitation-slips';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PrinterIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api-client';
import { useAdmissionClasses } from '../api/decide-applications';
import { useIssueInvitationSlips } from '../api/issue-invitation-slips';

const ROLE_LABELS: Record<IssuedInvitation['role'], string> = { student: 'Student’s own account', parent: 'Parent’s account' };

/** A student's or parent's code as a slip: the student (or the children) it is for, whose account. */
const slipOf = (i: IssuedInvitation): Slip => ({
  title: i.studentName,
  titleNote: i.registrationNo,
  account: `${ROLE_LABELS[i.role]}: ${i.name}`,
  listLabel: i.role === 'student' ? 'student' : `parent ${i.name}`,
  email: i.email,
  code: i.code,
  expiresAt: i.expiresAt,
});

/** The codes just issued by an import or an admission, when mail is not configured. */
export function InvitationCodes({ invitations }: { invitations: IssuedInvitations }) {
  return <GenericInvitationCodes slips={{ registerUrl: invitations.registerUrl, items: invitations.items.map(slipOf) }} reprint="for a class" />;
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
        <LoadError error={classes.error} className="mt-3">
          The classes could not be loaded. {classes.error.message}
        </LoadError>
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
          slips={{ registerUrl: issue.data.registerUrl, items: issue.data.items.map(slipOf), heading: issue.data.schoolName }}
          emptyText="Everyone in this class has already signed up, or has no account to sign up to."
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}
