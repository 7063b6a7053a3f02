/**
 * Tables of the organisations area: each organisation's settings and permission matrix, and the
 * details of a person that the create-user form (super-admin/user-roles/create-user) asks for beyond
 * their account and role record, one row per user, so nothing typed into the form is lost.
 */
import { jsonb, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { nullableSchoolId, organisationId, userId } from './schema-core';

export const organisationSettings = pgTable('organisation_settings', {
  organisationId: organisationId().primaryKey(),
  /** { passwordMinLength, sessionIdleMinutes, maxLoginAttempts, ... } */
  settings: jsonb('settings').notNull().default({}),
  updatedAt: updatedAt(),
});

/** The permission matrix of an organisation (role → area → action → allowed). */
export const permissionMatrices = pgTable('permission_matrices', {
  organisationId: organisationId().primaryKey(),
  matrix: jsonb('matrix').notNull(),
  updatedAt: updatedAt(),
});

export const userProfiles = pgTable('user_profiles', {
  userId: userId('cascade').primaryKey(),
  organisationId: organisationId(),
  /** null for a super administrator */
  schoolId: nullableSchoolId(),
  /** gender, dob, address, contactPerson, relationship, institution, … as typed in the form */
  details: jsonb('details').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
