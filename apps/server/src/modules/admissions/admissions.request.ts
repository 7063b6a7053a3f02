/** What the admissions routes read from a request: the actor's school, the write context, a batch or letter in it. */
import type { AdmissionLetter } from '@school/shared/admissions/responses';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/http-errors';
import { requireSchool, type RequestContext } from '../../policies/context';
import type * as direct from './admissions.direct';
import * as repo from './admissions.repository';
import * as service from './admissions.service';

export function writeContext(ctx: RequestContext): service.WriteContext {
  return { actor: ctx.user, schoolId: requireSchool(ctx), ip: ctx.ip, origin: ctx.origin };
}

/** The batch (the route's policy has checked it is of the actor's school). */
export async function loadBatch(app: FastifyInstance, schoolId: string, id: string) {
  const row = await repo.findBatch(app.db, schoolId, id);
  if (!row) throw notFound('Batch not found');
  return row;
}

export async function loadLetter(app: FastifyInstance, schoolId: string, id: string): Promise<AdmissionLetter> {
  const row = await repo.findApplicationDetail(app.db, schoolId, id);
  if (!row) throw notFound('Application not found');
  const a = row.application;
  if (a.status !== 'Accepted' || !row.classLevelAdmitted || !row.sessionName) throw conflict('Only accepted applicants have an admission letter');
  const school = (await repo.findSchool(app.db, schoolId))!;
  return {
    school: { name: school.name, address: school.address, city: school.city, state: school.state, phone: school.phone, email: school.email },
    registrationNo: a.registrationNo,
    name: a.name,
    guardianName: a.guardianName,
    relationship: a.relationship,
    className: `${row.classLevelAdmitted} ${row.classArm}`,
    sessionName: row.sessionName,
    date: service.todayIn(school.timeZone, a.decidedAt ?? new Date()),
  };
}

/** A write into the request's academic session (admitting, deciding). */
export async function admitContext(ctx: RequestContext): Promise<direct.AdmitContext> {
  const session = await ctx.academicSession();
  return { ...writeContext(ctx), session: session ? { id: session.id, name: session.name } : null };
}
