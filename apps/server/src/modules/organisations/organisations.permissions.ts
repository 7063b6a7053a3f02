/** The organisation's permission matrix and custom roles. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_PERMISSION_MATRIX, LOCKED_GRANTS, type PermissionMatrix } from '@school/shared/auth/permissions';
import { ROLE_LABELS } from '@school/shared/auth/roles';
import { removedLockedGrants, LOCKED_GRANTS_MESSAGE, type NewRoleInput } from '@school/shared/organisations/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import type { RequestUser } from '../../types';
import * as present from './organisations.presenter';
import * as repo from './organisations.repository';
import { ROLE_NAME_TAKEN, ROLE_NOT_FOUND } from './organisations.common';

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

/** The signed-in user's row of their organisation's permission matrix (the menu and the pages' buttons). */
export function myPermissions(user: Pick<RequestUser, 'role' | 'matrix'>) {
  return { role: user.role, grants: present.presentGrants(user.matrix[user.role]) };
}
