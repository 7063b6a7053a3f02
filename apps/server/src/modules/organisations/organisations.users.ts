/** The organisation's users: listing, creating with their role's record, (de)activating, re-inviting. */
import { isOwner, isParent, isSchoolAdmin, isSchoolStaff, isStudent } from '../../policies/actors';
import { NO_RECORD } from '@school/shared/fields';
import { EMAIL_TAKEN, type ListUsersFilter, type OrganisationUserInput } from '@school/shared/organisations/schemas';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { RequestUser } from '../../types';
import { inviteUser } from '../invitations/invitations.service';
import * as present from './organisations.presenter';
import * as repo from './organisations.repository';
import {
  CANNOT_DEACTIVATE_SELF,
  deliverAll,
  isEmailUniqueViolation,
  requireMayManage,
  SCHOOL_NOT_FOUND,
  scopeOf,
  USER_NOT_FOUND,
  type RequestMeta,
} from './organisations.common';

export async function listOrganisationUsers(app: FastifyInstance, actor: RequestUser, query: ListUsersFilter) {
  const scope = scopeOf(actor);
  if (query.schoolId && !(await repo.findSchoolInScope(app.db, scope, query.schoolId))) throw notFound(SCHOOL_NOT_FOUND);
  const { items, total } = await repo.listUsers(
    app.db,
    scope,
    { role: query.role, search: query.search, schoolId: query.schoolId },
    query.page,
    query.pageSize,
  );
  return { items: items.map(present.presentUser), total, page: query.page, pageSize: query.pageSize };
}

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.split(/\s+/).filter(Boolean);
  if (parts.length < 2) return { firstName: name, lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1] };
}

/**
 * super-admin/user-roles/create-user: an invited account of the chosen role, the role's own record
 * (staff for admins and teachers, guardian for parents, student for students) so the account works
 * in its area, and the form's other details as the user's profile; the invitation is mailed.
 */
export async function createOrganisationUser(app: FastifyInstance, actor: RequestUser, input: OrganisationUserInput, meta: RequestMeta) {
  const scope = scopeOf(actor);
  const role = input.userType;
  requireMayManage(actor, { role });
  const school = isOwner({ role }) ? null : await repo.findSchoolInScope(app.db, scope, input.schoolId ?? NO_RECORD);
  if (!isOwner({ role }) && !school) throw notFound(SCHOOL_NOT_FOUND);
  if (await repo.isEmailTaken(app.db, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });

  const { schoolId: _schoolId, userType: _userType, name, email, phone, ...details } = input;
  try {
    const { user, delivery } = await app.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        organisationId: actor.organisationId,
        schoolId: school?.id ?? null,
        email,
        name,
        phone,
        role,
        status: 'invited',
      });
      let record: { type: string; registrationNo?: string } | null = null;
      if (school && isSchoolStaff({ role })) {
        await repo.insertStaff(tx, {
          schoolId: school.id,
          userId: user.id,
          staffType: isSchoolAdmin({ role }) ? 'Admin' : 'Teacher',
          name,
          email,
          phone,
          gender: details.gender,
          address: details.address,
          employedOn: new Date().toISOString().slice(0, 10),
        });
        record = { type: 'staff' };
      } else if (school && isParent({ role })) {
        await repo.insertGuardian(tx, {
          schoolId: school.id,
          userId: user.id,
          name,
          relationship: details.relationship,
          email,
          phone,
          address: details.address,
        });
        record = { type: 'guardian' };
      } else if (school && isStudent({ role })) {
        const today = new Date();
        const registrationNo = await repo.nextRegistrationNo(tx, school.id, school.code, today.getUTCFullYear());
        await repo.insertStudent(tx, {
          schoolId: school.id,
          userId: user.id,
          registrationNo,
          ...splitName(name),
          gender: details.gender,
          dateOfBirth: details.dob,
          stateOfOrigin: details.originState,
          address: details.address,
          admittedOn: today.toISOString().slice(0, 10),
        });
        record = { type: 'student', registrationNo };
      }
      await repo.insertUserProfile(tx, { userId: user.id, organisationId: actor.organisationId, schoolId: school?.id ?? null, details });
      await audit(tx, {
        organisationId: actor.organisationId,
        schoolId: school?.id ?? null,
        userId: actor.id,
        action: 'user.created',
        entity: 'user',
        entityId: user.id,
        after: { name, email, phone, role, status: 'invited', record, details },
        ip: meta.ip,
      });
      const delivery = await inviteUser(app, tx, { userId: user.id, invitedByUserId: actor.id, origin: meta.origin });
      return { user, delivery };
    });
    await deliverAll(app, [delivery]);
    return present.presentUser({ ...user, schoolName: school?.name ?? null });
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/** Deactivate (sessions end, sign-in refused) or re-activate a user; nobody is ever deleted here. */
export async function setUserStatus(app: FastifyInstance, actor: RequestUser, userId: string, status: 'active' | 'disabled', ip: string) {
  const target = await repo.findUserInScope(app.db, scopeOf(actor), userId);
  if (!target) throw notFound(USER_NOT_FOUND);
  requireMayManage(actor, target);
  if (status === 'disabled' && target.id === actor.id) throw badRequest(CANNOT_DEACTIVATE_SELF, { status: CANNOT_DEACTIVATE_SELF });
  // a user who never set a password goes back to waiting for their invitation
  const next = status === 'disabled' ? 'disabled' : target.passwordHash ? 'active' : 'invited';
  const updated = await app.db.transaction(async (tx) => {
    if (target.status === next) return target;
    const updated = await repo.updateUser(tx, target.id, { status: next, ...(next === 'active' ? { failedLoginCount: 0, lockedUntil: null } : {}) });
    if (next === 'disabled') await repo.deleteSessionsOfUser(tx, target.id);
    await audit(tx, {
      organisationId: actor.organisationId,
      schoolId: target.schoolId,
      userId: actor.id,
      action: next === 'disabled' ? 'user.deactivated' : 'user.reactivated',
      entity: 'user',
      entityId: target.id,
      before: { status: target.status },
      after: { status: next },
      ip,
    });
    return updated;
  });
  const school = updated.schoolId ? await repo.findSchoolInScope(app.db, scopeOf(actor), updated.schoolId) : null;
  return present.presentUser({ ...updated, schoolName: school?.name ?? null });
}

/** Mails a fresh invitation code to a user who has not set a password yet. */
export async function resendInvitation(app: FastifyInstance, actor: RequestUser, userId: string, meta: RequestMeta) {
  const target = await repo.findUserInScope(app.db, scopeOf(actor), userId);
  if (!target) throw notFound(USER_NOT_FOUND);
  if (target.status !== 'invited') {
    const message = 'Only a user who has not accepted their invitation can be sent a new one';
    throw badRequest(message, { status: message });
  }
  const delivery = await app.db.transaction(async (tx) => {
    const delivery = await inviteUser(app, tx, { userId: target.id, invitedByUserId: actor.id, origin: meta.origin });
    await audit(tx, {
      organisationId: actor.organisationId,
      schoolId: target.schoolId,
      userId: actor.id,
      action: 'user.invitation_sent',
      entity: 'user',
      entityId: target.id,
      ip: meta.ip,
    });
    return delivery;
  });
  await deliverAll(app, [delivery]);
}
