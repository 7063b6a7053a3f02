/**
 * How the card of the last term of a session shows the session's terms (ADR 0034): the words the
 * printed card and the web card share.
 */
import type { ReportCard, ReportCardCumulative } from './responses';
import { formatMark, ordinal } from './schemas';

/** The heading of the column of the session's n-th term (0-based): '1st Term'. */
export function termColumnLabel(index: number): string {
  return `${ordinal(index + 1)} Term`;
}

/** 'Annual average: 72.50' and 'Annual position: 3rd of 28'. */
export function annualFigures(cumulative: ReportCardCumulative) {
  return {
    average: `Annual average: ${formatMark(cumulative.annualAverage)}`,
    position: `Annual position: ${ordinal(cumulative.annualPosition)} of ${cumulative.classSize}`,
  };
}

/** Each subject's term totals and cumulative average, by subject id (empty on a card without them). */
export function cumulativeBySubject(card: Pick<ReportCard, 'cumulative'>): Map<string, ReportCardCumulative['subjects'][number]> {
  return new Map((card.cumulative?.subjects ?? []).map((s) => [s.subjectId, s]));
}
