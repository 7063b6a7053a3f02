/** The organisation's overview and schools: adding, (de)activating, appointing administrators. */
import { isSchoolAdmin } from '../../policies/actors';
import { mayBecomeAdministrator } from '../../policies/organisation';
import { EMAIL_TAKEN, type AddSchoolInput, type NewAdministratorInput } from '@school/shared/organisations/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { RequestUser } from '../../types';
import { currentTermMarks } from '../attendance/attendance.api';
import { setActingSchool } from '../auth/auth.api';
import { inviteUser } from '../invitations/invitations.service';
import * as present from './organisations.presenter';
import * as repo from './organisations.repository';
import type { Scope } from './organisations.repository';
import { uniqueSchoolCode } from './organisations.registration';
import {
  ADMINISTRATOR_NOT_FOUND,
  deliverAll,
  isEmailUniqueViolation,
  ONLY_TEACHERS_BECOME_ADMINISTRATORS,
  SCHOOL_NOT_FOUND,
  scopeOf,
  USER_NOT_FOUND,
  type RequestMeta,
} from './organisations.common';

export async function overview(app: FastifyInstance, user: RequestUser) {
  const rows = await repo.schoolsWithFigures(app.db, scopeOf(user));
  const marks = await currentTermMarks(
    app.db,
    rows.map((r) => r.school.id),
  );
  return present.presentOverview(user.organisationName, rows, marks);
}

export async function listSchools(app: FastifyInstance, user: RequestUser) {
  const scope = scopeOf(user);
  const rows = await repo.schoolsWithFigures(app.db, scope);
  const administrators = await repo.administratorsOf(
    app.db,
    scope.organisationId,
    rows.map((row) => row.school.id),
  );
  return { items: rows.map((row) => present.presentSchool(row, administrators)) };
}

export async function addSchool(app: FastifyInstance, user: RequestUser, input: AddSchoolInput, ip: string) {
  const school = await app.db.transaction(async (tx) => {
    const code = uniqueSchoolCode(input.name, await repo.schoolCodesOf(tx, user.organisationId));
    const school = await repo.insertSchool(tx, { organisationId: user.organisationId, ...input, code });
    await audit(tx, {
      organisationId: user.organisationId,
      schoolId: school.id,
      userId: user.id,
      action: 'school.created',
      entity: 'school',
      entityId: school.id,
      after: { ...input, code },
      ip,
    });
    return school;
  });
  return present.presentNewSchool(school);
}

/**
 * Deactivating a school stops its users at once: their sessions end and sign-in tells them why
 * (modules/auth). Re-activating lets them sign in again.
 */
export async function setSchoolStatus(app: FastifyInstance, user: RequestUser, schoolId: string, status: 'active' | 'inactive', ip: string) {
  const school = await repo.findSchoolInScope(app.db, scopeOf(user), schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  if (school.status !== status) {
    await app.db.transaction(async (tx) => {
      await repo.setSchoolStatus(tx, school.id, status);
      if (status === 'inactive') await repo.deleteSessionsOfSchool(tx, school.id);
      await audit(tx, {
        organisationId: user.organisationId,
        schoolId: school.id,
        userId: user.id,
        action: status === 'inactive' ? 'school.deactivated' : 'school.reactivated',
        entity: 'school',
        entityId: school.id,
        before: { status: school.status },
        after: { status },
        ip,
      });
    });
  }
  return { id: school.id, status };
}

export const SCHOOL_INACTIVE_TO_RUN = 'This school is deactivated. Re-activate it before running it.';
export const NOT_RUNNING_A_SCHOOL = 'You are not running a school as its administrator.';

/**
 * An owner runs one of the organisation's schools as its administrator, with no second account
 * (ADR 0038): from the next request on, this session is the school's administrator's, and every
 * change it makes is recorded under the owner's own name.
 */
export async function runSchool(app: FastifyInstance, user: RequestUser, schoolId: string, ip: string) {
  const school = await repo.findSchoolInScope(app.db, scopeOf(user), schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  if (school.status !== 'active') throw conflict(SCHOOL_INACTIVE_TO_RUN);
  await app.db.transaction(async (tx) => {
    await setActingSchool(tx, user, school.id);
    await audit(tx, {
      organisationId: user.organisationId,
      schoolId: school.id,
      userId: user.id,
      action: 'school.run_by_owner',
      entity: 'school',
      entityId: school.id,
      ip,
    });
  });
  return { schoolId: school.id, schoolName: school.name };
}

/** The owner's session is the owner's own again. */
export async function leaveSchool(app: FastifyInstance, user: RequestUser, ip: string) {
  if (!user.actingOwner || !user.schoolId) throw badRequest(NOT_RUNNING_A_SCHOOL);
  const schoolId = user.schoolId;
  await app.db.transaction(async (tx) => {
    await setActingSchool(tx, user, null);
    await audit(tx, {
      organisationId: user.organisationId,
      schoolId,
      userId: user.id,
      action: 'school.left_by_owner',
      entity: 'school',
      entityId: schoolId,
      ip,
    });
  });
}

/** The administrator being replaced: an admin of this school, not the one being appointed. */
async function findReplacedAdministrator(db: DbOrTx, scope: Scope, schoolId: string, replacesUserId: string | undefined) {
  if (!replacesUserId) return null;
  const replaced = await repo.findUserInScope(db, scope, replacesUserId);
  if (!replaced || replaced.schoolId !== schoolId || !isSchoolAdmin(replaced)) throw notFound(ADMINISTRATOR_NOT_FOUND);
  return replaced;
}

async function retireAdministrator(tx: DbOrTx, actor: RequestUser, replaced: { id: string; schoolId: string | null; status: string }, ip: string) {
  await repo.updateUser(tx, replaced.id, { status: 'disabled' });
  await repo.deleteSessionsOfUser(tx, replaced.id);
  await audit(tx, {
    organisationId: actor.organisationId,
    schoolId: replaced.schoolId,
    userId: actor.id,
    action: 'school.administrator_replaced',
    entity: 'user',
    entityId: replaced.id,
    before: { status: replaced.status },
    after: { status: 'disabled' },
    ip,
  });
}

/** A new administrator account for the school (with a staff record), invited by mail. */
export async function appointNewAdministrator(app: FastifyInstance, actor: RequestUser, schoolId: string, input: NewAdministratorInput, meta: RequestMeta) {
  const scope = scopeOf(actor);
  const school = await repo.findSchoolInScope(app.db, scope, schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  const replaced = await findReplacedAdministrator(app.db, scope, school.id, input.replacesUserId);
  if (await repo.isEmailTaken(app.db, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  try {
    const { administrator, delivery } = await app.db.transaction(async (tx) => {
      const administrator = await repo.insertUser(tx, {
        organisationId: actor.organisationId,
        schoolId: school.id,
        email: input.email,
        name: input.name,
        role: 'admin',
        status: 'invited',
      });
      await repo.insertStaff(tx, { schoolId: school.id, userId: administrator.id, staffType: 'Admin', name: input.name, email: input.email });
      await audit(tx, {
        organisationId: actor.organisationId,
        schoolId: school.id,
        userId: actor.id,
        action: 'school.administrator_appointed',
        entity: 'user',
        entityId: administrator.id,
        after: { name: administrator.name, email: administrator.email, role: 'admin', status: 'invited', replaces: replaced?.id ?? null },
        ip: meta.ip,
      });
      if (replaced) await retireAdministrator(tx, actor, replaced, meta.ip);
      const delivery = await inviteUser(app, tx, { userId: administrator.id, invitedByUserId: actor.id, origin: meta.origin });
      return { administrator, delivery };
    });
    await deliverAll(app, [delivery]);
    return present.presentAdministrator(administrator);
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/** Makes a teacher of the school its administrator (their account keeps its password). */
export async function appointExistingAdministrator(
  app: FastifyInstance,
  actor: RequestUser,
  schoolId: string,
  input: { userId: string; replacesUserId?: string },
  ip: string,
) {
  const scope = scopeOf(actor);
  const school = await repo.findSchoolInScope(app.db, scope, schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  const candidate = await repo.findUserInScope(app.db, scope, input.userId);
  if (!candidate || candidate.schoolId !== school.id) throw notFound(USER_NOT_FOUND);
  if (!mayBecomeAdministrator(candidate)) throw badRequest(ONLY_TEACHERS_BECOME_ADMINISTRATORS, { userId: ONLY_TEACHERS_BECOME_ADMINISTRATORS });
  const replaced = await findReplacedAdministrator(app.db, scope, school.id, input.replacesUserId);
  const administrator = await app.db.transaction(async (tx) => {
    const administrator = await repo.updateUser(tx, candidate.id, { role: 'admin' });
    await audit(tx, {
      organisationId: actor.organisationId,
      schoolId: school.id,
      userId: actor.id,
      action: 'school.administrator_appointed',
      entity: 'user',
      entityId: candidate.id,
      before: { role: candidate.role },
      after: { role: 'admin', replaces: replaced?.id ?? null },
      ip,
    });
    if (replaced) await retireAdministrator(tx, actor, replaced, ip);
    return administrator;
  });
  return present.presentAdministrator(administrator);
}
