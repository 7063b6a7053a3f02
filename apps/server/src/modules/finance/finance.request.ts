/** What the finance routes read from a request: the write context. */
import type { FastifyRequest } from 'fastify';
import { ctxOf, requireSchool } from '../../policies/context';
import type { WriteContext } from './finance.write-context';

/** The finance services' context: the request context with the actor's school required. */
export function writeContextOf(request: FastifyRequest): WriteContext {
  const ctx = ctxOf(request);
  return { actor: ctx.user, schoolId: requireSchool(ctx), ip: ctx.ip, origin: ctx.origin };
}
