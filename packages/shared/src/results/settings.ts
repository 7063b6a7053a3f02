import { z } from 'zod';
import type { GradeBand, ResultSettings } from './responses';
import { SCORE_COMPONENTS, type ScoreComponent } from './types';

/** Defaults of a school that has never saved its result settings (DESIGN.md section 4). */
export const DEFAULT_GRADING_SCALE: GradeBand[] = [
  { min: 90, max: 100, grade: 'A+', point: 5, remark: 'Distinction' },
  { min: 70, max: 89, grade: 'A', point: 4, remark: 'Excellent' },
  { min: 60, max: 69, grade: 'B', point: 3, remark: 'Very Good' },
  { min: 50, max: 59, grade: 'C', point: 2, remark: 'Good' },
  { min: 45, max: 49, grade: 'D', point: 1, remark: 'Fair' },
  { min: 40, max: 44, grade: 'E', point: 0.5, remark: 'Pass' },
  { min: 0, max: 39, grade: 'F', point: 0, remark: 'Fail' },
];

/**
 * The WAEC / NECO scale Nigerian secondary schools grade by (A1 to F9), ready to pick in the settings
 * (issue 18). Points rise with the grade, as in the default scale (9 for A1 … 1 for F9).
 */
export const WAEC_GRADING_SCALE: GradeBand[] = [
  { min: 75, max: 100, grade: 'A1', point: 9, remark: 'Excellent' },
  { min: 70, max: 74, grade: 'B2', point: 8, remark: 'Very Good' },
  { min: 65, max: 69, grade: 'B3', point: 7, remark: 'Good' },
  { min: 60, max: 64, grade: 'C4', point: 6, remark: 'Credit' },
  { min: 55, max: 59, grade: 'C5', point: 5, remark: 'Credit' },
  { min: 50, max: 54, grade: 'C6', point: 4, remark: 'Credit' },
  { min: 45, max: 49, grade: 'D7', point: 3, remark: 'Pass' },
  { min: 40, max: 44, grade: 'E8', point: 2, remark: 'Pass' },
  { min: 0, max: 39, grade: 'F9', point: 1, remark: 'Fail' },
];

export const DEFAULT_RESULT_SETTINGS: ResultSettings = {
  maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
  gradingScale: DEFAULT_GRADING_SCALE,
  passMark: 40,
  requirePin: false,
};

export const MAXIMA_MUST_SUM = 'The maximum scores must add up to 100';
export const SCALE_REQUIRED = 'Add at least one grade to the grading scale';
export const SCALE_MUST_START_AT_0 = 'The grading scale must start at 0';
export const SCALE_MUST_END_AT_100 = 'The grading scale must end at 100';
export const scaleGap = (lower: GradeBand, upper: GradeBand) =>
  `The grading scale has a gap between ${lower.max} (${lower.grade}) and ${upper.min} (${upper.grade})`;
export const scaleOverlap = (lower: GradeBand, upper: GradeBand) =>
  `The grading scale overlaps: ${upper.grade} (${upper.min}–${upper.max}) and ${lower.grade} (${lower.min}–${lower.max})`;
export const duplicateGrade = (grade: string) => `The grade ${grade} appears more than once`;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} is required` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });

const componentMax = (label: string) => whole(`${label} maximum`, 0, 100);

export const gradeBandSchema = z
  .object({
    min: whole('Minimum', 0, 100),
    max: whole('Maximum', 0, 100),
    grade: z.string({ error: 'Grade is required' }).trim().min(1, { error: 'Grade is required' }).max(4, { error: 'Grade must be at most 4 characters' }),
    point: z.number({ error: 'Point is required' }).min(0, { error: 'Point must be at least 0' }).max(10, { error: 'Point must be at most 10' }),
    remark: z.string({ error: 'Remark is required' }).trim().min(1, { error: 'Remark is required' }).max(40, { error: 'Remark must be at most 40 characters' }),
  })
  .refine((b) => b.min <= b.max, { error: 'Minimum must not be above maximum', path: ['max'] });

/**
 * The first problem of a grading scale, or null when its bands cover 0–100 exactly once.
 * Bands are whole numbers; a fractional total (e.g. 39.5) takes the band whose minimum it reaches
 * (so 39.5 is still below 40), see `gradeFor` in the server's results.compute.ts.
 */
export function gradingScaleProblem(scale: GradeBand[]): string | null {
  if (scale.length === 0) return SCALE_REQUIRED;
  const seen = new Set<string>();
  for (const band of scale) {
    const key = band.grade.trim().toUpperCase();
    if (seen.has(key)) return duplicateGrade(band.grade.trim());
    seen.add(key);
  }
  const sorted = [...scale].sort((a, b) => a.min - b.min || a.max - b.max);
  if (sorted[0].min !== 0) return SCALE_MUST_START_AT_0;
  for (let i = 1; i < sorted.length; i++) {
    const lower = sorted[i - 1];
    const upper = sorted[i];
    if (upper.min <= lower.max) return scaleOverlap(lower, upper);
    if (upper.min > lower.max + 1) return scaleGap(lower, upper);
  }
  if (sorted[sorted.length - 1].max !== 100) return SCALE_MUST_END_AT_100;
  return null;
}

export const resultSettingsSchema = z
  .object({
    maxima: z.object({
      test1: componentMax('Test 1'),
      test2: componentMax('Test 2'),
      assignment: componentMax('Assignment'),
      exam: componentMax('Exam'),
    }),
    gradingScale: z.array(gradeBandSchema, { error: SCALE_REQUIRED }).max(20, { error: 'A grading scale has at most 20 grades' }),
    passMark: whole('Pass mark', 0, 100),
    requirePin: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const sum = SCORE_COMPONENTS.reduce((s, c: ScoreComponent) => s + value.maxima[c], 0);
    if (sum !== 100) ctx.addIssue({ code: 'custom', message: MAXIMA_MUST_SUM, path: ['maxima'] });
    const problem = gradingScaleProblem(value.gradingScale);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['gradingScale'] });
  });
export type ResultSettingsInput = z.infer<typeof resultSettingsSchema>;
