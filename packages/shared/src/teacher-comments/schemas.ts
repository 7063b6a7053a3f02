import { z } from 'zod';
import { COMMENT_SCORE } from '../constants';
import { idFilterField, lookupIdField, optionalLookupIdField, requiredString } from '../fields';
import { splitComments } from '../comments/schemas';

export const ENTER_A_COMMENT = 'Enter a comment';
export const SCORE_OUT_OF_RANGE = `Score must be a whole number from ${COMMENT_SCORE.min} to ${COMMENT_SCORE.max}`;
export const COMMENT_LIMITS = { commentMax: 200, perRequestMax: 20 } as const;
const COMMENT_TOO_LONG = `Each comment must be at most ${COMMENT_LIMITS.commentMax} characters`;
const TOO_MANY = `Add at most ${COMMENT_LIMITS.perRequestMax} comments at a time`;

/** Whether a comment's chip shows green (5 or more) rather than pink. */
export const isGoodScore = (score: number) => score >= COMMENT_SCORE.goodFrom;

/** A score from a select (a string) or JSON (a number): a whole number 0-10. */
const scoreField = z.union([z.number(), z.string()], { error: SCORE_OUT_OF_RANGE }).transform((value, ctx) => {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(number) || number < COMMENT_SCORE.min || number > COMMENT_SCORE.max) {
    ctx.addIssue({ code: 'custom', message: SCORE_OUT_OF_RANGE, input: value });
    return z.NEVER;
  }
  return number;
});

/**
 * The 'Add Comments' dialog as sent: comma-separated comments (each a chip), the class and the
 * student ('Class is required', 'Name is required'), the term, an optional subject and one score.
 */
export const addCommentsSchema = z.object({
  comment: requiredString(ENTER_A_COMMENT)
    .refine((text) => splitComments(text).length > 0, { error: ENTER_A_COMMENT, abort: true })
    .refine((text) => splitComments(text).every((c) => c.length <= COMMENT_LIMITS.commentMax), { error: COMMENT_TOO_LONG, abort: true })
    .refine((text) => splitComments(text).length <= COMMENT_LIMITS.perRequestMax, { error: TOO_MANY }),
  classId: lookupIdField('Class is required'),
  studentId: lookupIdField('Name is required'),
  termId: lookupIdField('Term is required'),
  subjectId: optionalLookupIdField().transform((value) => value ?? null),
  score: scoreField,
});
export type AddCommentsValues = z.input<typeof addCommentsSchema>;
export type AddCommentsInput = z.output<typeof addCommentsSchema>;

export const commentListQuerySchema = z.object({
  termId: z.string().trim().optional(),
  classId: z.string().trim().optional(),
  /** A subject's id, or absent / 'all' for every comment. */
  subjectId: idFilterField(),
});
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;
