/** What the results screens receive (besides ClassTermResults and ScoreSheet). */
import type { ClassTermResults, GradeBand, Maxima, StudentSubjectResult } from './types';

export interface ResultSettingsView {
  schoolId: string;
  maxima: Maxima;
  /** Highest band first. */
  gradingScale: GradeBand[];
  passMark: number;
  requirePin: boolean;
  /** false while the school uses the defaults. */
  saved: boolean;
}

/** One term of one student, with the class's figures beside theirs. */
export interface StudentTermView {
  termId: string;
  termName: string;
  sessionName: string;
  classId: string;
  className: string;
  published: boolean;
  maxima: Maxima;
  subjects: Array<StudentSubjectResult & { subjectName: string; classAverage: number | null; highest: number | null; lowest: number | null }>;
  total: number;
  average: number | null;
  position: number | null;
  subjectsTaken: number;
  studentCount: number;
  classAverage: number | null;
}

export interface StudentResultsView {
  studentId: string;
  name: string;
  admissionNumber: string | null;
  /** Newest term first; for students and parents only published terms. */
  terms: StudentTermView[];
}

export interface TranscriptView {
  studentId: string;
  name: string;
  admissionNumber: string | null;
  /** Oldest session first. */
  sessions: Array<{ sessionName: string; className: string; cumulativeAverage: number | null; terms: StudentTermView[] }>;
}

export interface GradeDistributionView {
  className: string;
  termName: string;
  sessionName: string;
  scale: GradeBand[];
  passMark: number;
  subjects: Array<{ subjectId: string; subjectName: string; counts: Record<string, number>; graded: number; passed: number }>;
}

export interface PublicationResult {
  termId: string;
  classIds: string[];
  published: boolean;
}

export type { ClassTermResults };
