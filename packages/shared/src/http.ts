/**
 * What every error answer of the API looks like (apps/server/src/plugins/errors.ts shapes them):
 * the status, its name, one message for a person, and for form errors the message per field.
 * Routes whose refusal carries more (an import report, a list of unscored subjects) declare their
 * own schema for that status; others keep any extra field as it is.
 */
import { z } from 'zod';

export const apiErrorResponse = z.looseObject({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** field path → the spec's message, for 400s from a form */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorResponse>;

/** The answer of a write that has nothing to say beyond success. */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** A 204: no body at all. */
export const noContentResponse = z.null().describe('No content');

/** A 304 to a read whose If-None-Match still names its ETag: no body, the browser's copy holds. */
export const notModifiedResponse = z.null().describe('Not modified: the copy named in If-None-Match is still current');

/** One page of a list: its items, how many there are in all, and which page of what size this is. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}
