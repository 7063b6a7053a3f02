/**
 * The request context: who is acting, for which organisation and school, from where, looking at
 * which academic session. Resolved once per request (plugins/context.ts); services take
 * `(db, ctx, input)` instead of the Fastify request, and the policies decide from it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveAcademicSession } from '../modules/academic-sessions/academic-context';
import { notFound } from '../lib/http-errors';
import { originOf } from '../lib/request-origin';
import { type ScopedCache, scopedCache } from '../lib/school-cache';
import type { AcademicSessionRow, RequestUser } from '../request-user';

export interface RequestContext {
  user: RequestUser;
  organisationId: string;
  /** The actor's school (null for an organisation's owner, a super administrator). */
  schoolId: string | null;
  ip: string;
  /** The base URL for links in mail. */
  origin: string;
  /** The academic session the request looks at (header, stored choice, or the school's Active one); resolved at most once. */
  academicSession(): Promise<AcademicSessionRow | null>;
  /** Figures computed from the actor's school's data, kept under the school's version the request started with. */
  schoolCache: ScopedCache;
}

/** Builds the context of a signed-in request; the academic session is looked up on first use only. */
export function contextOf(app: FastifyInstance, request: FastifyRequest, user: RequestUser): RequestContext {
  let session: Promise<AcademicSessionRow | null> | null = null;
  return {
    user,
    organisationId: user.organisationId,
    schoolId: user.schoolId,
    ip: request.ip,
    origin: originOf(app, request),
    academicSession: () => (session ??= resolveAcademicSession(app, request) as Promise<AcademicSessionRow | null>),
    schoolCache: scopedCache(app, user),
  };
}

/** The context of a route whose policy is not public (the authorization plugin has set it). */
export function ctxOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new Error(`no request context on ${request.method} ${request.url}: is the route's policy public?`);
  return request.ctx;
}

/** The actor's school: 404 `School not found` for one without (an organisation's owner, a super administrator). */
export function requireSchool(ctx: { schoolId: string | null }, notFoundMessage = 'School not found'): string {
  if (!ctx.schoolId) throw notFound(notFoundMessage);
  return ctx.schoolId;
}
