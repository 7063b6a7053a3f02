import { FeesOwedNotice, feesOwed } from '@/components/results/fees-owed-notice';
import type { StudentTermView } from '@school/shared/results/responses';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useStudentResults } from '../api/records';
import { StudentTermTable, TermSummary } from './student-term-table';

export interface StudentResultsProps {
  studentId: string;
  /** The spec's comments column: the teacher-comments area passes a subject's comment here. */
  subjectComment?: (term: StudentTermView, subjectId: string) => ReactNode;
  /** Shown under the chosen term's table: e.g. teacher comments, a report-card link, a PIN prompt. */
  termFooter?: (term: StudentTermView) => ReactNode;
}

/**
 * A student's published results, one term at a time (newest first). Students see their own,
 * parents their children's; the server answers 404 for anyone else and never sends unpublished terms.
 */
export function StudentResults({ studentId, subjectComment, termFooter }: StudentResultsProps) {
  const results = useStudentResults(studentId);
  const [termId, setTermId] = useState('');
  if (results.isPending) return <PageSpinner label="Loading results" />;
  if (results.isError) {
    if (feesOwed(results.error)) return <FeesOwedNotice error={results.error} />;
    const missing = isApiError(results.error) && results.error.status === 404;
    return (
      <Alert>
        <p>{missing ? 'These results were not found.' : results.error.message}</p>
        {missing ? null : (
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void results.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  const terms = results.data.terms;
  if (terms.length === 0) {
    return <EmptyState title="No results yet" description="Results appear here once the school publishes them at the end of a term." />;
  }
  const term = terms.find((t) => t.termId === termId) ?? terms[0];
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-xs">
          <SelectField
            label="Term"
            value={term.termId}
            onChange={(e) => setTermId(e.target.value)}
            options={terms.map((t) => ({ value: t.termId, label: `${t.termName} term, ${t.sessionName}` }))}
          />
        </div>
        <p className="text-sm text-slate-600">
          {results.data.name} · {term.className}
        </p>
      </div>
      <TermSummary term={term} />
      <StudentTermTable term={term} subjectComment={subjectComment} withClassFigures />
      {termFooter?.(term)}
    </div>
  );
}
