/** What the finance routes read from a request: the actor's school, a record id, the write context. */
import { isUuid } from '@school/shared/fields';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { ctxOf, requireSchool } from '../../policies/context';
import type { WriteContext } from './finance.write-context';

/** An id from the URL or query: 404 `<what> not found` when it is not a UUID. */
export function idOf(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(`${what} not found`);
  return id;
}

/** The finance services' context: the request context with the actor's school required. */
export function writeContextOf(request: FastifyRequest): WriteContext {
  const ctx = ctxOf(request);
  return { actor: ctx.user, schoolId: requireSchool(ctx), ip: ctx.ip, origin: ctx.origin };
}
