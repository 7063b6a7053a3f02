/**
 * Admissions: serial codes here; the public application (admissions.applications.ts) and the
 * decisions (admissions.decisions.ts) in their own files, re-exported for the routes.
 */
import { randomInt } from 'node:crypto';
import type { SerialCodeCheckResult } from '@school/shared/admissions/responses';
import { APPLICATION_TOKEN_MINUTES, INVALID_SERIAL_CODE, SERIAL_CODE_RATE_LIMIT, type SerialCodeBatchInput } from '@school/shared/admissions/schemas';
import { nairaToKobo } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { randomToken, sha256 } from '../../lib/tokens';
import * as repo from './admissions.repository';
import { limited, todayIn, type WriteContext } from './admissions.common';

export { deliverAll, todayIn, yearIn, type Queued, type WriteContext } from './admissions.common';
export { submitApplication, withApplicationLimit, type BirthCertificateFile } from './admissions.applications';
export { admitStudent, decide, type Admitted, type Admittee, type ClassChoice, type Invitation } from './admissions.decisions';

// ---------------------------------------------------------------- serial codes

/** 12 digits, never starting with 0. */
function newSerialCode(): string {
  return String(randomInt(100_000_000_000, 1_000_000_000_000));
}

/** `count` codes that no school has yet. */
async function freshCodes(tx: Tx, count: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - codes.size) {
      const code = newSerialCode();
      if (!codes.has(code)) candidates.add(code);
    }
    const taken = await repo.existingCodeHashes(tx, [...candidates].map(sha256));
    for (const code of candidates) if (!taken.has(sha256(code))) codes.add(code);
  }
  return [...codes];
}

export async function generateBatch(app: FastifyInstance, ctx: WriteContext, input: SerialCodeBatchInput) {
  const school = await repo.findSchool(app.db, ctx.schoolId);
  if (!school) throw notFound('School not found');
  if (input.expiresOn < todayIn(school.timeZone)) throw badRequest('Expiry date cannot be in the past', { expiresOn: 'Expiry date cannot be in the past' });
  const attempt = () =>
    app.db.transaction(async (tx) => {
      const batch = await repo.insertBatch(tx, {
        schoolId: ctx.schoolId,
        quantity: input.quantity,
        priceKobo: nairaToKobo(input.price),
        expiresOn: input.expiresOn,
        createdByUserId: ctx.actor.id,
      });
      const codes = await freshCodes(tx, input.quantity);
      await repo.insertCodes(
        tx,
        codes.map((code) => ({ schoolId: ctx.schoolId, batchId: batch.id, code, codeHash: sha256(code) })),
      );
      await audit(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        userId: ctx.actor.id,
        action: 'admissions.serial_codes_generated',
        entity: 'serial_code_batch',
        entityId: batch.id,
        after: { quantity: batch.quantity, priceKobo: batch.priceKobo, expiresOn: batch.expiresOn },
        ip: ctx.ip,
      });
      return batch.id;
    });
  try {
    return await attempt();
  } catch (error) {
    // another batch took one of our codes between the check and the insert: draw again once
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

/**
 * /auth/serial-code: a usable code gives a short-lived application token (which names its school)
 * and the school's name. Failed attempts count towards the per-IP limit; every failure is the same
 * message.
 */
export function checkSerialCode(app: FastifyInstance, input: { serialCode: string; ip: string }): Promise<SerialCodeCheckResult> {
  return limited(app, `serial-code:ip:${input.ip}`, SERIAL_CODE_RATE_LIMIT, () => findAndOpen(app, input));
}

async function findAndOpen(app: FastifyInstance, input: { serialCode: string; ip: string }): Promise<SerialCodeCheckResult> {
  const matches = await repo.findUsableCode(app.db, sha256(input.serialCode));
  // a code is of one school only (serial_code_hashes' key); none found, used or expired: the same answer
  if (matches.length !== 1) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
  const [code] = matches;
  const secret = randomToken(24);
  const expiresAt = new Date(Date.now() + APPLICATION_TOKEN_MINUTES * 60_000);
  await repo.insertToken(app.db, { schoolId: code.schoolId, tokenHash: sha256(secret), serialCodeId: code.id, expiresAt, ip: input.ip });
  return { token: `${code.schoolId}.${secret}`, schoolName: code.schoolName, expiresAt: expiresAt.toISOString() };
}
