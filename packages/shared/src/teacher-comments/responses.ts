/**
 * What the teacher-comments endpoints answer (/api/teacher-comments/*). The server declares these as
 * its response schemas; the web app uses the inferred types.
 */
import { z } from 'zod';

const ref = z.object({ id: z.string(), name: z.string() });

/** One comment as a chip: green from COMMENT_SCORE.goodFrom, pink below. */
export const commentChipResponse = z.object({
  id: z.string(),
  comment: z.string(),
  score: z.number(),
  subject: ref.nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  /** Whether the signed-in user wrote it (and so may remove it). */
  canDelete: z.boolean(),
});
export type CommentChip = z.infer<typeof commentChipResponse>;

/** POST /api/teacher-comments: one chip per comma-separated comment, in the order typed. */
export const addedCommentsResponse = z.object({ items: z.array(commentChipResponse) });
export type AddedComments = z.infer<typeof addedCommentsResponse>;

export const commentRowResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  registrationNo: z.string(),
  photoUrl: z.string().nullable(),
  class: ref,
  comments: z.array(commentChipResponse),
});
export type CommentRow = z.infer<typeof commentRowResponse>;

/** GET /api/teacher-comments */
export const commentListResponse = z.object({ termId: z.string().nullable(), items: z.array(commentRowResponse) });
export type CommentList = z.infer<typeof commentListResponse>;

/** GET /api/teacher-comments/options */
export const commentOptionsResponse = z.object({
  terms: z.array(ref.extend({ isCurrent: z.boolean() })),
  classes: z.array(ref),
  subjects: z.array(ref),
  students: z.array(z.object({ id: z.string(), name: z.string(), classId: z.string() })),
});
export type CommentOptions = z.infer<typeof commentOptionsResponse>;

/** GET /api/teacher-comments/students/:studentId: a student's comments of a term. */
export const studentCommentsResponse = z.object({
  items: z.array(z.object({ id: z.string(), comment: z.string(), score: z.number(), subject: ref.nullable(), authorName: z.string() })),
});
export type StudentComments = z.infer<typeof studentCommentsResponse>;
export type StudentComment = StudentComments['items'][number];
