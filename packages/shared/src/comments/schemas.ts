import { z } from 'zod';
import { COMMENT_SCORE } from '../constants';
import { requiredString } from '../fields';

const ENTER_A_COMMENT = 'Enter a comment';

/** The comments typed in one box, separated by commas: trimmed, empty ones dropped. */
export function splitComments(text: string): string[] {
  return text
    .split(',')
    .map((comment) => comment.trim())
    .filter((comment) => comment !== '');
}

const SCORE_OUT_OF_RANGE = `Score must be a whole number from ${COMMENT_SCORE.min} to ${COMMENT_SCORE.max}`;

/** A teacher's comment on a student for a term, with an optional score (5 or more shows green). */
export const commentSchema = z.object({
  comment: requiredString(ENTER_A_COMMENT),
  name: requiredString('Name is required'),
  term: requiredString('Term is required'),
  class: requiredString('Class is required'),
  subject: requiredString('Subject is required'),
  score: z
    .number({ error: SCORE_OUT_OF_RANGE })
    .int({ error: SCORE_OUT_OF_RANGE })
    .min(COMMENT_SCORE.min, { error: SCORE_OUT_OF_RANGE })
    .max(COMMENT_SCORE.max, { error: SCORE_OUT_OF_RANGE })
    .optional(),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** The 'Add Comments' dialog: comma-separated comments for a student of a class. */
export const addCommentsDialogSchema = z.object({
  comment: requiredString(ENTER_A_COMMENT).refine((text) => splitComments(text).length > 0, {
    error: ENTER_A_COMMENT,
  }),
  class: requiredString('Class is required'),
  name: requiredString('Name is required'),
});
export type AddCommentsDialogInput = z.infer<typeof addCommentsDialogSchema>;
