import { FeesOwedNotice, feesOwed } from '@/components/results/fees-owed-notice';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, PrinterIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { isPinRequired, reportCardPdfUrl, useReportCard, useReportCardTerms } from '../api/report-cards';
import { PinPrompt } from './pin-prompt';
import { PrincipalCommentForm } from './principal-comment-form';
import { ReportCardView } from './report-card-view';

/**
 * A student's report card with its term picker (?term=…), Print and Download PDF; the PIN prompt
 * when the school asks for one. Used by administrators, students and parents.
 */
export function ReportCardScreen({ studentId }: { studentId: string }) {
  const [params, setParams] = useSearchParams();
  const terms = useReportCardTerms(studentId);
  const chosen = params.get('term');
  // by default the newest published term, else the current one
  const termId =
    chosen ?? terms.data?.items.find((t) => t.published)?.termId ?? terms.data?.items.find((t) => t.isCurrent)?.termId ?? terms.data?.items[0]?.termId ?? '';
  const card = useReportCard(studentId, termId);
  const term = terms.data?.items.find((t) => t.termId === termId);

  if (terms.isPending) return <PageSpinner label="Loading the report card" />;
  if (terms.isError) {
    return (
      <LoadError error={terms.error}>
        <p>We could not load the report card. {terms.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void terms.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }
  if (terms.data.items.length === 0 && !chosen) {
    return <EmptyState title="No report card yet" description="A report card shows here once the school publishes a term's results." />;
  }

  return (
    <>
      <div className="no-print mb-4 flex flex-wrap items-end gap-3">
        <SelectField
          label="Term"
          className="min-w-56"
          value={termId}
          onChange={(e) => setParams({ term: e.target.value }, { replace: true })}
          options={terms.data.items.map((t) => ({ value: t.termId, label: `${t.termName} term, ${t.sessionName}${t.published ? '' : ' (not published)'}` }))}
        />
        {card.data ? (
          <>
            <Button variant="secondary" icon={<PrinterIcon size={18} />} onClick={() => window.print()}>
              Print
            </Button>
            <a href={reportCardPdfUrl(studentId, termId)} download className={buttonClasses({ variant: 'primary' })}>
              <DownloadIcon size={18} aria-hidden="true" />
              Download PDF
            </a>
          </>
        ) : null}
      </div>
      {card.isPending && termId ? <PageSpinner label="Loading the report card" /> : null}
      {card.isError ? (
        isPinRequired(card.error) ? (
          <PinPrompt studentId={studentId} termId={termId} termLabel={term ? `${term.termName} term ${term.sessionName}` : undefined} />
        ) : feesOwed(card.error) ? (
          <FeesOwedNotice error={card.error} />
        ) : (
          <Alert>
            <p>{card.error.message}</p>
            {!isApiError(card.error) || card.error.status >= 500 || card.error.status === 0 ? (
              <Button variant="gray" size="sm" className="mt-2" onClick={() => void card.refetch()}>
                Try again
              </Button>
            ) : null}
          </Alert>
        )
      ) : null}
      {card.data ? (
        <ReportCardView
          card={card.data}
          principalCommentEditor={
            card.data.canEditPrincipalComment ? (
              <PrincipalCommentForm key={`${studentId}-${termId}`} studentId={studentId} termId={termId} current={card.data.principalComment} />
            ) : undefined
          }
        />
      ) : null}
    </>
  );
}
