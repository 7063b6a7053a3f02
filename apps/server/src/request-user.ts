/**
 * The signed-in user as requests carry it. Kept apart from types.ts (which declares the request's
 * policy and context for Fastify) so that policies/ can use it without a loop.
 */
import type { PermissionMatrix } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';

export interface AcademicSessionRow {
  id: string;
  schoolId: string;
  name: string;
  status: string;
  createdAt: Date;
}

/** The signed-in user as the server sees them on each request. */
export interface RequestUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  organisationId: string;
  organisationName: string;
  schoolId: string | null;
  schoolName: string | null;
  selectedAcademicSessionId: string | null;
  /** The school's data version when the request began (lib/school-cache.ts); null without a school. */
  schoolVersion: number | null;
  /** The school's time zone (null without a school). */
  schoolTimeZone: string | null;
  /** Read with the session: the school's Active academic session and the user's stored choice (null without a school). */
  academicSessions: { active: AcademicSessionRow | null; selected: AcademicSessionRow | null };
  sessionTokenHash: string;
  /**
   * An owner (super administrator) running one of the organisation's schools as its administrator
   * (ADR 0038): `role` is then `admin` and `schoolId` that school, for every policy and query alike.
   */
  actingOwner: boolean;
  matrix: PermissionMatrix;
}
