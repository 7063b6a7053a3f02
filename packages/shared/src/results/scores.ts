import { z } from 'zod';
import { lookupIdField } from '../fields';
import { baseVersionField } from '../sync/versions';
import type { Maxima } from './responses';
import { COMPONENT_LABELS, type ScoreComponent } from './types';

/** 409 to a save made on an older sheet (issue 21): the answer carries the sheet as saved. */
export const SHEET_CHANGED = 'Someone else saved these scores after you opened them. Compare the scores and choose which to keep.';

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
  termId: lookupIdField('Please Select a Term'),
  classId: lookupIdField('Please Select a Class'),
  subjectId: lookupIdField('Please Select a subject'),
  rows: z.array(scoreRowSchema).max(MAX_SCORE_ROWS, { error: `At most ${MAX_SCORE_ROWS} students can be saved at once` }),
  /** The sheet's `version` the scores were typed on; another answers 409 with the sheet as saved (issue 21). */
  baseVersion: baseVersionField,
});
export type ScoreBatchInput = z.infer<typeof scoreBatchSchema>;
