import { effectiveMatrix } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import { DEFAULT_SECURITY_SETTINGS, SESSION_ABSOLUTE_DAYS, type SecuritySettings } from '@school/shared/settings/security-defaults';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import { academicSessions, authSessions, organisations, organisationSettings, permissionMatrices, schools, schoolVersions, users } from '../db/schema';
import { sha256 } from '../lib/tokens';
import { isOwner } from '../policies/actors';
import type { AcademicSessionRow } from '../types';

export const SESSION_COOKIE = 'sid';
const TOUCH_AFTER_MS = 60_000;

/**
 * Reads the session cookie (`<user id>.<token>`: a session is found by its account, whose shard holds
 * it) and loads the user, their organisation, school and permission matrix in one query, then, for an
 * account of a school, that school's version and academic sessions in a second one: on a distributed
 * PostgreSQL those rows sit in the school's shard, which only the account names (ADR 0026). An expired
 * or idle session, a disabled user, an inactive school or a suspended organisation all count as signed
 * out, and so does a cookie of another shape.
 */
export default fp(async function authentication(app: FastifyInstance) {
  app.decorateRequest('user', null);

  // the school's Active academic session and the user's chosen one come along: most requests look at one
  const activeSession = alias(academicSessions, 'active_session');
  const selectedSession = alias(academicSessions, 'selected_session');
  const sessionColumns = (t: typeof activeSession | typeof selectedSession) => ({
    id: t.id,
    schoolId: t.schoolId,
    name: t.name,
    status: t.status,
    createdAt: t.createdAt,
  });

  // built once: the session lookup runs on every request, and building it was a sixth of its cost
  const sessionLookup = app.db
    .select({
      session: authSessions,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
        organisationId: users.organisationId,
        schoolId: users.schoolId,
        selectedAcademicSessionId: users.selectedAcademicSessionId,
      },
      organisationName: organisations.name,
      organisationStatus: organisations.status,
      schoolName: schools.name,
      schoolStatus: schools.status,
      schoolTimeZone: schools.timeZone,
      matrix: permissionMatrices.matrix,
      settings: organisationSettings.settings,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(permissionMatrices, eq(permissionMatrices.organisationId, users.organisationId))
    .leftJoin(organisationSettings, eq(organisationSettings.organisationId, users.organisationId))
    .where(and(eq(authSessions.userId, sql.placeholder('userId')), eq(authSessions.tokenHash, sql.placeholder('tokenHash'))))
    .limit(1)
    .prepare('auth_session_lookup');

  // the school's rows, by the school the account names: its data version and academic sessions
  const schoolLookup = app.db
    .select({
      organisationId: schools.organisationId,
      name: schools.name,
      status: schools.status,
      timeZone: schools.timeZone,
      schoolVersion: schoolVersions.version,
      activeSession: sessionColumns(activeSession),
      selectedSession: sessionColumns(selectedSession),
    })
    .from(schools)
    .leftJoin(schoolVersions, eq(schoolVersions.schoolId, schools.id))
    .leftJoin(activeSession, and(eq(activeSession.schoolId, schools.id), eq(activeSession.status, 'Active')))
    .leftJoin(selectedSession, and(eq(selectedSession.schoolId, schools.id), eq(selectedSession.id, sql.placeholder('selectedSessionId'))))
    .where(eq(schools.id, sql.placeholder('schoolId')))
    .limit(1)
    .prepare('auth_school_lookup');

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie || !request.url.startsWith('/api/')) return;
    // a cookie of another shape (one from before the account was named in it) is no session
    const parsed = parseAccountToken(cookie);
    if (!parsed) {
      clearSessionCookie(reply);
      return;
    }
    const tokenHash = sha256(parsed.token);
    const [row] = await sessionLookup.execute({ userId: parsed.userId, tokenHash });
    if (!row) {
      clearSessionCookie(reply);
      return;
    }
    const settings = securitySettings(row.settings);
    const now = Date.now();
    const idleEnds = row.session.lastSeenAt.getTime() + settings.sessionIdleMinutes * 60_000;
    const usable =
      row.session.expiresAt.getTime() > now &&
      idleEnds > now &&
      row.user.status === 'active' &&
      row.organisationStatus === 'active' &&
      (row.schoolStatus === null || row.schoolStatus === 'active');
    if (!usable) {
      await app.db.delete(authSessions).where(and(eq(authSessions.userId, parsed.userId), eq(authSessions.tokenHash, tokenHash)));
      clearSessionCookie(reply);
      return;
    }
    // an owner running one of the organisation's schools as its administrator (ADR 0038): only while
    // the school is the owner's organisation's and active; otherwise the session is the owner's again
    const acting = isOwner(row.user) ? row.session.actingSchoolId : null;
    const lookupId = acting ?? row.user.schoolId;
    const [found] = lookupId ? await schoolLookup.execute({ schoolId: lookupId, selectedSessionId: row.user.selectedAcademicSessionId }) : [];
    const actingOwner = acting !== null && found?.organisationId === row.user.organisationId && found.status === 'active';
    const school = acting && !actingOwner ? undefined : found;
    const schoolId = actingOwner ? acting : row.user.schoolId;
    if (now - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await app.db
        .update(authSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(and(eq(authSessions.userId, parsed.userId), eq(authSessions.tokenHash, tokenHash)));
    }
    request.user = {
      id: row.user.id,
      name: row.user.name,
      email: row.user.email,
      role: actingOwner ? 'admin' : (row.user.role as Role),
      organisationId: row.user.organisationId,
      organisationName: row.organisationName,
      schoolId,
      schoolName: actingOwner ? found!.name : row.schoolName,
      selectedAcademicSessionId: row.user.selectedAcademicSessionId,
      schoolVersion: schoolId ? (school?.schoolVersion ?? 0) : null,
      schoolTimeZone: actingOwner ? found!.timeZone : row.schoolTimeZone,
      actingOwner,
      academicSessions: { active: sessionRow(school?.activeSession ?? null), selected: sessionRow(school?.selectedSession ?? null) },
      sessionTokenHash: tokenHash,
      matrix: effectiveMatrix(row.matrix),
    };
  });
});

/** A left-joined academic session: null when the join found none. */
function sessionRow(s: { [K in keyof AcademicSessionRow]: AcademicSessionRow[K] | null } | null): AcademicSessionRow | null {
  return s?.id ? (s as AcademicSessionRow) : null;
}

export function securitySettings(stored: unknown): SecuritySettings {
  return { ...DEFAULT_SECURITY_SETTINGS, ...((stored as Partial<SecuritySettings> | null) ?? {}) };
}

const ACCOUNT_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]+)$/i;

/**
 * A session cookie or a reset link's token, `<user id>.<random token>`: the account names the shard
 * of its sessions and reset tokens (ADR 0026), the random part is what is hashed and stored. Null for
 * anything else, so no malformed id reaches a statement.
 */
export function parseAccountToken(value: string): { userId: string; token: string } | null {
  const match = ACCOUNT_TOKEN.exec(value);
  return match ? { userId: match[1].toLowerCase(), token: match[2] } : null;
}

/** `<user id>.<random token>`, the value `parseAccountToken` reads. */
export function accountToken(userId: string, token: string): string {
  return `${userId}.${token}`;
}

/** Sets the `sid` cookie of a session made by `startSession` (modules/auth/auth.service.ts). */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_ABSOLUTE_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
