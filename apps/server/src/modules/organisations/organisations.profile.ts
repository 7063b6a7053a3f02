/** The signed-in user's own profile. */
import { EMAIL_TAKEN, type UpdateProfileInput } from '@school/shared/organisations/schemas';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { claimEmail } from '../../lib/accounts';
import { verifyPassword } from '../../lib/passwords';
import type { RequestUser } from '../../types';
import * as repo from './organisations.repository';
import { CURRENT_PASSWORD_INCORRECT, CURRENT_PASSWORD_REQUIRED, isEmailUniqueViolation, USER_NOT_FOUND } from './organisations.common';

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
      await claimEmail(tx, row.id, next.email, row.email);
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
