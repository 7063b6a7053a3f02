/**
 * Rules of the finance area across tables; writes that belong together in one transaction, each
 * audited. Payments on one invoice queue on the invoice's row lock (SELECT … FOR UPDATE).
 */
import type { FeeItemValues, ManualPaymentMode } from '@school/shared/finance/schemas';
import { formatNaira } from '@school/shared/finance/money';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { feeItems, invoiceLines, payments } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './finance.repository';
import { auditBase, type WriteContext } from './finance.write-context';
import { queueReceiptTexts, queueReminderTexts } from './finance.texts';

export type { WriteContext } from './finance.write-context';
export * from './finance.online';
export * from './finance.reads';
export * from './finance.family';

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
        .values({
          schoolId: ctx.schoolId,
          termId: input.termId,
          classLevel: input.classLevel,
          name: input.name,
          amountKobo: input.amount,
          acceptance: input.acceptance,
        })
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
        .set({
          termId: input.termId,
          classLevel: input.classLevel,
          name: input.name,
          amountKobo: input.amount,
          acceptance: input.acceptance,
          updatedAt: new Date(),
        })
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
    await audit(tx, {
      ...auditBase(ctx),
      action: 'finance.invoices_generated',
      entity: 'term',
      entityId: termId,
      after: { term: `${term.name} ${term.sessionName}`, ...result },
    });
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
    await audit(tx, {
      ...auditBase(ctx),
      action: 'finance.discount_added',
      entity: 'invoice',
      entityId: invoiceId,
      before: { balanceKobo: current.balanceKobo },
      after: line,
    });
    return line;
  });
}

// ---------------------------------------------------------------- payments recorded by staff

export interface ManualPayment {
  invoiceId: string;
  amount: number;
  method: ManualPaymentMode;
  /** Optional for Cash; a POS payment's is the terminal's RRN. */
  reference?: string;
  payerName?: string;
  payerPhone?: string;
  paidOn?: string;
  note?: string;
}

const DUPLICATE_REFERENCE = 'A payment with this reference is already recorded';

/** Records a Cash, Bank Transfer or POS payment with its receipt number (more than the balance is kept as credit). */
export async function recordPayment(
  app: FastifyInstance,
  ctx: WriteContext,
  input: ManualPayment,
  saveProof?: (tx: DbOrTx) => Promise<string | null>,
): Promise<string> {
  let texted = 0;
  try {
    const id = await app.db.transaction(async (tx) => {
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
          reference: input.reference ?? null,
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
      texted = await queueReceiptTexts(
        app,
        tx,
        { organisationId: ctx.actor.organisationId, schoolId: ctx.schoolId, userId: ctx.actor.id },
        {
          schoolName: (await repo.findSchool(tx, ctx.schoolId))!.name,
          paymentId: row.id,
          studentId: invoice.student_id,
          termName: before.termName,
          amountKobo: input.amount,
          receiptNo,
          balanceKobo: before.balanceKobo - input.amount,
        },
      );
      return row.id;
    });
    if (texted > 0) app.messageWorker.kick();
    return id;
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
  const guardians = await repo.guardiansOfStudents(
    app.db,
    ctx.schoolId,
    debtors.map((d) => d.studentId),
  );
  const queued: Array<{ id: string; message: MailMessage }> = [];
  let withoutEmail = 0;
  let texted = 0;
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
    texted = await queueReminderTexts(
      app,
      tx,
      { organisationId: ctx.actor.organisationId, schoolId: ctx.schoolId, userId: ctx.actor.id },
      { schoolName: school.name, timeZone: school.timeZone, origin: ctx.origin, termName: term.name, debtors },
    );
    await audit(tx, {
      ...auditBase(ctx),
      action: 'finance.reminders_sent',
      entity: 'term',
      entityId: input.termId,
      after: { classId: input.classId ?? null, debtors: debtors.length, mails: queued.length, withoutEmail },
    });
  });
  for (const q of queued) await app.mailer.deliver(app.db, q.id, q.message);
  if (texted > 0) app.messageWorker.kick();
  return { debtors: debtors.length, sent: queued.length, withoutEmail };
}
