/**
 * Tables of the organisations area. The create-user form (super-admin/user-roles/create-user)
 * asks for more about a person than their account and role record hold; those details are kept
 * here, one row per user, so nothing typed into the form is lost.
 */
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations, schools, users } from './schema';

export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id),
  /** null for a super administrator */
  schoolId: uuid('school_id').references(() => schools.id),
  /** gender, dob, address, contactPerson, relationship, institution, … as typed in the form */
  details: jsonb('details').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
