/**
 * What the ratings endpoints answer (/api/ratings/*). The server declares these as its response
 * schemas; the web app uses the inferred types.
 */
import { z } from 'zod';

const domain = z.enum(['affective', 'psychomotor']);
const ref = z.object({ id: z.string(), name: z.string() });

export const ratingKeyResponse = z.array(z.object({ rating: z.number(), label: z.string() }));
export type RatingKey = z.infer<typeof ratingKeyResponse>;

export const traitResponse = z.object({
  id: z.string(),
  domain,
  name: z.string(),
  position: z.number(),
  active: z.boolean(),
  /** Whether any student has a rating for it (it is then deactivated rather than removed). */
  rated: z.boolean(),
});
export type Trait = z.infer<typeof traitResponse>;

/** GET/PUT /api/ratings/traits: each domain's traits in order, inactive ones included. */
export const traitsResponse = z.object({ affective: z.array(traitResponse), psychomotor: z.array(traitResponse), canEdit: z.boolean() });
export type Traits = z.infer<typeof traitsResponse>;

/** GET /api/ratings/options: the selected session's terms and the classes the user rates. */
export const ratingOptionsResponse = z.object({ terms: z.array(ref.extend({ isCurrent: z.boolean() })), classes: z.array(ref) });
export type RatingOptions = z.infer<typeof ratingOptionsResponse>;

/** GET/PUT /api/ratings/sheet: a class's students × the active traits, with their ratings of the term. */
export const ratingSheetResponse = z.object({
  termId: z.string(),
  termName: z.string(),
  classId: z.string(),
  className: z.string(),
  /** Affective traits first, each domain in the school's order. */
  traits: z.array(z.object({ id: z.string(), domain, name: z.string() })),
  students: z.array(
    z.object({
      studentId: z.string(),
      /** Surname first. */
      name: z.string(),
      admissionNumber: z.string().nullable(),
      /** trait id → rating (1-5); traits not rated are absent. */
      ratings: z.record(z.string(), z.number()),
    }),
  ),
  key: ratingKeyResponse,
  canEdit: z.boolean(),
  /** Why the grid is read-only, when it is. */
  lockedReason: z.string().nullable(),
});
export type RatingSheet = z.infer<typeof ratingSheetResponse>;

/** On the report card: each domain's traits with the student's rating (null: not rated), and the key. */
export const cardRatingsResponse = z.object({
  affective: z.array(z.object({ name: z.string(), rating: z.number().nullable() })),
  psychomotor: z.array(z.object({ name: z.string(), rating: z.number().nullable() })),
  key: ratingKeyResponse,
});
export type CardRatings = z.infer<typeof cardRatingsResponse>;
