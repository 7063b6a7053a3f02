/**
 * Tables of affective and psychomotor ratings (issue 18): the traits a school rates its students on
 * (its own list per domain, with Nigerian defaults inserted the first time it is read), and each
 * student's rating 1-5 of a trait for a term, entered by the class teacher.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { byUserId, schoolId, studentId, termId } from './schema-core';
import { inSchool } from './school-table';

/** A trait a school rates: 'affective' (punctuality, neatness …) or 'psychomotor' (handwriting, games …). */
export const ratingTraits = inSchool(
  pgTable(
    'rating_traits',
    {
      id: id(),
      schoolId: schoolId(),
      /** affective | psychomotor */
      domain: text('domain').notNull(),
      name: text('name').notNull(),
      /** Order within the domain, from 0. */
      position: integer('position').notNull(),
      /** An inactive trait is not rated any more; kept because students have ratings for it. */
      active: boolean('active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('rating_traits_school_domain_name_unique').on(t.schoolId, t.domain, t.name),
      check('rating_traits_domain_check', sql`${t.domain} in ('affective', 'psychomotor')`),
    ],
  ),
);

/** A student's rating 1-5 of one trait for a term; no row: not rated. */
export const studentRatings = inSchool(
  pgTable(
    'student_ratings',
    {
      schoolId: schoolId(),
      termId: termId('cascade'),
      studentId: studentId('cascade'),
      traitId: uuid('trait_id')
        .notNull()
        .references(() => ratingTraits.id, { onDelete: 'cascade' }),
      rating: smallint('rating').notNull(),
      updatedByUserId: byUserId('updated_by_user_id'),
      updatedAt: updatedAt(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.termId, t.studentId, t.traitId] }), check('student_ratings_rating_check', sql`${t.rating} between 1 and 5`)],
  ),
);
