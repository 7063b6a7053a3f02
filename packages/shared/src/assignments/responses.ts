/**
 * What the assignments endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';

const ref = z.object({ id: z.string(), name: z.string() });

export const assignmentResponse = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  term: ref,
  class: ref,
  subject: ref,
  teacher: ref,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the signed-in user may edit and delete it (its teacher). */
  canEdit: z.boolean(),
});
export type Assignment = z.infer<typeof assignmentResponse>;

/** GET /api/assignments, GET /api/students/:id/assignments */
export const assignmentListResponse = z.object({ items: z.array(assignmentResponse) });
export type AssignmentList = z.infer<typeof assignmentListResponse>;

/** GET /api/assignments/options */
export const assignmentOptionsResponse = z.object({
  terms: z.array(ref.extend({ isCurrent: z.boolean() })),
  classes: z.array(ref),
  subjects: z.array(ref),
  classSubjects: z.array(z.object({ classId: z.string(), subjectId: z.string() })),
});
export type AssignmentOptions = z.infer<typeof assignmentOptionsResponse>;
