import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useResultPinStatus } from '../api/result-pins';
import { useReportCardTerms } from '../api/report-cards';
import { PinPrompt } from './pin-prompt';

/**
 * Asks a student or parent for a result-checker PIN before showing a results page, when the school
 * requires one and the newest published term is not unlocked yet (the server answers PIN_REQUIRED
 * otherwise). Staff and schools without PINs go straight through.
 */
export function ResultsPinGate({ studentId, children }: { studentId: string; children: ReactNode }) {
  const terms = useReportCardTerms(studentId);
  const newest = terms.data?.items.find((t) => t.published);
  const status = useResultPinStatus(studentId, newest?.termId ?? '');
  if (terms.isPending || (newest && status.isPending)) return <PageSpinner label="Loading results" />;
  // any error here is shown by the results page itself
  if (newest && status.data?.required && !status.data.unlocked) {
    return <PinPrompt studentId={studentId} termId={newest.termId} termLabel={`${newest.termName} term ${newest.sessionName}`} />;
  }
  return <>{children}</>;
}

/** The link from a term's results to its report card. */
export function ReportCardLink({ to }: { to: string }) {
  return (
    <p className="mt-4">
      <Link to={to} className="inline-flex rounded-lg bg-primary-50 px-3 py-2 text-sm font-semibold text-secondary hover:bg-primary-100">
        View and print the report card
      </Link>
    </p>
  );
}
