/** What the finance routes read from a request: the actor's school, a record id, the write context. */
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { ctxOf } from '../../policies/context';
import type { RequestUser } from '../../types';
import type { WriteContext } from './finance.write-context';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actor's school (404 for an organisation's owner, who has none). */
export function schoolOf(user: RequestUser): string {
  if (!user.schoolId) throw notFound('School not found');
  return user.schoolId;
}

/** An id from the URL or query: 404 `<what> not found` when it is not a UUID. */
export function idOf(id: string, what: string): string {
  if (!UUID.test(id)) throw notFound(`${what} not found`);
  return id;
}

/** The finance services' context: the request context with the actor's school required. */
export function writeContextOf(request: FastifyRequest): WriteContext {
  const ctx = ctxOf(request);
  return { actor: ctx.user, schoolId: schoolOf(ctx.user), ip: ctx.ip, origin: ctx.origin };
}
