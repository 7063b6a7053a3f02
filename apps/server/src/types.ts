import type { Action, Area, PermissionMatrix } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './lib/mailer';
import type { SchoolCache } from './lib/school-cache';

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
  matrix: PermissionMatrix;
}

export interface RouteAuth {
  area: Area;
  action: Action;
}

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  signedIn: boolean;
  auth: RouteAuth | null;
}

export interface RouteAccessConfig {
  auth?: RouteAuth;
  signedIn?: boolean;
  public?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** Figures computed from a school's data, kept under its version (lib/school-cache.ts). */
    schoolCache: SchoolCache;
    /** Every /api route with what it needs; the route-table test walks it. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    /** The permission-matrix cell this route needs. */
    auth?: RouteAuth;
    /** Open to anyone (signed out included). */
    public?: boolean;
    /** Any signed-in user, whatever the matrix says: their own account (me, password, logout). */
    signedIn?: boolean;
    /** false: a server-to-server callback (a payment provider's signed webhook) that carries no CSRF header. */
    csrf?: false;
  }
}
