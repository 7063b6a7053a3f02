import { z } from 'zod';
import { LESSON_NOTE_STATUSES, TABLE, WEEKS } from '../constants';
import { idField, oneOf, optionalString, requiredString, UUID, whenMissing } from '../fields';
import { richTextToPlainText, sanitizeRichText } from './rich-text';

/** A lesson note's limits; the attachment is a PDF or DOCX of at most 10 MB, checked by content. */
export const LESSON_NOTE_LIMITS = {
  titleMaxLength: 150,
  /** Characters of the body's HTML. */
  bodyMaxLength: 60_000,
  commentMaxLength: 1000,
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentKinds: ['pdf', 'docx'],
  attachmentAccept: '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export const CLASS_REQUIRED = 'Please Select a Class';
export const SUBJECT_REQUIRED = 'Please Select a subject';
export const TERM_REQUIRED = 'Please Select a Term';
export const WEEK_REQUIRED = 'Week is required';
export const WEEK_OUT_OF_RANGE = `Week must be from ${WEEKS[0]} to ${WEEKS[WEEKS.length - 1]}`;
export const TITLE_REQUIRED = 'Title is Required';
export const TITLE_TOO_LONG = `Title must be at most ${LESSON_NOTE_LIMITS.titleMaxLength} characters`;
export const DESCRIPTION_REQUIRED = 'description is required';
export const DESCRIPTION_TOO_LONG = 'The lesson note is too long';
export const REJECT_COMMENT_REQUIRED = 'Comment is required when rejecting';
export const COMMENT_TOO_LONG = `Comment must be at most ${LESSON_NOTE_LIMITS.commentMaxLength} characters`;
export const DECISION_REQUIRED = 'Please choose Approve or Reject';

/** An optional id filter; an empty choice ('All') means no filter. */
function optionalId(message: string) {
  return optionalString().refine((value) => value === undefined || UUID.test(value), { error: message });
}

function parseWeek(value: number | string): number | null {
  const number = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(number) ? number : null;
}

/** Week 1 to 5 of a term, given as a number or as a select's string. */
export const weekField = z.union([z.number(), z.string()], { error: whenMissing(WEEK_REQUIRED, WEEK_OUT_OF_RANGE) }).transform((value, ctx) => {
  if (typeof value === 'string' && value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: WEEK_REQUIRED, input: value });
    return z.NEVER;
  }
  const week = parseWeek(value);
  if (week === null || !(WEEKS as readonly number[]).includes(week)) {
    ctx.addIssue({ code: 'custom', message: WEEK_OUT_OF_RANGE, input: value });
    return z.NEVER;
  }
  return week;
});

/** The body: rich text, cleaned to the allow-list; it must say something once cleaned. */
export const lessonNoteBodyField = requiredString(DESCRIPTION_REQUIRED)
  .max(LESSON_NOTE_LIMITS.bodyMaxLength, { error: DESCRIPTION_TOO_LONG })
  .transform((html, ctx) => {
    const clean = sanitizeRichText(html);
    if (richTextToPlainText(clean) === '') {
      ctx.addIssue({ code: 'custom', message: DESCRIPTION_REQUIRED, input: html });
      return z.NEVER;
    }
    return clean;
  });

/** Write or edit a lesson note (a Draft, or a Rejected note being corrected). */
export const lessonNoteSchema = z.object({
  classId: idField(CLASS_REQUIRED),
  subjectId: idField(SUBJECT_REQUIRED),
  termId: idField(TERM_REQUIRED),
  week: weekField,
  title: requiredString(TITLE_REQUIRED).max(LESSON_NOTE_LIMITS.titleMaxLength, { error: TITLE_TOO_LONG }),
  body: lessonNoteBodyField,
});
/** What the form holds (the week as the select's string). */
export type LessonNoteFormValues = z.input<typeof lessonNoteSchema>;
export type LessonNoteInput = z.output<typeof lessonNoteSchema>;

export const REVIEW_DECISIONS = ['Approved', 'Rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** An administrator's decision on a Submitted note; rejecting needs a comment. */
export const reviewLessonNoteSchema = z
  .object({
    decision: oneOf(REVIEW_DECISIONS, DECISION_REQUIRED),
    comment: optionalString().refine((value) => value === undefined || value.length <= LESSON_NOTE_LIMITS.commentMaxLength, {
      error: COMMENT_TOO_LONG,
    }),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'Rejected' && !value.comment) {
      ctx.addIssue({ code: 'custom', message: REJECT_COMMENT_REQUIRED, path: ['comment'] });
    }
  });
export type ReviewLessonNoteInput = z.output<typeof reviewLessonNoteSchema>;

export const LESSON_NOTE_PAGE_SIZES = TABLE.pageSizeOptions;

/** Filters of a lesson-note list (all optional) and its page. */
export const lessonNoteListQuerySchema = z.object({
  classId: optionalId(CLASS_REQUIRED),
  subjectId: optionalId(SUBJECT_REQUIRED),
  termId: optionalId(TERM_REQUIRED),
  teacherId: optionalId('Please Select a Teacher'),
  week: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const week = parseWeek(value);
      if (week === null || !(WEEKS as readonly number[]).includes(week)) {
        ctx.addIssue({ code: 'custom', message: WEEK_OUT_OF_RANGE, input: value });
        return z.NEVER;
      }
      return week;
    }),
  status: z
    .union([z.literal(''), z.enum(LESSON_NOTE_STATUSES)], { error: 'Please Select a Status' })
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number({ error: 'Invalid page' }).int({ error: 'Invalid page' }).min(1, { error: 'Invalid page' }).default(1),
  pageSize: z.coerce
    .number({ error: 'Invalid page size' })
    .refine((size) => (LESSON_NOTE_PAGE_SIZES as readonly number[]).includes(size), { error: 'Invalid page size' })
    .default(TABLE.pageSize),
});
export type LessonNoteListQuery = z.input<typeof lessonNoteListQuerySchema>;
