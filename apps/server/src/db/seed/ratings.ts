/**
 * Demo ratings (issue 18): the school's default traits, and for every student of a class whose
 * results of a term are published (the completed terms, seed/results.ts) a rating 1-5 of each trait,
 * from a hash of student, trait and term around a per-student disposition, so that the demo report
 * cards show them. Generated in SQL, one school per statement (ADR 0026).
 */
import { DEFAULT_TRAITS, RATING_DOMAINS } from '@school/shared/ratings/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { ratingTraits } from '../schema';

export async function seedRatings(db: DbOrTx, schoolId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(ratingTraits)
      .values(RATING_DOMAINS.flatMap((domain) => DEFAULT_TRAITS[domain].map((name, position) => ({ schoolId, domain, name, position }))))
      .onConflictDoNothing();
    await tx.execute(sql`
      with cells as (
        select e.school_id, p.term_id, e.student_id, rt.id as trait_id,
          get_byte(decode(md5(e.student_id::text || 'conduct'), 'hex'), 0) / 255.0 as disposition,
          get_byte(decode(md5(e.student_id::text || rt.id::text || p.term_id::text), 'hex'), 0) / 255.0 as h
        from result_publications p
        join enrolments e on e.school_id = p.school_id and e.class_id = p.class_id
        join rating_traits rt on rt.school_id = e.school_id and rt.active
        where p.school_id = ${schoolId}
      )
      insert into student_ratings (school_id, term_id, student_id, trait_id, rating, updated_at)
      select school_id, term_id, student_id, trait_id, greatest(1, least(5, round(1.8 + 3.4 * (0.55 * disposition + 0.45 * h))))::smallint, now()
      from cells
      on conflict do nothing`);
  });
}
