/** Who is asking for results: the school of the request, the teacher behind it, the audit fields. */
import type { FastifyInstance } from 'fastify';
import { isTeacher } from '../../policies/actors';
import { type RequestContext, requireSchool } from '../../policies/context';
import { keepsEveryClassScores } from '../../policies/results';
import * as people from '../people/people.api';
import { RESULTS_NOT_FOUND } from './results.messages';

export interface Actor {
  ctx: RequestContext;
  schoolId: string;
  staff: { id: string; name: string } | null;
  /** Every class and subject, published or not (keepsEveryClassScores). */
  admin: boolean;
}

/** The school of the request (an actor without one has no results to see). */
export function schoolOf(ctx: RequestContext, missing = RESULTS_NOT_FOUND): string {
  return requireSchool(ctx, missing);
}

/** The actor of a staff request: its school, the teacher's staff record, whether it sees every class. */
export async function staffActor(app: FastifyInstance, ctx: RequestContext): Promise<Actor> {
  const schoolId = schoolOf(ctx);
  const staff = isTeacher(ctx) ? await people.staffForUser(app.db, schoolId, ctx.user.id) : null;
  return { ctx, schoolId, staff, admin: keepsEveryClassScores(ctx) };
}

/** The audit fields every change of results records. */
export function auditBase(ctx: RequestContext, schoolId: string) {
  return { organisationId: ctx.organisationId, schoolId, userId: ctx.user.id, ip: ctx.ip };
}
