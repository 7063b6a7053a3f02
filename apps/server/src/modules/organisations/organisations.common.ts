/** Messages, scope and mail helpers shared by the organisation service files. */
import { NO_RECORD } from '@school/shared/fields';
import { mayManageAccountOf, ORGANISATION_LEVEL_ONLY, organisationScope } from '../../policies/organisation';
import type { FastifyInstance } from 'fastify';
import { EMAIL_TAKEN_CONSTRAINT } from '../../lib/accounts';
import { forbidden } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import type { RequestUser } from '../../types';
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

const NO_SCHOOL = NO_RECORD;

/** A super administrator reaches the whole organisation; anyone else only their own school. */
export function scopeOf(user: RequestUser): Scope {
  return organisationScope(user, NO_SCHOOL);
}

/** Owners' accounts are managed by owners only (the route policies let administrators manage their school's people). */
export function requireMayManage(actor: RequestUser, target: { role: string }) {
  if (!mayManageAccountOf(actor, target)) throw forbidden(ORGANISATION_LEVEL_ONLY);
}

export interface RequestMeta {
  ip: string;
  /** The site's origin, for links in mail. */
  origin: string;
}

type Delivery = { outboxId: string; message: MailMessage };

/** Sends mail queued in the outbox by a committed transaction, and wakes the sender of the messages queued with it (ADR 0039). */
export async function deliverAll(app: FastifyInstance, deliveries: Delivery[]) {
  for (const { outboxId, message } of deliveries) await app.mailer.deliver(app.db, outboxId, message);
  if (deliveries.length > 0) app.messageWorker.kick();
}

/**
 * Whether `error` is the key of user_emails refusing an address another account has (two requests
 * with one email at the same moment). Both drivers report SQLSTATE 23505, possibly wrapped by drizzle.
 */
export function isEmailUniqueViolation(error: unknown): boolean {
  type PgError = { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
  for (let e = error as PgError | undefined, depth = 0; e && depth < 4; e = e.cause as PgError | undefined, depth++) {
    if (e.code === '23505') return (e.constraint ?? e.constraint_name) === EMAIL_TAKEN_CONSTRAINT;
  }
  return false;
}
