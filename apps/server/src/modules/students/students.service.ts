import type { StudentDetailsValues, StudentOwnProfileValues } from '@school/shared/students/schemas';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import type { RequestUser } from '../../types';
import { studentSnapshot } from './students.presenter';
import * as repo from './students.repository';

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
}

/** An administrator's edit of a student's personal details; audited with before and after. */
export async function updateStudentDetails(app: FastifyInstance, ctx: WriteContext, id: string, values: StudentDetailsValues) {
  await app.db.transaction(async (tx) => {
    const current = await repo.findStudent(tx, ctx.schoolId, id);
    if (!current) throw notFound('Student not found');
    const next = { ...values, middleName: values.middleName ?? null };
    await repo.updateStudent(tx, ctx.schoolId, id, next);
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: 'student.updated',
      entity: 'student',
      entityId: id,
      before: studentSnapshot(current),
      after: studentSnapshot({ ...current, ...next }),
      ip: ctx.ip,
    });
  });
}

/** A student's own change of the fields they may edit (the address). */
export async function updateOwnProfile(app: FastifyInstance, ctx: WriteContext, id: string, values: StudentOwnProfileValues) {
  await app.db.transaction(async (tx) => {
    const current = await repo.findStudent(tx, ctx.schoolId, id);
    if (!current || current.userId !== ctx.actor.id) throw notFound('Student not found');
    await repo.updateStudent(tx, ctx.schoolId, id, { address: values.address });
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: 'student.profile-updated',
      entity: 'student',
      entityId: id,
      before: { address: current.address ?? null },
      after: { address: values.address },
      ip: ctx.ip,
    });
  });
}
