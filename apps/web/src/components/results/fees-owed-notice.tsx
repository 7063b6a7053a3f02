import type { FeesOwedBody } from '@school/shared/results/fee-gate';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';

/** What is owed when the school's fee gate withheld results (the server's 402), else null. */
export function feesOwed(error: unknown): FeesOwedBody['feeGate'] | null {
  if (!isApiError(error) || error.status !== 402) return null;
  return (error.body as Partial<FeesOwedBody> | null)?.feeGate ?? null;
}

/**
 * Results or a report card withheld by the school's fee gate: the server's sentence (with the amount
 * owed) and a way to pay: the student's fees page, or in the parents' area the child's. Payment lifts
 * the gate at once. Shared by the results and report-card features.
 */
export function FeesOwedNotice({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const owed = feesOwed(error);
  if (!owed) return null;
  const payAt = pathname.startsWith('/parent/') ? `/parent/children/${owed.studentId}/fees` : `/student/fees/${owed.studentId}`;
  return (
    <Alert tone="info">
      <p>{error instanceof Error ? error.message : ''}</p>
      <p className="mt-1">Once the fees are paid, the results open at once.</p>
      <Link to={payAt} className={buttonClasses({ variant: 'primary', size: 'sm', className: 'mt-3' })}>
        Pay fees
      </Link>
    </Alert>
  );
}
