/** The organisation's security settings. */
import { type SecuritySettingsInput } from '@school/shared/organisations/schemas';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { securitySettings } from '../../plugins/authentication';
import type { RequestUser } from '../../types';
import * as repo from './organisations.repository';

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
