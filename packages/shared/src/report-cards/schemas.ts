import { z } from 'zod';
import { lookupIdField, requiredString } from '../fields';
import type { ReportCard } from './responses';

// ---------------------------------------------------------------- result-checker PINs

export const RESULT_PIN = {
  digits: 12,
  batchMax: 500,
  defaultViews: 5,
  viewsMax: 50,
  /** How long one use of a PIN keeps a term's results open for the user who entered it. */
  unlockMinutes: 60,
  /** Wrong PINs a user may enter per window before being asked to wait. */
  wrongAttempts: 10,
  wrongWindowMinutes: 15,
} as const;

export const PIN_REQUIRED = 'PIN_REQUIRED';
export const PIN_REQUIRED_MESSAGE = 'Enter a result-checker PIN to open these results';
export const WRONG_PIN = 'This PIN is not valid';
export const PIN_OF_ANOTHER_STUDENT = 'This PIN has already been used for another student';
export const PIN_USED_UP = 'This PIN has been used the maximum number of times';

const QUANTITY = `Quantity must be a whole number from 1 to ${RESULT_PIN.batchMax}`;
const VIEWS = `Views must be a whole number from 1 to ${RESULT_PIN.viewsMax}`;

function wholeNumber(message: string, min: number, max: number) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isInteger(number) || number < min || number > max) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return number;
  });
}

export const generatePinsSchema = z.object({
  quantity: wholeNumber(QUANTITY, 1, RESULT_PIN.batchMax),
  maxViews: wholeNumber(VIEWS, 1, RESULT_PIN.viewsMax),
  note: z
    .string()
    .trim()
    .max(200, { error: 'Note must be at most 200 characters' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type GeneratePinsValues = z.input<typeof generatePinsSchema>;
export type GeneratePinsInput = z.output<typeof generatePinsSchema>;

/** The PIN as typed: spaces and dashes between groups are allowed. */
export const unlockResultsSchema = z.object({
  pin: requiredString('PIN is required')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => new RegExp(`^\\d{${RESULT_PIN.digits}}$`).test(value), { error: `PIN must be ${RESULT_PIN.digits} digits` }),
  studentId: lookupIdField('Student is required'),
  termId: lookupIdField('Term is required'),
});
export type UnlockResultsValues = z.input<typeof unlockResultsSchema>;
export type UnlockResultsInput = z.output<typeof unlockResultsSchema>;

/** A PIN printed in groups of four: 1234-5678-9012. */
export const formatPin = (pin: string) => pin.replace(/(\d{4})(?=\d)/g, '$1-');

// ---------------------------------------------------------------- report card

/** The longest principal's comment a card takes. */
export const PRINCIPAL_COMMENT_MAX = 500;

export const principalCommentSchema = z.object({
  principalComment: requiredString('Principal comment is required').max(PRINCIPAL_COMMENT_MAX, {
    error: `Principal comment must be at most ${PRINCIPAL_COMMENT_MAX} characters`,
  }),
});
export type PrincipalCommentInput = z.infer<typeof principalCommentSchema>;

/** GET /api/report-cards/principal-comments: a class's principal's comments for a term. */
export const classPrincipalCommentsQuery = z.object({
  termId: lookupIdField('Please Select a Term'),
  classId: lookupIdField('Please Select a Class'),
});

/** How many students one save of a class's principal's comments takes at most. */
export const CLASS_COMMENTS_MAX_ROWS = 300;

/**
 * PUT /api/report-cards/principal-comments: a class's principal's comments, saved all or nothing;
 * an empty comment removes the student's. The length is checked by the server per student (its 400
 * names the student, errors keyed by the student's id).
 */
export const classPrincipalCommentsSchema = z.object({
  termId: lookupIdField('Please Select a Term'),
  classId: lookupIdField('Please Select a Class'),
  rows: z
    .array(z.object({ studentId: z.string().trim().min(1, { error: 'Student is required' }), comment: z.string().trim().max(5000) }), {
      error: 'Rows are required',
    })
    .max(CLASS_COMMENTS_MAX_ROWS, { error: `At most ${CLASS_COMMENTS_MAX_ROWS} students can be saved at once` }),
});
export type ClassPrincipalCommentsInput = z.infer<typeof classPrincipalCommentsSchema>;

/** The message for a comment over the limit, naming the student. */
export const commentTooLong = (name: string, max: number = PRINCIPAL_COMMENT_MAX) => `${name}'s comment must be at most ${max} characters`;

/** The longest class teacher's comment a card takes (as the principal's). */
export const CLASS_TEACHER_COMMENT_MAX = PRINCIPAL_COMMENT_MAX;

/** GET /api/report-cards/class-teacher-comments: a class's class teacher's comments for a term. */
export const classTeacherCommentsQuery = classPrincipalCommentsQuery;

/**
 * PUT /api/report-cards/class-teacher-comments: a class's class teacher's comments, saved all or
 * nothing, as the principal's (an empty comment removes the student's; the server checks the length
 * per student, its 400 naming the student).
 */
export const classTeacherCommentsSchema = classPrincipalCommentsSchema;
export type ClassTeacherCommentsInput = z.infer<typeof classTeacherCommentsSchema>;

/** A score as printed on the report card: whole numbers as they are, others to 2 decimals; '-' when missing. */
export function formatMark(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st…; '-' when missing. */
export function ordinal(position: number | null | undefined): string {
  if (position === null || position === undefined) return '-';
  const tens = position % 100;
  if (tens >= 11 && tens <= 13) return `${position}th`;
  return `${position}${{ 1: 'st', 2: 'nd', 3: 'rd' }[position % 10] ?? 'th'}`;
}

export const classReportCardsSchema = z.object({
  classId: lookupIdField('Please Select a Class'),
  termId: lookupIdField('Please Select a Term'),
});
export type ClassReportCardsInput = z.infer<typeof classReportCardsSchema>;

/** A whole school's report cards for a term: every class of the term's session (POST /api/report-cards/school-jobs). */
export const schoolReportCardsSchema = z.object({ termId: lookupIdField('Please Select a Term') });
export type SchoolReportCardsInput = z.infer<typeof schoolReportCardsSchema>;

/** 'YYYY-MM-DD' as '8 January 2024'; 'To be announced' for none. */
export function longDate(date: string | null): string {
  if (!date) return 'To be announced';
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The summary lines as both the page and the PDF print them (the browser journey compares them). */
export function summaryFigures(card: ReportCard) {
  return {
    total: `Total: ${formatMark(card.overall.total)}`,
    average: `Average: ${formatMark(card.overall.average)}`,
    position: `Position: ${ordinal(card.overall.position)} of ${card.overall.classSize}`,
    classAverage: `Class average: ${formatMark(card.overall.classAverage)}`,
    subjectsTaken: `Subjects taken: ${card.overall.subjectsTaken}`,
    /** Times school opened (the term's school days so far, less holidays), present (Present + Late) and absent (issue 18). */
    attendance: card.attendance
      ? [`Times school opened: ${card.attendance.daysOpen}`, `Times present: ${card.attendance.present}`, `Times absent: ${card.attendance.absent}`]
      : ['Attendance: not recorded'],
  };
}

/** The teachers' comments as one line: 'Neat work (8/10); Punctual (7/10)'; empty without any (a card never prints a placeholder). */
export function teacherCommentText(card: ReportCard): string {
  return card.teacherComments.map((c) => `${c.comment} (${c.score}/10)`).join('; ');
}

/** The heading of the class teacher's comment on the card and the PDF, with the class teacher's name when the class has one. */
export function classTeacherCommentHeading(card: Pick<ReportCard, 'classTeacherName'>): string {
  return `Class teacher's comment${card.classTeacherName ? ` (${card.classTeacherName})` : ''}:`;
}
