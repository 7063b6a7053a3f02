/**
 * What the results module computes and other areas build on (report cards, promotion, transcripts).
 * Everything here is computed on the server only (apps/server/src/modules/results/results.service.ts).
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

export type Maxima = Record<ScoreComponent, number>;

/** One row of a grading scale: totals from `min` to `max` (whole numbers, inclusive). */
export interface GradeBand {
  min: number;
  max: number;
  grade: string;
  point: number;
  remark: string;
}

export interface ResultSettings {
  maxima: Maxima;
  gradingScale: GradeBand[];
  passMark: number;
  /** Students and parents must enter a result-checker PIN to open a term's results. */
  requirePin: boolean;
}

/** One subject of one student in a class's term results. */
export interface StudentSubjectResult {
  subjectId: string;
  test1: number | null;
  test2: number | null;
  assignment: number | null;
  exam: number | null;
  /** Sum of the components present; null when none is. */
  total: number | null;
  grade: string | null;
  point: number | null;
  remark: string | null;
  /** Position in the class for this subject (ties share: 1, 2, 2, 4); null without a total. */
  position: number | null;
  /** Some component is missing (e.g. no exam score yet): the total counts what exists. */
  incomplete: boolean;
}

export interface StudentTermResult {
  studentId: string;
  name: string;
  admissionNumber: string | null;
  /** One entry per subject of the class, in the order of `ClassTermResults.subjects`. */
  subjects: StudentSubjectResult[];
  /** Sum of the subject totals (0 without any score). */
  total: number;
  /** total / subjectsTaken, rounded to 2 decimals; null without any score. */
  average: number | null;
  /** Position in the class by average (ties share); null without any score. */
  position: number | null;
  /** Subjects with a total. */
  subjectsTaken: number;
}

export interface SubjectSummary {
  subjectId: string;
  subjectName: string;
  /** Mean of the students' totals in this subject, 2 decimals. */
  classAverage: number | null;
  highest: number | null;
  lowest: number | null;
}

export interface ClassTermResults {
  classId: string;
  className: string;
  termId: string;
  termName: string;
  sessionName: string;
  published: boolean;
  maxima: Maxima;
  subjects: SubjectSummary[];
  students: StudentTermResult[];
  /** Mean of the students' averages, 2 decimals. */
  classAverage: number | null;
  studentCount: number;
}
