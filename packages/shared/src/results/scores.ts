import { z } from 'zod';
import { requiredString } from '../fields';
import { COMPONENT_LABELS, type Maxima, type ScoreComponent } from './types';

/** Most students one grid may save at once. */
export const MAX_SCORE_ROWS = 300;

/**
 * Why a component score cannot be kept, or null when it can. Scores are whole or half marks
 * (12.5) from 0 to the component's maximum; an empty cell (null) means "not entered yet".
 * The grid checks as you type and the server checks the whole batch with the same rule.
 */
export function scoreProblem(component: ScoreComponent, value: number | null, maxima: Maxima): string | null {
  if (value === null) return null;
  const label = COMPONENT_LABELS[component];
  if (!Number.isFinite(value)) return `${label} must be a number`;
  if (value < 0) return `${label} cannot be below 0`;
  if (value > maxima[component]) return `${label} cannot be above ${maxima[component]}`;
  if (!Number.isInteger(value * 2)) return `${label} must be a whole or half mark`;
  return null;
}

/** What a typed cell means: '' is no score, otherwise a number (NaN when it is not one). */
export function parseScoreInput(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const cell = z.number().nullable();

export const scoreRowSchema = z.object({
  studentId: z.string(),
  test1: cell,
  test2: cell,
  assignment: cell,
  exam: cell,
});
export type ScoreRowInput = z.infer<typeof scoreRowSchema>;

/** One grid: every student of a class for one subject and term, saved at once. */
export const scoreBatchSchema = z.object({
  termId: requiredString('Please Select a Term'),
  classId: requiredString('Please Select a Class'),
  subjectId: requiredString('Please Select a subject'),
  rows: z.array(scoreRowSchema).max(MAX_SCORE_ROWS, { error: `At most ${MAX_SCORE_ROWS} students can be saved at once` }),
});
export type ScoreBatchInput = z.infer<typeof scoreBatchSchema>;

/** The grid of one class, subject and term as the server answers it. */
export interface ScoreSheet {
  termId: string;
  termName: string;
  classId: string;
  className: string;
  subjectId: string;
  subjectName: string;
  maxima: Maxima;
  published: boolean;
  /** Whether the caller may save: the subject's teacher before publication, an administrator always. */
  canEdit: boolean;
  /** Why saving is closed, when it is. */
  lockedReason: string | null;
  rows: Array<{
    studentId: string;
    name: string;
    admissionNumber: string | null;
    test1: number | null;
    test2: number | null;
    assignment: number | null;
    exam: number | null;
    total: number | null;
    grade: string | null;
    remark: string | null;
    position: number | null;
    incomplete: boolean;
  }>;
  classAverage: number | null;
  highest: number | null;
  lowest: number | null;
}

export interface ResultOptions {
  academicSessionId: string | null;
  terms: Array<{ id: string; name: string; isCurrent: boolean }>;
  classes: Array<{ id: string; name: string }>;
  subjects: Array<{ id: string; name: string }>;
  /** Which subject is taught in which class (for a teacher: only theirs). */
  classSubjects: Array<{ classId: string; subjectId: string }>;
}
