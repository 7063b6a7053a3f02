/**
 * Fee reminders and payment receipts by SMS or WhatsApp to the student's guardians with a phone (issue
 * 20, ADR 0039), queued in the transaction of the reminder or the payment. A reminder goes at most once
 * a day per invoice and guardian (pressing "send reminders" twice sends one), a receipt once per payment
 * and guardian (a Paystack webhook and the payer's return both applying it still send one).
 */
import { receiptNumber } from '@school/shared/finance/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { personName } from '../../lib/names';
import { guardianPhonesOf, nairaText, plainText, queueMessages, type QueueContext } from '../messaging/messaging.api';

const feesLink = (origin: string, studentId: string) => `${origin}/parent/children/${studentId}/fees`;

/** Today in the school's time zone, 'YYYY-MM-DD'. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export function reminderText(schoolName: string, child: string, termName: string, balanceKobo: number, origin: string, studentId: string) {
  return plainText(
    `${schoolName}: ${child}'s ${termName} term fees are not fully paid. Balance ${nairaText(balanceKobo)}. See the invoice and pay at ${feesLink(origin, studentId)}`,
  );
}

export function receiptText(schoolName: string, child: string, termName: string, amountKobo: number, receiptNo: number | null, balanceKobo: number) {
  const receipt = receiptNumber(receiptNo);
  return plainText(
    `${schoolName}: payment of ${nairaText(amountKobo)} received for ${child}'s ${termName} term fees.${receipt ? ` Receipt ${receipt}.` : ''} ` +
      (balanceKobo > 0 ? `Balance ${nairaText(balanceKobo)}.` : 'The fees are fully paid.') +
      ' Thank you.',
  );
}

/** The reminders of a term's debtors; answers how many are queued to send. */
export async function queueReminderTexts(
  app: FastifyInstance,
  tx: DbOrTx,
  ctx: QueueContext & { userId: string },
  p: { schoolName: string; timeZone: string; origin: string; termName: string; debtors: Array<{ id: string; studentId: string; balanceKobo: number }> },
): Promise<number> {
  const day = todayIn(p.timeZone);
  const invoiceOf = new Map(p.debtors.map((d) => [d.studentId, d]));
  const guardians = await guardianPhonesOf(tx, ctx.schoolId, [...invoiceOf.keys()]);
  return queueMessages(
    app,
    tx,
    ctx,
    guardians.map((g) => {
      const invoice = invoiceOf.get(g.studentId)!;
      return {
        event: 'feeReminder' as const,
        dedupeKey: `feeReminder:${invoice.id}:${day}:${g.guardianId}`,
        phone: g.phone,
        recipientName: g.guardianName,
        body: reminderText(p.schoolName, personName(g), p.termName, invoice.balanceKobo, p.origin, g.studentId),
      };
    }),
  );
}

/** The receipt of a successful payment; answers how many are queued to send. */
export async function queueReceiptTexts(
  app: FastifyInstance,
  tx: DbOrTx,
  ctx: QueueContext,
  p: { schoolName: string; paymentId: string; studentId: string; termName: string; amountKobo: number; receiptNo: number | null; balanceKobo: number },
): Promise<number> {
  const guardians = await guardianPhonesOf(tx, ctx.schoolId, [p.studentId]);
  return queueMessages(
    app,
    tx,
    ctx,
    guardians.map((g) => ({
      event: 'receipt' as const,
      dedupeKey: `receipt:${p.paymentId}:${g.guardianId}`,
      phone: g.phone,
      recipientName: g.guardianName,
      body: receiptText(p.schoolName, personName(g), p.termName, p.amountKobo, p.receiptNo, p.balanceKobo),
    })),
  );
}
