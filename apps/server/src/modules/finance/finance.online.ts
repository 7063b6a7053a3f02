/** Online payment: the organisation's Paystack keys, starting a card payment and applying Paystack's result. */
import type { PaymentKeysView, PaymentVerified, WebhookReceived } from '@school/shared/finance/responses';
import { type PaymentKeysInput, receiptNumber } from '@school/shared/finance/schemas';
import { formatNaira } from '@school/shared/finance/money';
import { isUuid } from '@school/shared/fields';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { organisationPaymentKeys, payments } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/http-errors';
import { decryptSecret, encryptSecret, maskSecret, secretsKey } from '../../lib/secrets';
import { randomToken } from '../../lib/tokens';
import { requireSchool, type RequestContext } from '../../policies/context';
import { mayReadPaymentOf } from '../../policies/finance';
import type { RequestUser } from '../../types';
import * as repo from './finance.repository';
import * as paystack from './paystack.client';
import { auditBase, type WriteContext } from './finance.write-context';
import { queueReceiptTexts } from './finance.texts';

export async function savePaymentKeys(app: FastifyInstance, actor: RequestUser, ip: string, input: PaymentKeysInput) {
  const key = secretsKey(app.config);
  const sealed = encryptSecret(key, input.secretKey);
  const last4 = input.secretKey.slice(-4);
  await app.db.transaction(async (tx) => {
    const before = await repo.findKeys(tx, actor.organisationId);
    const values = { publicKey: input.publicKey, secretKeyEncrypted: sealed, secretKeyLast4: last4, updatedByUserId: actor.id, updatedAt: new Date() };
    await tx
      .insert(organisationPaymentKeys)
      .values({ organisationId: actor.organisationId, ...values })
      .onConflictDoUpdate({ target: organisationPaymentKeys.organisationId, set: values });
    // The secret never goes into the audit trail, only that it changed.
    await audit(tx, {
      organisationId: actor.organisationId,
      userId: actor.id,
      ip,
      action: 'settings.payment_keys_saved',
      entity: 'organisation',
      entityId: actor.organisationId,
      before: before ? { publicKey: before.publicKey, secretKey: `••••${before.secretKeyLast4}` } : null,
      after: { publicKey: input.publicKey, secretKey: `••••${last4}` },
    });
  });
}

/** The organisation's Paystack keys as its owners see them (the secret masked). */
export async function paymentKeysView(db: DbOrTx, organisationId: string): Promise<PaymentKeysView> {
  const row = await repo.findKeys(db, organisationId);
  return {
    configured: Boolean(row),
    publicKey: row?.publicKey ?? null,
    secretKeyMasked: row ? maskSecret(row.secretKeyLast4) : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function secretKeyOf(app: FastifyInstance, db: DbOrTx, organisationId: string): Promise<string | null> {
  const row = await repo.findKeys(db, organisationId);
  if (!row) return null;
  return decryptSecret(secretsKey(app.config), row.secretKeyEncrypted);
}

// ---------------------------------------------------------------- Paystack

const NOT_SET_UP = 'Online payment is not set up for your school yet. Please pay at the bursary or by bank transfer.';

/** Asks Paystack for a transaction of the invoice's balance (or part of it); a Pending Card payment keeps the reference. */
export async function startOnlinePayment(
  app: FastifyInstance,
  ctx: WriteContext,
  input: { invoiceId: string; studentId: string; amount?: number; callbackPath: string },
) {
  const secret = await secretKeyOf(app, app.db, ctx.actor.organisationId);
  if (!secret) throw conflict(NOT_SET_UP);
  const reference = `SS-${randomToken(12)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16)}-${Date.now().toString(36)}`;
  const payment = await app.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, ctx.schoolId, input.invoiceId);
    if (!invoice || invoice.student_id !== input.studentId) throw notFound('Invoice not found');
    const [current] = await repo.listInvoices(tx, ctx.schoolId, { invoiceId: input.invoiceId });
    if (current.balanceKobo <= 0) throw conflict('This invoice is fully paid');
    const amount = input.amount ?? current.balanceKobo;
    if (amount > current.balanceKobo) {
      const message = `The amount can be at most the balance (${formatNaira(current.balanceKobo)})`;
      throw badRequest(message, { amount: message });
    }
    const [row] = await tx
      .insert(payments)
      .values({
        schoolId: ctx.schoolId,
        organisationId: ctx.actor.organisationId,
        invoiceId: input.invoiceId,
        studentId: input.studentId,
        amountKobo: amount,
        method: 'Card',
        status: 'Pending',
        reference,
        payerName: ctx.actor.name,
        payerEmail: ctx.actor.email,
        recordedByUserId: ctx.actor.id,
      })
      .returning();
    await audit(tx, { ...auditBase(ctx), action: 'finance.online_payment_started', entity: 'payment', entityId: row.id, after: row });
    return row;
  });
  try {
    const init = await paystack.initializeTransaction(app.config.paystackBaseUrl, secret, {
      email: ctx.actor.email,
      amountKobo: payment.amountKobo,
      reference,
      callbackUrl: `${ctx.origin}${input.callbackPath}`,
      metadata: { invoiceId: input.invoiceId, studentId: input.studentId, schoolId: ctx.schoolId },
    });
    return { reference, authorizationUrl: init.authorizationUrl, amountKobo: payment.amountKobo };
  } catch (err) {
    await app.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'Failed', note: 'Paystack did not start the payment' })
        .where(and(eq(payments.schoolId, payment.schoolId), eq(payments.id, payment.id), eq(payments.status, 'Pending')));
      await audit(tx, {
        ...auditBase(ctx),
        action: 'finance.online_payment_failed',
        entity: 'payment',
        entityId: payment.id,
        after: { error: (err as Error).message },
      });
    });
    if (err instanceof paystack.PaystackError) throw new HttpError(502, 'Paystack could not start the payment. Please try again later.');
    throw err;
  }
}

export type ApplyOutcome = 'applied' | 'already-applied' | 'failed' | 'pending' | 'mismatch';

/**
 * Applies what Paystack says about a reference, exactly once: the Pending row turns Success (with
 * a receipt number) only if the amount and currency are what was asked; a replay finds it no
 * longer Pending and changes nothing.
 */
export async function applyPaystackResult(
  app: FastifyInstance,
  payment: typeof payments.$inferSelect,
  trx: paystack.PaystackTransaction,
  source: 'webhook' | 'verify',
  ip: string | null,
  userId: string | null,
): Promise<ApplyOutcome> {
  let texted = 0;
  const outcome = await app.db.transaction(async (tx): Promise<ApplyOutcome> => {
    await repo.lockInvoice(tx, payment.schoolId, payment.invoiceId);
    const current = await repo.rawPayment(tx, payment.schoolId, payment.id);
    if (!current) throw notFound('Payment not found');
    const base = { organisationId: current.organisationId, schoolId: current.schoolId, userId, ip, entity: 'payment', entityId: current.id };
    if (current.status === 'Success') return 'already-applied';
    if (trx.status !== 'success') {
      if (['failed', 'abandoned', 'reversed'].includes(trx.status) && current.status === 'Pending') {
        await tx
          .update(payments)
          .set({ status: 'Failed', note: `Paystack: ${trx.status}` })
          .where(and(eq(payments.schoolId, current.schoolId), eq(payments.id, current.id), eq(payments.status, 'Pending')));
        await audit(tx, {
          ...base,
          action: 'finance.online_payment_failed',
          before: { status: current.status },
          after: { status: 'Failed', source, paystackStatus: trx.status },
        });
        return 'failed';
      }
      return current.status === 'Failed' ? 'failed' : 'pending';
    }
    if (trx.amount !== current.amountKobo || trx.currency.toUpperCase() !== 'NGN') {
      if (current.status === 'Pending') {
        await tx
          .update(payments)
          .set({ status: 'Failed', note: `Refused: Paystack reported ${trx.currency} ${trx.amount} for ${current.amountKobo} kobo asked` })
          .where(and(eq(payments.schoolId, current.schoolId), eq(payments.id, current.id), eq(payments.status, 'Pending')));
        await audit(tx, {
          ...base,
          action: 'finance.online_payment_refused',
          before: { status: current.status },
          after: { status: 'Failed', source, amount: trx.amount, currency: trx.currency },
        });
      }
      return 'mismatch';
    }
    // A payment marked Failed (abandoned) that Paystack later reports paid is still money received.
    const receiptNo = await repo.nextReceiptNo(tx, current.schoolId);
    const updated = await tx
      .update(payments)
      .set({ status: 'Success', receiptNo, paidAt: trx.paidAt ? new Date(trx.paidAt) : new Date(), note: null })
      .where(and(eq(payments.schoolId, current.schoolId), eq(payments.id, current.id), eq(payments.status, current.status)))
      .returning({ id: payments.id });
    if (updated.length === 0) return 'already-applied';
    await repo.syncAdmissionPaymentStatus(tx, current.schoolId, [current.studentId]);
    await audit(tx, {
      ...base,
      action: 'finance.online_payment_succeeded',
      before: { status: current.status },
      after: { status: 'Success', source, receiptNo, amountKobo: current.amountKobo },
    });
    const [invoice] = await repo.listInvoices(tx, current.schoolId, { invoiceId: current.invoiceId });
    texted = await queueReceiptTexts(
      app,
      tx,
      { organisationId: current.organisationId, schoolId: current.schoolId, userId },
      {
        schoolName: (await repo.findSchool(tx, current.schoolId))!.name,
        paymentId: current.id,
        studentId: current.studentId,
        termName: invoice.termName,
        amountKobo: current.amountKobo,
        receiptNo,
        balanceKobo: invoice.balanceKobo,
      },
    );
    return 'applied';
  });
  if (texted > 0) app.messageWorker.kick();
  return outcome;
}

/**
 * The payer is back from the checkout: asks Paystack about the reference and applies the result
 * (once). 404 for a payment of another school or of a student the actor may not see; 400 when the
 * amount paid is not the amount asked.
 */
export async function verifyOnlinePayment(app: FastifyInstance, ctx: RequestContext, reference: string): Promise<PaymentVerified> {
  const schoolId = requireSchool(ctx);
  const payment = await repo.paymentByReference(app.db, schoolId, reference);
  if (!payment || payment.schoolId !== schoolId) throw notFound('Payment not found');
  if (!(await mayReadPaymentOf(app.db, ctx, payment.studentId))) throw notFound('Payment not found');
  let outcome: ApplyOutcome;
  if (payment.status === 'Success') outcome = 'already-applied';
  else {
    const secret = await secretKeyOf(app, app.db, payment.organisationId);
    if (!secret) throw conflict('Online payment is not set up for your school');
    let trx: paystack.PaystackTransaction;
    try {
      trx = await paystack.verifyTransaction(app.config.paystackBaseUrl, secret, payment.reference!);
    } catch {
      return { status: 'Pending', invoiceId: payment.invoiceId, message: 'Paystack has not confirmed this payment yet. Please check again shortly.' };
    }
    outcome = await applyPaystackResult(app, payment, trx, 'verify', ctx.ip, ctx.user.id);
  }
  if (outcome === 'mismatch') throw badRequest('The amount paid does not match the amount asked for; the payment was not applied');
  const after = (await repo.rawPayment(app.db, schoolId, payment.id))!;
  return {
    status: after.status as PaymentVerified['status'],
    invoiceId: after.invoiceId,
    paymentId: after.id,
    receiptNo: receiptNumber(after.receiptNo),
    amountKobo: after.amountKobo,
    message:
      after.status === 'Success'
        ? `Payment of ${formatNaira(after.amountKobo)} received`
        : after.status === 'Failed'
          ? 'The payment did not go through'
          : 'Payment pending',
  };
}

/**
 * A Paystack event: applied only with a valid signature of the exact bytes sent (401 otherwise);
 * 400 when it is not an event about a reference, or its amount is not the amount asked.
 */
export async function receivePaystackEvent(
  app: FastifyInstance,
  input: { rawBody: Buffer | undefined; body: unknown; signature: unknown; ip: string },
): Promise<WebhookReceived> {
  const event = input.body as { event?: string; data?: { reference?: string; metadata?: unknown } } | undefined;
  const reference = typeof event?.data?.reference === 'string' ? event.data.reference : null;
  if (!input.rawBody || !reference) throw badRequest('Not a Paystack event');
  // The school is the one startOnlinePayment named in the transaction's metadata (ADR 0026).
  const schoolId = metadataSchoolId(event!.data!.metadata);
  const payment = schoolId ? await repo.paymentByReference(app.db, schoolId, reference) : undefined;
  // A transaction this app did not start (the Paystack account may serve others): nothing to do,
  // and a 200 stops Paystack's retries. Nothing is applied without a valid signature.
  if (!payment) return { received: true };
  const secret = await secretKeyOf(app, app.db, payment.organisationId);
  if (!secret || !paystack.validSignature(secret, input.rawBody, input.signature)) throw unauthorized('Invalid signature');
  if (event!.event !== 'charge.success') return { received: true };
  const outcome = await applyPaystackResult(app, payment, paystack.transactionOf(event!.data), 'webhook', input.ip, null);
  if (outcome === 'mismatch') throw badRequest('Amount does not match the payment asked for');
  return { received: true, outcome };
}

/** The school startOnlinePayment put in a transaction's metadata (Paystack may send metadata as a JSON string). */
function metadataSchoolId(metadata: unknown): string | null {
  let value = metadata;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const schoolId = value && typeof value === 'object' ? (value as { schoolId?: unknown }).schoolId : undefined;
  return isUuid(schoolId) ? schoolId : null;
}
