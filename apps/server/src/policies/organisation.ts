/**
 * The organisation: its schools, users, permission matrix and security settings. Owners (super
 * administrators) run the organisation; a school's administrator sees their own school's figures and
 * people, and never the organisation's other schools.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { ADMINISTRATORS, isOwner, isTeacher, OWNERS } from './actors';
import type { RequestContext } from './context';
import { matrixRoute, ownAccount, publicRoute, record } from './policy';
import { schoolScope } from './records';

export const ORGANISATION_LEVEL_ONLY = 'Only a super administrator can do this for the organisation';

const owners = { actors: OWNERS, refusal: ORGANISATION_LEVEL_ONLY };

/** A school of the actor's organisation. */
const school = record(
  'school',
  async (db, ctx, id) =>
    rowsOf(await db.execute(sql`select 1 from schools s where s.id = ${id} and s.organisation_id = ${ctx.organisationId} limit 1`)).length > 0,
);

/** A school the actor runs: their own (a school's administrator), any of the organisation's (an owner). */
const runSchool = record('school', async (db, ctx, id) => {
  const scope = await schoolScope(db, ctx, sql`s.id`);
  return (
    scope !== null &&
    rowsOf(await db.execute(sql`select 1 from schools s where s.id = ${id} and s.organisation_id = ${ctx.organisationId} and ${scope} limit 1`)).length > 0
  );
});

/** A user the actor manages: anyone of the organisation for an owner, of their own school for an administrator. */
const user = record(
  'user',
  async (db, ctx, id) =>
    rowsOf(
      await db.execute(sql`select 1 from users u where u.id = ${id} and u.organisation_id = ${ctx.organisationId}
      and (${ctx.schoolId}::uuid is null or u.school_id = ${ctx.schoolId}) limit 1`),
    ).length > 0,
);

/** A named role of the organisation (kept in its permission matrix). */
const role = record(
  'role',
  async (db, ctx, id) =>
    rowsOf(
      await db.execute(sql`select 1 from permission_matrices m, jsonb_array_elements(coalesce(m.matrix->'customRoles', '[]'::jsonb)) r
      where m.organisation_id = ${ctx.organisationId} and r->>'id' = ${id} limit 1`),
    ).length > 0,
);

export const organisationPolicy = {
  registerSchool: publicRoute('organisation.registerSchool'),
  readOwnPermissions: ownAccount('account.readPermissions'),
  readOwnProfile: ownAccount('account.readProfile'),
  editOwnProfile: ownAccount('account.editProfile'),
  /** Students, staff and classes per school: the owner's dashboard (an administrator: their own school). */
  overview: matrixRoute('organisation.overview', 'dashboard', 'view', { actors: ADMINISTRATORS }),
  listSchools: matrixRoute('organisation.listSchools', 'schools', 'view', { actors: ADMINISTRATORS }),
  addSchool: matrixRoute('organisation.addSchool', 'schools', 'add', owners),
  setSchoolStatus: matrixRoute('organisation.setSchoolStatus', 'schools', 'edit', { ...owners, params: { schoolId: school } }),
  /** An owner runs a school of the organisation as its administrator (ADR 0038). */
  runSchool: matrixRoute('organisation.runSchool', 'schools', 'view', { ...owners, params: { schoolId: school } }),
  /** Back to the owner's own account: only a session that runs a school has anything to leave (400 otherwise). */
  leaveSchool: ownAccount('organisation.leaveSchool'),
  appointAdministrator: matrixRoute('organisation.appointAdministrator', 'schools', 'edit', { ...owners, params: { schoolId: school } }),
  replaceAdministrator: matrixRoute('organisation.replaceAdministrator', 'schools', 'edit', { ...owners, params: { schoolId: school, userId: user } }),
  /** The school's logo (printed on its report cards): its administrators', and the owners' for each school of the organisation. */
  readSchoolLogo: matrixRoute('organisation.readSchoolLogo', 'settings', 'view', { actors: ADMINISTRATORS, params: { schoolId: runSchool } }),
  editSchoolLogo: matrixRoute('organisation.editSchoolLogo', 'settings', 'edit', { actors: ADMINISTRATORS, params: { schoolId: runSchool } }),
  listUsers: matrixRoute('organisation.listUsers', 'user-roles', 'view', { actors: ADMINISTRATORS }),
  createUser: matrixRoute('organisation.createUser', 'user-roles', 'add', { actors: ADMINISTRATORS }),
  setUserStatus: matrixRoute('organisation.setUserStatus', 'user-roles', 'edit', { actors: ADMINISTRATORS, params: { userId: user } }),
  resendInvitation: matrixRoute('organisation.resendInvitation', 'user-roles', 'edit', { actors: ADMINISTRATORS, params: { userId: user } }),
  readPermissions: matrixRoute('organisation.readPermissions', 'permissions', 'view', owners),
  editPermissions: matrixRoute('organisation.editPermissions', 'permissions', 'edit', owners),
  addRole: matrixRoute('organisation.addRole', 'permissions', 'add', owners),
  deleteRole: matrixRoute('organisation.deleteRole', 'permissions', 'delete', { ...owners, params: { roleId: role } }),
  readSecuritySettings: matrixRoute('organisation.readSecuritySettings', 'settings', 'view', { actors: ADMINISTRATORS }),
  editSecuritySettings: matrixRoute('organisation.editSecuritySettings', 'settings', 'edit', owners),
};

/** Which schools' rows an actor's organisation screens cover: all of the organisation's (owner) or their own school. */
export function organisationScope(ctx: Pick<RequestContext['user'], 'role' | 'organisationId' | 'schoolId'>, noSchool: string) {
  return { organisationId: ctx.organisationId, schoolId: isOwner(ctx) ? null : (ctx.schoolId ?? noSchool) };
}

/** Only an owner manages an owner's account or creates one. */
export const mayManageAccountOf = (actor: { role: string }, target: { role: string }) => !isOwner(target) || isOwner(actor);

/** A school's administrator is appointed from its teachers. */
export const mayBecomeAdministrator = (candidate: { role: string }) => isTeacher(candidate);
