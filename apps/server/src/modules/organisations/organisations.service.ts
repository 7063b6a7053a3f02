import { randomUUID } from 'node:crypto';
import { DEFAULT_PERMISSION_MATRIX, LOCKED_GRANTS, type PermissionMatrix } from '@school/shared/auth/permissions';
import { isOwner, isParent, isSchoolAdmin, isSchoolStaff, isStudent } from '../../policies/actors';
import { mayBecomeAdministrator, mayManageAccountOf, ORGANISATION_LEVEL_ONLY, organisationScope } from '../../policies/organisation';
import { ROLE_LABELS } from '@school/shared/auth/roles';
import {
  EMAIL_TAKEN,
  removedLockedGrants,
  LOCKED_GRANTS_MESSAGE,
  SCHOOL_REGISTRATION_LIMIT,
  type AddSchoolInput,
  type ListUsersFilter,
  type NewAdministratorInput,
  type NewRoleInput,
  type OrganisationUserInput,
  type SecuritySettingsInput,
  type UpdateProfileInput,
} from '@school/shared/organisations/schemas';
import type { SchoolRegistrationInput } from '@school/shared/schools/schemas';
import { DEFAULT_SECURITY_SETTINGS } from '@school/shared/settings/security-defaults';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hit } from '../../lib/rate-limit';
import { securitySettings } from '../../plugins/authentication';
import type { RequestUser } from '../../types';
import { currentTermMarks } from '../attendance/attendance.summary';
import { presentSessionUser } from '../auth/auth.presenter';
import { startSession } from '../auth/auth.service';
import { inviteUser } from '../invitations/invitations.service';
import * as present from './organisations.presenter';
import * as repo from './organisations.repository';
import type { Scope } from './organisations.repository';

export const SCHOOL_NOT_FOUND = 'School not found';
export const USER_NOT_FOUND = 'User not found';
export const ADMINISTRATOR_NOT_FOUND = 'Administrator not found';
export { ORGANISATION_LEVEL_ONLY };
export const TOO_MANY_REGISTRATIONS = 'Too many school registrations from this address. Please try again later.';
export const ONLY_TEACHERS_BECOME_ADMINISTRATORS = 'Only a teacher of this school can be made its administrator';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const ROLE_NAME_TAKEN = 'A role with this name already exists';
export const ROLE_NOT_FOUND = 'Role not found';
/** The owner's name when the registration does not give one. */
export const DEFAULT_OWNER_NAME = 'Proprietor';

const NO_SCHOOL = '00000000-0000-0000-0000-000000000000';

/** A super administrator reaches the whole organisation; anyone else only their own school. */
export function scopeOf(user: RequestUser): Scope {
  return organisationScope(user, NO_SCHOOL);
}

/** Owners' accounts are managed by owners only (the route policies let administrators manage their school's people). */
function requireMayManage(actor: RequestUser, target: { role: string }) {
  if (!mayManageAccountOf(actor, target)) throw forbidden(ORGANISATION_LEVEL_ONLY);
}

interface RequestMeta {
  ip: string;
  /** The site's origin, for links in mail. */
  origin: string;
}

type Delivery = { outboxId: string; message: MailMessage };

async function deliverAll(app: FastifyInstance, deliveries: Delivery[]) {
  for (const { outboxId, message } of deliveries) await app.mailer.deliver(app.db, outboxId, message);
}

/**
 * Whether `error` is the unique index on users' emails refusing a second account (two requests
 * with one email at the same moment). Both drivers report SQLSTATE 23505, possibly wrapped by drizzle.
 */
function isEmailUniqueViolation(error: unknown): boolean {
  type PgError = { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
  for (let e = error as PgError | undefined, depth = 0; e && depth < 4; e = e.cause as PgError | undefined, depth++) {
    if (e.code === '23505') return (e.constraint ?? e.constraint_name) === 'users_email_unique';
  }
  return false;
}

// ---------------------------------------------------------------- school codes

const STOP_WORDS = new Set(['of', 'the', 'and']);

/** Initials of the name's words ('Bright Future Academy' → 'BFA'); a one-word name gives its first three letters. */
export function schoolCodeBase(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/['’]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()));
  const code = (words.length >= 2 ? words.map((word) => word[0]).join('') : (words[0] ?? '').slice(0, 3)).toUpperCase().slice(0, 6);
  return code.length >= 2 ? code : `${code}SCH`.slice(0, 3);
}

/** The base code, or the base with the first free number after it ('GA', 'GA2', 'GA3'…). */
export function uniqueSchoolCode(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((code) => code.toUpperCase()));
  const base = schoolCodeBase(name);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

// ---------------------------------------------------------------- registration

/**
 * /auth/school-register: the organisation, its first school, its permission matrix and security
 * settings and the super administrator, in one transaction; the owner is signed in at once.
 */
export async function registerSchool(app: FastifyInstance, input: SchoolRegistrationInput, meta: { ip: string; userAgent: string | null }) {
  const hits = await hit(app.db, `school-register:ip:${meta.ip}`, SCHOOL_REGISTRATION_LIMIT.windowMinutes * 60_000);
  if (hits.count > SCHOOL_REGISTRATION_LIMIT.perIp) throw tooManyRequests(TOO_MANY_REGISTRATIONS);
  const emailTaken = () => conflict(EMAIL_TAKEN, { adminEmail: EMAIL_TAKEN });
  if (await repo.isEmailTaken(app.db, input.adminEmail)) throw emailTaken();
  const passwordHash = await hashPassword(input.adminPassword);
  try {
    const { token, organisation, owner } = await app.db.transaction(async (tx) => {
      const organisation = await repo.insertOrganisation(tx, { name: input.schoolName });
      const school = await repo.insertSchool(tx, {
        organisationId: organisation.id,
        name: input.schoolName,
        address: input.address,
        city: input.city,
        state: input.state,
        email: input.email,
        phone: input.phone,
        schoolType: input.schoolType,
        code: uniqueSchoolCode(input.schoolName, []),
      });
      await repo.writeMatrix(tx, organisation.id, { matrix: DEFAULT_PERMISSION_MATRIX, customRoles: [] });
      await repo.mergeSettings(tx, organisation.id, { ...DEFAULT_SECURITY_SETTINGS });
      const owner = await repo.insertUser(tx, {
        organisationId: organisation.id,
        schoolId: null,
        email: input.adminEmail,
        name: input.adminName ?? DEFAULT_OWNER_NAME,
        role: 'super_admin',
        status: 'active',
        passwordHash,
        passwordChangedAt: new Date(),
        lastLoginAt: new Date(),
      });
      await audit(tx, {
        organisationId: organisation.id,
        schoolId: school.id,
        userId: owner.id,
        action: 'organisation.registered',
        entity: 'organisation',
        entityId: organisation.id,
        after: { organisation: organisation.name, school: { id: school.id, name: school.name, code: school.code }, superAdmin: owner.email },
        ip: meta.ip,
      });
      const token = await startSession(tx, { userId: owner.id, ip: meta.ip, userAgent: meta.userAgent });
      return { token, organisation, owner };
    });
    const user = presentSessionUser(
      {
        id: owner.id,
        name: owner.name,
        email: owner.email,
        role: 'super_admin',
        organisationId: organisation.id,
        organisationName: organisation.name,
        schoolId: null,
        schoolName: null,
        selectedAcademicSessionId: null,
      },
      null,
    );
    return { token, user };
  } catch (error) {
    // two registrations with one email at the same moment: the unique index decides
    if (isEmailUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

// ---------------------------------------------------------------- overview and schools

export async function overview(app: FastifyInstance, user: RequestUser) {
  const rows = await repo.schoolsWithFigures(app.db, scopeOf(user));
  const marks = await currentTermMarks(app.db, rows.map((r) => r.school.id));
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
export async function appointNewAdministrator(
  app: FastifyInstance,
  actor: RequestUser,
  schoolId: string,
  input: NewAdministratorInput,
  meta: RequestMeta,
) {
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

// ---------------------------------------------------------------- users

export async function listOrganisationUsers(app: FastifyInstance, actor: RequestUser, query: ListUsersFilter) {
  const scope = scopeOf(actor);
  if (query.schoolId && !(await repo.findSchoolInScope(app.db, scope, query.schoolId))) throw notFound(SCHOOL_NOT_FOUND);
  const { items, total } = await repo.listUsers(app.db, scope, { role: query.role, search: query.search, schoolId: query.schoolId }, query.page, query.pageSize);
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
  const school = isOwner({ role }) ? null : await repo.findSchoolInScope(app.db, scope, input.schoolId ?? '');
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
        await repo.insertGuardian(tx, { schoolId: school.id, userId: user.id, name, relationship: details.relationship, email, phone, address: details.address });
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

// ---------------------------------------------------------------- permissions

async function storedMatrix(db: DbOrTx, organisationId: string) {
  const stored = await repo.readMatrix(db, organisationId);
  return { matrix: present.presentMatrix(stored?.matrix ?? DEFAULT_PERMISSION_MATRIX), customRoles: stored?.customRoles ?? [] };
}

export async function getPermissions(app: FastifyInstance, user: RequestUser) {
  const { matrix, customRoles } = await storedMatrix(app.db, user.organisationId);
  return { matrix, customRoles, lockedGrants: [...LOCKED_GRANTS] };
}

/** Replaces the organisation's matrix; the next request of every user is checked against it. */
export async function updatePermissions(app: FastifyInstance, user: RequestUser, matrix: PermissionMatrix, ip: string) {
  // the schema refuses this too; kept here so that no caller can store a matrix nobody can edit
  if (removedLockedGrants(matrix).length) throw badRequest(LOCKED_GRANTS_MESSAGE, { matrix: LOCKED_GRANTS_MESSAGE });
  return app.db.transaction(async (tx) => {
    const before = await storedMatrix(tx, user.organisationId);
    await repo.writeMatrix(tx, user.organisationId, { matrix, customRoles: before.customRoles });
    await audit(tx, {
      organisationId: user.organisationId,
      userId: user.id,
      action: 'permissions.updated',
      entity: 'permission_matrix',
      entityId: user.organisationId,
      before: before.matrix,
      after: matrix,
      ip,
    });
    return { matrix, customRoles: before.customRoles, lockedGrants: [...LOCKED_GRANTS] };
  });
}

export async function addCustomRole(app: FastifyInstance, user: RequestUser, input: NewRoleInput, ip: string) {
  return app.db.transaction(async (tx) => {
    const before = await storedMatrix(tx, user.organisationId);
    const taken = [...Object.values(ROLE_LABELS), ...before.customRoles.map((role) => role.name)].some(
      (name) => name.toLowerCase() === input.name.toLowerCase(),
    );
    if (taken) throw badRequest(ROLE_NAME_TAKEN, { name: ROLE_NAME_TAKEN });
    const role = { id: randomUUID(), name: input.name, basedOn: input.basedOn };
    await repo.writeMatrix(tx, user.organisationId, { matrix: before.matrix, customRoles: [...before.customRoles, role] });
    await audit(tx, {
      organisationId: user.organisationId,
      userId: user.id,
      action: 'permissions.role_added',
      entity: 'custom_role',
      entityId: role.id,
      after: role,
      ip,
    });
    return role;
  });
}

export async function deleteCustomRole(app: FastifyInstance, user: RequestUser, roleId: string, ip: string) {
  await app.db.transaction(async (tx) => {
    const before = await storedMatrix(tx, user.organisationId);
    const role = before.customRoles.find((candidate) => candidate.id === roleId);
    if (!role) throw notFound(ROLE_NOT_FOUND);
    await repo.writeMatrix(tx, user.organisationId, { matrix: before.matrix, customRoles: before.customRoles.filter((r) => r.id !== roleId) });
    await audit(tx, {
      organisationId: user.organisationId,
      userId: user.id,
      action: 'permissions.role_deleted',
      entity: 'custom_role',
      entityId: role.id,
      before: role,
      ip,
    });
  });
}

// ---------------------------------------------------------------- security settings

export async function getSecuritySettings(app: FastifyInstance, user: RequestUser) {
  const { passwordMinLength, sessionIdleMinutes, maxLoginAttempts } = securitySettings(await repo.readSettings(app.db, user.organisationId));
  return { passwordMinLength, sessionIdleMinutes, maxLoginAttempts };
}

/** Stored in organisation_settings, which sign-in and every request read: in force at once. */
export async function updateSecuritySettings(app: FastifyInstance, user: RequestUser, input: SecuritySettingsInput, ip: string) {
  return app.db.transaction(async (tx) => {
    const before = securitySettings(await repo.readSettings(tx, user.organisationId));
    await repo.mergeSettings(tx, user.organisationId, { ...input });
    await audit(tx, {
      organisationId: user.organisationId,
      userId: user.id,
      action: 'settings.security_updated',
      entity: 'organisation_settings',
      entityId: user.organisationId,
      before: { passwordMinLength: before.passwordMinLength, sessionIdleMinutes: before.sessionIdleMinutes, maxLoginAttempts: before.maxLoginAttempts },
      after: input,
      ip,
    });
    return { ...input };
  });
}

// ---------------------------------------------------------------- own profile

export async function getProfile(app: FastifyInstance, user: RequestUser) {
  const row = await repo.findUserById(app.db, user.id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return { name: row.name, email: row.email, phone: row.phone };
}

/** Name and phone change freely; a new email needs the current password and must be free. */
export async function updateProfile(app: FastifyInstance, user: RequestUser, input: UpdateProfileInput, ip: string) {
  const row = await repo.findUserById(app.db, user.id);
  if (!row) throw notFound(USER_NOT_FOUND);
  const emailChanged = input.email.toLowerCase() !== row.email.toLowerCase();
  if (emailChanged) {
    if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED, { currentPassword: CURRENT_PASSWORD_REQUIRED });
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      throw badRequest(CURRENT_PASSWORD_INCORRECT, { currentPassword: CURRENT_PASSWORD_INCORRECT });
    }
    if (await repo.isEmailTaken(app.db, input.email, row.id)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  }
  const next = { name: input.name, phone: input.phone ?? null, email: emailChanged ? input.email : row.email };
  try {
    await app.db.transaction(async (tx) => {
      await repo.updateUser(tx, row.id, next);
      await audit(tx, {
        organisationId: row.organisationId,
        schoolId: row.schoolId,
        userId: row.id,
        action: 'user.profile_updated',
        entity: 'user',
        entityId: row.id,
        before: { name: row.name, phone: row.phone, email: row.email },
        after: next,
        ip,
      });
    });
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
  return next;
}

// ---------------------------------------------------------------- the operator (src/cli/operator.ts)

export async function listOrganisations(db: Db) {
  return repo.listOrganisationsWithCounts(db);
}

/** Suspends an organisation: every session of its users ends and sign-in tells them why. */
export async function suspendOrganisation(db: Db, organisationId: string, reason: string) {
  const organisation = await repo.findOrganisation(db, organisationId);
  if (!organisation) throw new HttpError(404, `No organisation ${organisationId}`);
  if (!reason.trim()) throw new HttpError(400, 'A reason is required to suspend an organisation');
  await db.transaction(async (tx) => {
    await repo.setOrganisationStatus(tx, organisation.id, 'suspended', reason.trim());
    await repo.deleteSessionsOfOrganisation(tx, organisation.id);
    await audit(tx, {
      organisationId: organisation.id,
      action: 'operator.organisation_suspended',
      entity: 'organisation',
      entityId: organisation.id,
      before: { status: organisation.status, reason: organisation.suspendedReason },
      after: { status: 'suspended', reason: reason.trim() },
    });
  });
  return { ...organisation, status: 'suspended', suspendedReason: reason.trim() };
}

export async function reactivateOrganisation(db: Db, organisationId: string) {
  const organisation = await repo.findOrganisation(db, organisationId);
  if (!organisation) throw new HttpError(404, `No organisation ${organisationId}`);
  await db.transaction(async (tx) => {
    await repo.setOrganisationStatus(tx, organisation.id, 'active', null);
    await audit(tx, {
      organisationId: organisation.id,
      action: 'operator.organisation_reactivated',
      entity: 'organisation',
      entityId: organisation.id,
      before: { status: organisation.status, reason: organisation.suspendedReason },
      after: { status: 'active' },
    });
  });
  return { ...organisation, status: 'active', suspendedReason: null };
}
