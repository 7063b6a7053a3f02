import { z } from 'zod';
import { whenMissing } from '../fields';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results of each kind (students, staff, classes) the top-bar search answers at most. */
export const SEARCH_RESULTS_PER_KIND = 5;
/** How long the search box waits after the last key before asking. */
export const SEARCH_DEBOUNCE_MS = 250;

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_LENGTH} characters`;

/** GET /api/search?q= */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: whenMissing(SEARCH_TOO_SHORT) })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT)
    .max(SEARCH_MAX_LENGTH, `Type at most ${SEARCH_MAX_LENGTH} characters`),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const SEARCH_RESULT_KINDS = ['student', 'staff', 'class'] as const;
export type SearchResultKind = (typeof SEARCH_RESULT_KINDS)[number];

export interface SearchResult {
  kind: SearchResultKind;
  id: string;
  title: string;
  /** A second line: registration number and class, staff type, number of students. */
  subtitle: string;
  /** Where the result opens, in the signed-in user's own area. */
  path: string;
}

export interface SearchResponse {
  items: SearchResult[];
}
