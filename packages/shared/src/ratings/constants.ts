/**
 * Affective and psychomotor ratings (issue 18): the traits a school rates its students on each term,
 * rated 1 to 5 by the class teacher, and the key printed with them on the report card. Zod-free, so
 * that screens showing the key do not pull in the schemas.
 */

export const RATING_DOMAINS = ['affective', 'psychomotor'] as const;
export type RatingDomain = (typeof RATING_DOMAINS)[number];

export const DOMAIN_LABELS: Record<RatingDomain, string> = {
  affective: 'Affective traits',
  psychomotor: 'Psychomotor skills',
};

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** At most this many active traits in each domain. */
export const MAX_TRAITS_PER_DOMAIN = 20;
export const TRAIT_NAME_MAX = 60;

/** The key to the ratings, highest first (printed under the ratings on the report card). */
export const RATING_KEY: ReadonlyArray<{ rating: number; label: string }> = [
  { rating: 5, label: 'Excellent' },
  { rating: 4, label: 'Very good' },
  { rating: 3, label: 'Good' },
  { rating: 2, label: 'Fair' },
  { rating: 1, label: 'Poor' },
];

/** The key in one line: '5 Excellent, 4 Very good, 3 Good, 2 Fair, 1 Poor'. */
export const ratingKeyText = (key: ReadonlyArray<{ rating: number; label: string }> = RATING_KEY) => key.map((k) => `${k.rating} ${k.label}`).join(', ');

/** The traits a school starts with, in order (inserted the first time its traits are read). */
export const DEFAULT_TRAITS: Record<RatingDomain, readonly string[]> = {
  affective: ['Punctuality', 'Neatness', 'Politeness', 'Honesty', 'Attentiveness', 'Self-control', 'Relationship with others', 'Leadership'],
  psychomotor: ['Handwriting', 'Games and sports', 'Drawing and painting', 'Handling of tools', 'Musical skills', 'Verbal fluency'],
};

// ---------------------------------------------------------------- messages

export const TERM_REQUIRED = 'Please Select a Term';
export const CLASS_REQUIRED = 'Please Select a Class';
export const TRAIT_NAME_REQUIRED = 'Enter the name of each trait';
export const TRAIT_NAME_TOO_LONG = `A trait's name must be at most ${TRAIT_NAME_MAX} characters`;
export const TOO_MANY_TRAITS = (domain: RatingDomain) => `${DOMAIN_LABELS[domain]}: at most ${MAX_TRAITS_PER_DOMAIN} active traits`;
export const DUPLICATE_TRAIT = (domain: RatingDomain, name: string) => `${name} is listed twice under ${DOMAIN_LABELS[domain]}`;
export const TRAIT_NOT_FOUND = 'This trait is not one of the school’s traits';
export const RATING_OUT_OF_RANGE = (student: string, trait: string) => `${student}: ${trait} must be ${RATING_MIN} to ${RATING_MAX}`;
export const STUDENT_NOT_IN_CLASS = (student: string, className: string) => `${student} is not in ${className}`;
export const TRAIT_NOT_RATED = (trait: string) => `${trait} is no longer rated: refresh the page`;
export const NOT_CLASS_TEACHER = (className: string) => `Only the class teacher of ${className} can rate its students`;
export const RATINGS_LOCKED = 'The results of this term are published for this class: only an administrator can change its ratings';

/** A typed cell: '' clears it; a whole number 1-5 is a rating; anything else is NaN (refused). */
export function parseRatingInput(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export const isRating = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;
