/** What the ratings module offers other modules: a term's ratings of students for their report cards. */
import { RATING_KEY, type RatingDomain } from '@school/shared/ratings/constants';
import type { CardRatings } from '@school/shared/ratings/responses';
import type { DbOrTx } from '../../db/client';
import * as repo from './ratings.repository';
import { ensureTraits } from './ratings.service';

/**
 * Each student's affective and psychomotor ratings of the term, trait by trait in the school's order
 * (the active traits, and an inactive one where the student was rated on it), null where not rated;
 * with the key. Every asked id is in the map. Two queries whatever the number of students.
 */
export async function ratingsForCard(
  db: DbOrTx,
  { schoolId, termId, studentIds }: { schoolId: string; termId: string; studentIds: string[] },
): Promise<Map<string, CardRatings>> {
  const ids = [...new Set(studentIds)];
  const [traits, rows] = await Promise.all([ensureTraits(db, schoolId), repo.ratingsOf(db, schoolId, termId, ids)]);
  const ordered = [...traits].sort((a, b) => a.position - b.position);
  const given = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const cells = given.get(r.studentId) ?? new Map<string, number>();
    cells.set(r.traitId, r.rating);
    given.set(r.studentId, cells);
  }
  const result = new Map<string, CardRatings>();
  for (const id of ids) {
    const cells = given.get(id);
    const domain = (d: RatingDomain) =>
      ordered.filter((t) => t.domain === d && (t.active || cells?.has(t.id))).map((t) => ({ name: t.name, rating: cells?.get(t.id) ?? null }));
    result.set(id, { affective: domain('affective'), psychomotor: domain('psychomotor'), key: RATING_KEY.map((k) => ({ ...k })) });
  }
  return result;
}
