/** What the endpoints about a user's own people answer (server response schemas; web types). */
import { z } from 'zod';

/** One of the signed-in guardian's children, with their class in the selected session. */
export const parentChildResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  registrationNo: z.string(),
  /** null when the child has no class in the selected session */
  className: z.string().nullable(),
});
export type ParentChild = z.infer<typeof parentChildResponse>;

/** GET /api/parent/children */
export const parentChildrenResponse = z.object({ items: z.array(parentChildResponse) });
export type ParentChildrenResponse = z.infer<typeof parentChildrenResponse>;
