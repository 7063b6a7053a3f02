import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT } from './constants';
import { whenMissing } from '../fields';

// the constants live apart from the schema, so that the search box in every page's top bar does not load zod
export * from './constants';

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
