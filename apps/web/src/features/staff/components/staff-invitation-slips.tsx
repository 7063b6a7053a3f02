import type { StaffIssuedInvitation } from '@school/shared/staff/import';
import { useId, useState } from 'react';
import { InvitationCodes, SlipsPrintModal, type Slip } from '@/components/invitation-slips/invitation-slips';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PrinterIcon } from '@/components/ui/icons';
import { isApiError } from '@/lib/api-client';
import { useIssueStaffInvitationSlips } from '../api/issue-invitation-slips';

const ROLE_LABELS: Record<StaffIssuedInvitation['role'], string> = { teacher: 'Teacher’s account', admin: 'Administrator’s account' };

/** A staff member's code as a slip. */
const slipOf = (i: StaffIssuedInvitation): Slip => ({
  title: i.name,
  account: ROLE_LABELS[i.role],
  listLabel: i.role,
  email: i.email,
  code: i.code,
  expiresAt: i.expiresAt,
});

/** The codes just issued by a staff import, when mail is not configured: shown once, to hand out or print. */
export function StaffInvitationCodes({ invitations }: { invitations: { registerUrl: string; items: StaffIssuedInvitation[] } }) {
  return (
    <InvitationCodes
      slips={{ registerUrl: invitations.registerUrl, items: invitations.items.map(slipOf) }}
      reprint="for staff who have not signed up"
      groupCodes={false}
    />
  );
}

/**
 * Printable invitation slips for the staff who have not signed up yet: a new code each (the school's
 * administrators only; their earlier codes stop working).
 */
export function StaffInvitationSlips() {
  const id = useId();
  const issue = useIssueStaffInvitationSlips();
  const [open, setOpen] = useState(false);

  const run = async () => {
    try {
      await issue.mutateAsync();
      setOpen(true);
    } catch {
      // shown below from the mutation's error
    }
  };

  const n = issue.data?.items.length ?? 0;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby={`${id}-title`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            Invitation slips for staff
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            For teachers, principals and admins who have not signed up yet: each gets a new code on a slip to print and hand out. Their earlier codes stop
            working; staff who have signed up already are left out.
          </p>
        </div>
        <Button
          variant="gray"
          icon={<PrinterIcon size={18} />}
          loading={issue.isPending}
          loadingText="Issuing codes…"
          onClick={() => void run()}
          className="shrink-0"
        >
          Issue codes and print slips
        </Button>
      </div>
      {issue.isError ? <Alert className="mt-3">{isApiError(issue.error) ? issue.error.message : 'Something went wrong. Please try again.'}</Alert> : null}
      {open && issue.data ? (
        <SlipsPrintModal
          title="Invitation slips: staff"
          description={`${n} new code${n === 1 ? '' : 's'} for staff of ${issue.data.schoolName}.`}
          slips={{ registerUrl: issue.data.registerUrl, items: issue.data.items.map(slipOf), heading: issue.data.schoolName }}
          emptyText="Every staff member with an account has already signed up."
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}
