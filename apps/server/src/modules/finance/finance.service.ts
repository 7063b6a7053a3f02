/**
 * Rules of the finance area across tables; writes that belong together in one transaction, each
 * audited. Payments on one invoice queue on the invoice's row lock (SELECT … FOR UPDATE).
 */
import type { FeeItemValues, PaymentKeysInput } from '@school/shared/finance/schemas';
import { formatNaira } from '@school/shared/finance/money';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { feeItems, invoiceLines, organisationPaymentKeys, payments } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { isUniqueViolation } from '../../lib/pg-errors';
import { decryptSecret, encryptSecret, secretsKey } from '../../lib/secrets';
import { randomToken } from '../../lib/tokens';
import type { RequestUser } from '../../types';
import * as repo from './finance.repository';
import * as paystack from './paystack.client';

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
  origin: string;
}

const auditBase = (ctx: WriteContext) => ({ organisationId: ctx.actor.organisationId, schoolId: ctx.schoolId, userId: ctx.actor.id, ip: ctx.ip });

async function termOrNotFound(db: DbOrTx, schoolId: string, termId: string) {
  const term = await repo.findTerm(db, schoolId, termId);
  if (!term) throw notFound('Term not found');
  return term;
}

// ---------------------------------------------------------------- fee items

const DUPLICATE_FEE = 'This class already has a fee with this name for the term';
const BILLED_FEE = 'This fee is already on invoices; give a discount on an invoice instead';

export async function createFeeItem(app: FastifyInstance, ctx: WriteContext, input: FeeItemValues) {
  await termOrNotFound(app.db, ctx.schoolId, input.termId);
  try {
    return await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feeItems)
        .values({ schoolId: ctx.schoolId, termId: input.termId, classLevel: input.classLevel, name: input.name, amountKobo: input.amount, acceptance: input.acceptance })
        .returning();
      await audit(tx, { ...auditBase(ctx), action: 'finance.fee_item_created', entity: 'fee_item', entityId: row.id, after: row });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_FEE, { name: DUPLICATE_FEE });
    throw err;
  }
}

export async function updateFeeItem(app: FastifyInstance, ctx: WriteContext, id: string, input: FeeItemValues) {
  await termOrNotFound(app.db, ctx.schoolId, input.termId);
  try {
    return await app.db.transaction(async (tx) => {
      const before = await repo.findFeeItem(tx, ctx.schoolId, id);
      if (!before) throw notFound('Fee item not found');
      if (await repo.feeItemBilled(tx, ctx.schoolId, id)) throw conflict(BILLED_FEE);
      const [row] = await tx
        .update(feeItems)
        .set({ termId: input.termId, classLevel: input.classLevel, name: input.name, amountKobo: input.amount, acceptance: input.acceptance, updatedAt: new Date() })
        .where(and(eq(feeItems.schoolId, ctx.schoolId), eq(feeItems.id, id)))
        .returning();
      await audit(tx, { ...auditBase(ctx), action: 'finance.fee_item_updated', entity: 'fee_item', entityId: id, before, after: row });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_FEE, { name: DUPLICATE_FEE });
    throw err;
  }
}

export async function deleteFeeItem(app: FastifyInstance, ctx: WriteContext, id: string) {
  await app.db.transaction(async (tx) => {
    const before = await repo.findFeeItem(tx, ctx.schoolId, id);
    if (!before) throw notFound('Fee item not found');
    if (await repo.feeItemBilled(tx, ctx.schoolId, id)) throw conflict(BILLED_FEE);
    await tx.delete(feeItems).where(and(eq(feeItems.schoolId, ctx.schoolId), eq(feeItems.id, id)));
    await audit(tx, { ...auditBase(ctx), action: 'finance.fee_item_deleted', entity: 'fee_item', entityId: id, before });
  });
}

// ---------------------------------------------------------------- invoices

export async function generateInvoices(app: FastifyInstance, ctx: WriteContext, termId: string) {
  const term = await termOrNotFound(app.db, ctx.schoolId, termId);
  return app.db.transaction(async (tx) => {
    const result = await repo.generateInvoices(tx, ctx.schoolId, termId, ctx.actor.id);
    await repo.syncAdmissionPaymentStatus(tx, ctx.schoolId);
    await audit(tx, { ...auditBase(ctx), action: 'finance.invoices_generated', entity: 'term', entityId: termId, after: { term: `${term.name} ${term.sessionName}`, ...result } });
    return result;
  });
}

export async function addDiscount(app: FastifyInstance, ctx: WriteContext, invoiceId: string, input: { amount: number; reason: string }) {
  return app.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, ctx.schoolId, invoiceId);
    if (!invoice) throw notFound('Invoice not found');
    const [current] = await repo.listInvoices(tx, ctx.schoolId, { invoiceId });
    if (input.amount > current.dueKobo) {
      const message = `A discount can be at most the invoice's fees (${formatNaira(current.dueKobo)})`;
      throw badRequest(message, { amount: message });
    }
    const [line] = await tx
      .insert(invoiceLines)
      .values({
        schoolId: ctx.schoolId,
        invoiceId,
        kind: 'discount',
        description: 'Discount / waiver',
        amountKobo: -input.amount,
        reason: input.reason,
        createdByUserId: ctx.actor.id,
      })
      .returning();
    await repo.syncAdmissionPaymentStatus(tx, ctx.schoolId, [invoice.student_id]);
    await audit(tx, { ...auditBase(ctx), action: 'finance.discount_added', entity: 'invoice', entityId: invoiceId, before: { balanceKobo: current.balanceKobo }, after: line });
    return line;
  });
}

// ---------------------------------------------------------------- payments recorded by staff

export interface ManualPayment {
  invoiceId: string;
  amount: number;
  method: 'Cash' | 'Bank Transfer';
  reference: string;
  payerName?: string;
  payerPhone?: string;
  paidOn?: string;
  note?: string;
}

const DUPLICATE_REFERENCE = 'A payment with this reference is already recorded';

/** Records a Cash or Bank Transfer payment (more than the balance is kept as credit). */
export async function recordPayment(
  app: FastifyInstance,
  ctx: WriteContext,
  input: ManualPayment,
  saveProof?: (tx: DbOrTx) => Promise<string | null>,
): Promise<string> {
  try {
    return await app.db.transaction(async (tx) => {
      const invoice = await repo.lockInvoice(tx, ctx.schoolId, input.invoiceId);
      if (!invoice) throw notFound('Invoice not found');
      const [before] = await repo.listInvoices(tx, ctx.schoolId, { invoiceId: input.invoiceId });
      const proofUploadId = saveProof ? await saveProof(tx) : null;
      const receiptNo = await repo.nextReceiptNo(tx, ctx.schoolId);
      const paidAt = input.paidOn ? new Date(`${input.paidOn}T12:00:00Z`) : new Date();
      const [row] = await tx
        .insert(payments)
        .values({
          schoolId: ctx.schoolId,
          organisationId: ctx.actor.organisationId,
          invoiceId: input.invoiceId,
          studentId: invoice.student_id,
          amountKobo: input.amount,
          method: input.method,
          status: 'Success',
          reference: input.reference,
          payerName: input.payerName ?? null,
          payerPhone: input.payerPhone ?? null,
          note: input.note ?? null,
          proofUploadId,
          receiptNo,
          paidAt,
          recordedByUserId: ctx.actor.id,
        })
        .returning();
      await repo.syncAdmissionPaymentStatus(tx, ctx.schoolId, [invoice.student_id]);
      await audit(tx, {
        ...auditBase(ctx),
        action: 'finance.payment_recorded',
        entity: 'payment',
        entityId: row.id,
        before: { balanceKobo: before.balanceKobo },
        after: { ...row, balanceKobo: before.balanceKobo - input.amount },
      });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_REFERENCE, { reference: DUPLICATE_REFERENCE });
    throw err;
  }
}

/** A wrong payment is never deleted: a new entry of the negative amount reverses it (once). */
export async function reversePayment(app: FastifyInstance, ctx: WriteContext, paymentId: string, reason: string): Promise<string> {
  try {
    return await app.db.transaction(async (tx) => {
      const original = await repo.rawPayment(tx, ctx.schoolId, paymentId);
      if (!original) throw notFound('Payment not found');
      await repo.lockInvoice(tx, ctx.schoolId, original.invoiceId);
      if (original.status !== 'Success' || original.reversesPaymentId || original.amountKobo <= 0) {
        throw conflict('Only a successful payment can be reversed');
      }
      const [row] = await tx
        .insert(payments)
        .values({
          schoolId: ctx.schoolId,
          organisationId: original.organisationId,
          invoiceId: original.invoiceId,
          studentId: original.studentId,
          amountKobo: -original.amountKobo,
          method: original.method,
          status: 'Success',
          reference: null,
          note: reason,
          reversesPaymentId: original.id,
          paidAt: new Date(),
          recordedByUserId: ctx.actor.id,
        })
        .returning();
      await repo.syncAdmissionPaymentStatus(tx, ctx.schoolId, [original.studentId]);
      await audit(tx, { ...auditBase(ctx), action: 'finance.payment_reversed', entity: 'payment', entityId: original.id, before: original, after: row });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This payment has already been reversed');
    throw err;
  }
}

// ---------------------------------------------------------------- reminders

/** Mails each guardian (with an email) of the term's debtors; returns how many mails and who had none. */
export async function sendReminders(app: FastifyInstance, ctx: WriteContext, input: { termId: string; classId?: string }) {
  const term = await termOrNotFound(app.db, ctx.schoolId, input.termId);
  const school = (await repo.findSchool(app.db, ctx.schoolId))!;
  const debtors = await repo.listInvoices(app.db, ctx.schoolId, { termId: input.termId, classId: input.classId, feeStatus: 'incomplete' });
  const guardians = await repo.guardiansOfStudents(app.db, ctx.schoolId, debtors.map((d) => d.studentId));
  const queued: Array<{ id: string; message: MailMessage }> = [];
  let withoutEmail = 0;
  await app.db.transaction(async (tx) => {
    for (const d of debtors) {
      const emails = [...new Set(guardians.filter((g) => g.studentId === d.studentId && g.email).map((g) => g.email!.toLowerCase()))];
      if (emails.length === 0) withoutEmail++;
      for (const to of emails) {
        const name = guardians.find((g) => g.email?.toLowerCase() === to)?.name ?? 'Parent/Guardian';
        const message: MailMessage = {
          to,
          organisationId: ctx.actor.organisationId,
          schoolId: ctx.schoolId,
          subject: `School fees reminder: ${d.studentName}, ${term.name} Term ${term.sessionName}`,
          body: [
            `Dear ${name},`,
            '',
            `This is a reminder from ${school.name} that the school fees of ${d.studentName} (${d.registrationNo}, ${d.className}) for the ${term.name} Term of ${term.sessionName} are not fully paid.`,
            '',
            `Fees: ${formatNaira(d.dueKobo)}`,
            `Paid: ${formatNaira(d.paidKobo)}`,
            `Balance: ${formatNaira(d.balanceKobo)}`,
            '',
            `You can see the invoice and pay on the school portal: ${ctx.origin}/auth/login`,
            '',
            `Thank you,`,
            `${school.name} Bursary`,
          ].join('\n'),
        };
        queued.push({ id: await app.mailer.queue(tx, message), message });
      }
    }
    await audit(tx, { ...auditBase(ctx), action: 'finance.reminders_sent', entity: 'term', entityId: input.termId, after: { classId: input.classId ?? null, debtors: debtors.length, mails: queued.length, withoutEmail } });
  });
  for (const q of queued) await app.mailer.deliver(app.db, q.id, q.message);
  return { debtors: debtors.length, sent: queued.length, withoutEmail };
}

// ---------------------------------------------------------------- payment keys (organisation)

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
  const reference = `SS-${randomToken(12).replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}-${Date.now().toString(36)}`;
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
      await tx.update(payments).set({ status: 'Failed', note: 'Paystack did not start the payment' }).where(and(eq(payments.id, payment.id), eq(payments.status, 'Pending')));
      await audit(tx, { ...auditBase(ctx), action: 'finance.online_payment_failed', entity: 'payment', entityId: payment.id, after: { error: (err as Error).message } });
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
  return app.db.transaction(async (tx) => {
    await repo.lockInvoice(tx, payment.schoolId, payment.invoiceId);
    const current = await repo.rawPayment(tx, payment.schoolId, payment.id);
    if (!current) throw notFound('Payment not found');
    const base = { organisationId: current.organisationId, schoolId: current.schoolId, userId, ip, entity: 'payment', entityId: current.id };
    if (current.status === 'Success') return 'already-applied';
    if (trx.status !== 'success') {
      if (['failed', 'abandoned', 'reversed'].includes(trx.status) && current.status === 'Pending') {
        await tx.update(payments).set({ status: 'Failed', note: `Paystack: ${trx.status}` }).where(and(eq(payments.id, current.id), eq(payments.status, 'Pending')));
        await audit(tx, { ...base, action: 'finance.online_payment_failed', before: { status: current.status }, after: { status: 'Failed', source, paystackStatus: trx.status } });
        return 'failed';
      }
      return current.status === 'Failed' ? 'failed' : 'pending';
    }
    if (trx.amount !== current.amountKobo || trx.currency.toUpperCase() !== 'NGN') {
      if (current.status === 'Pending') {
        await tx
          .update(payments)
          .set({ status: 'Failed', note: `Refused: Paystack reported ${trx.currency} ${trx.amount} for ${current.amountKobo} kobo asked` })
          .where(and(eq(payments.id, current.id), eq(payments.status, 'Pending')));
        await audit(tx, { ...base, action: 'finance.online_payment_refused', before: { status: current.status }, after: { status: 'Failed', source, amount: trx.amount, currency: trx.currency } });
      }
      return 'mismatch';
    }
    // A payment marked Failed (abandoned) that Paystack later reports paid is still money received.
    const receiptNo = await repo.nextReceiptNo(tx, current.schoolId);
    const updated = await tx
      .update(payments)
      .set({ status: 'Success', receiptNo, paidAt: trx.paidAt ? new Date(trx.paidAt) : new Date(), note: null })
      .where(and(eq(payments.id, current.id), eq(payments.status, current.status)))
      .returning({ id: payments.id });
    if (updated.length === 0) return 'already-applied';
    await repo.syncAdmissionPaymentStatus(tx, current.schoolId, [current.studentId]);
    await audit(tx, { ...base, action: 'finance.online_payment_succeeded', before: { status: current.status }, after: { status: 'Success', source, receiptNo, amountKobo: current.amountKobo } });
    return 'applied';
  });
}
