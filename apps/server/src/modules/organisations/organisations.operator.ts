/** Organisations as the operator sees them (src/cli/operator.ts): list, suspend, reactivate. */
import { lookupId } from '@school/shared/fields';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-errors';
import * as repo from './organisations.repository';

export async function listOrganisations(db: Db) {
  return repo.listOrganisationsWithCounts(db);
}

/** Suspends an organisation: every session of its users ends and sign-in tells them why. */
export async function suspendOrganisation(db: Db, organisationId: string, reason: string) {
  const organisation = await repo.findOrganisation(db, lookupId(organisationId));
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
  const organisation = await repo.findOrganisation(db, lookupId(organisationId));
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
