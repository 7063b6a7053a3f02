/** What the ratings endpoints take (/api/ratings/*). Each cell's rating is checked by the server, which names the student and trait. */
import { z } from 'zod';
import { lookupIdField, optionalIdField, requiredString } from '../fields';
import {
  CLASS_REQUIRED,
  MAX_TRAITS_PER_DOMAIN,
  TERM_REQUIRED,
  TOO_MANY_TRAITS,
  TRAIT_NAME_MAX,
  TRAIT_NAME_REQUIRED,
  TRAIT_NAME_TOO_LONG,
  type RatingDomain,
} from './constants';

/** GET /api/ratings/sheet?termId&classId */
export const ratingSheetQuerySchema = z.object({
  termId: lookupIdField(TERM_REQUIRED),
  classId: lookupIdField(CLASS_REQUIRED),
});
export type RatingSheetQuery = z.infer<typeof ratingSheetQuerySchema>;

/** A cell as sent: a rating, or null / '' to clear it (its range is checked by the server, naming the student and trait). */
const cellRating = z.union([z.number(), z.string(), z.null()]).optional();

/** PUT /api/ratings/sheet: the whole grid, saved all or nothing. */
export const saveRatingSheetSchema = z.object({
  termId: lookupIdField(TERM_REQUIRED),
  classId: lookupIdField(CLASS_REQUIRED),
  entries: z
    .array(
      z.object({
        studentId: requiredString('Student is required'),
        traitId: requiredString('Trait is required'),
        rating: cellRating,
      }),
      { error: 'Send the grid’s ratings' },
    )
    .max(20_000, { error: 'Too many ratings at once' }),
});
export type SaveRatingSheetInput = z.input<typeof saveRatingSheetSchema>;

const traitInput = z.object({
  /** Absent for a new trait. */
  id: optionalIdField('Trait is required'),
  name: z.string({ error: TRAIT_NAME_REQUIRED }).trim().min(1, { error: TRAIT_NAME_REQUIRED }).max(TRAIT_NAME_MAX, { error: TRAIT_NAME_TOO_LONG }),
  active: z.boolean().optional().default(true),
});
export type TraitInput = z.input<typeof traitInput>;

const domainList = (domain: RatingDomain) =>
  z
    .array(traitInput, { error: `Send the list of ${domain} traits` })
    .refine((items) => items.filter((t) => t.active).length <= MAX_TRAITS_PER_DOMAIN, { error: TOO_MANY_TRAITS(domain) });

/** PUT /api/ratings/traits: each domain's traits in order; a trait left out is removed (deactivated when it has ratings). */
export const saveTraitsSchema = z.object({
  affective: domainList('affective'),
  psychomotor: domainList('psychomotor'),
});
export type SaveTraitsInput = z.input<typeof saveTraitsSchema>;
