/** What GET /api/search answers (server response schema; web types). */
import { z } from 'zod';
import { SEARCH_RESULT_KINDS } from './schemas';

export const searchResultResponse = z.object({
  kind: z.enum(SEARCH_RESULT_KINDS),
  id: z.string(),
  title: z.string(),
  /** A second line: registration number and class, staff type, number of students. */
  subtitle: z.string(),
  /** Where the result opens, in the signed-in user's own area. */
  path: z.string(),
});
export type SearchResult = z.infer<typeof searchResultResponse>;

/** At most SEARCH_RESULTS_PER_KIND of each kind. */
export const searchResponse = z.object({ items: z.array(searchResultResponse) });
export type SearchResponse = z.infer<typeof searchResponse>;
