/**
 * The one way a person's name is written from its parts. Lists that are sorted by surname (registers,
 * broadsheets, score sheets, promotion) write it surname first; everything else, given name first.
 * Parts that are missing or empty are left out, so no name has a doubled or trailing space.
 */
export interface NameParts {
  firstName: string;
  lastName: string;
  /** Left out when absent: pass it only where the name is written in full. */
  middleName?: string | null;
}

export type NameOrder = 'surname-first' | 'given-first';

/** 'Ada Grace Obi' (given-first) or 'Obi Ada Grace' (surname-first). */
export function personName(p: NameParts, { order = 'given-first' }: { order?: NameOrder } = {}): string {
  const parts = order === 'surname-first' ? [p.lastName, p.firstName, p.middleName] : [p.firstName, p.middleName, p.lastName];
  return parts.filter(Boolean).join(' ');
}
