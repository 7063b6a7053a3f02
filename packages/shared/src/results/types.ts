/**
 * The score components of results. What the results module computes and other areas build on (report
 * cards, promotion, transcripts) is in responses.ts.
 */

/** The four score components of a subject, in the order they are entered and shown. */
export const SCORE_COMPONENTS = ['test1', 'test2', 'assignment', 'exam'] as const;
export type ScoreComponent = (typeof SCORE_COMPONENTS)[number];

export const COMPONENT_LABELS: Record<ScoreComponent, string> = {
  test1: 'Test 1',
  test2: 'Test 2',
  assignment: 'Assignment',
  exam: 'Exam',
};

/** The shapes the results module computes, inferred from their response schemas. */
export type { ClassTermResults, GradeBand, Maxima, ResultSettings, StudentSubjectResult, StudentTermResult, SubjectSummary } from './responses';
