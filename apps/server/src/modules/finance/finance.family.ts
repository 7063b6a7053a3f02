/** What a family (and the bursary) reads of one student: the student's fees and a payment's receipt. */
import type { Receipt, StudentFees } from '@school/shared/finance/responses';
import { feeStatusOf, receiptNumber } from '@school/shared/finance/schemas';
import { amountInWords } from '@school/shared/finance/words';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { uploadUrl } from '../../lib/uploads';
import { schoolPlace } from '@school/shared/schools/place';
import { personName } from '../../lib/names';
import { isAdministrator } from '../../policies/actors';
import type { RequestUser } from '../../types';
import { presentInvoiceDetail } from './finance.presenter';
import * as repo from './finance.repository';

/** The school's student (the route's policy has checked that the actor may see them); 404 otherwise. */
export async function studentOf(db: DbOrTx, schoolId: string, studentId: string) {
  const student = await repo.findStudent(db, schoolId, studentId);
  if (!student) throw notFound('Student not found');
  return student;
}

/** A student's invoices with lines and payments, balance and credit; staff also see notes and proofs. */
export async function studentFees(db: DbOrTx, actor: RequestUser, schoolId: string, studentId: string): Promise<StudentFees> {
  const rows = await repo.listInvoices(db, schoolId, { studentIds: [studentId] });
  const student = await studentOf(db, schoolId, studentId);
  const ids = rows.map((r) => r.id);
  const [lines, pays, school, keys] = await Promise.all([
    repo.linesOf(db, schoolId, ids),
    repo.listPayments(db, schoolId, { invoiceIds: ids }),
    repo.findSchool(db, schoolId),
    repo.findKeys(db, actor.organisationId),
  ]);
  const staff = isAdministrator(actor);
  return {
    student: {
      id: student.id,
      name: personName(student),
      registrationNo: student.registrationNo,
    },
    invoices: rows.map((r) => presentInvoiceDetail(r, lines, pays.items, staff)),
    creditKobo: rows.reduce((a, r) => a + (r.balanceKobo < 0 ? -r.balanceKobo : 0), 0),
    outstandingKobo: rows.reduce((a, r) => a + (r.balanceKobo > 0 ? r.balanceKobo : 0), 0),
    onlinePayment: Boolean(keys),
    school: { name: school!.name, phone: school!.phone, email: school!.email },
  };
}

export const PAID_ONLINE = 'Paid online (Paystack)';

/** Who took the payment: the staff member who recorded it, or Paystack for a Card payment. */
async function cashierOf(db: DbOrTx, payment: { method: string; organisationId: string; recordedByUserId: string | null }) {
  if (payment.method === 'Card') return PAID_ONLINE;
  const name = payment.recordedByUserId ? await repo.recorderName(db, payment.organisationId, payment.recordedByUserId) : undefined;
  return name ?? 'Bursary';
}

/** A successful payment's receipt (what the receipt page and its PDF show); 404 for any other payment. */
export async function receiptOf(db: DbOrTx, schoolId: string, paymentId: string): Promise<Receipt> {
  const payment = await repo.findPayment(db, schoolId, paymentId);
  if (!payment || payment.status !== 'Success' || payment.receiptNo == null) throw notFound('Receipt not found');
  const [[invoice], raw, school, lines, onInvoice] = await Promise.all([
    repo.listInvoices(db, schoolId, { invoiceId: payment.invoiceId }),
    repo.rawPayment(db, schoolId, payment.id),
    repo.findSchool(db, schoolId),
    repo.linesOf(db, schoolId, [payment.invoiceId]),
    repo.listPayments(db, schoolId, { invoiceIds: [payment.invoiceId], status: 'Success' }),
  ]);
  // the totals as they stood once this payment was made (later payments and reversals are not this receipt's):
  // receipt numbers are given in order under the invoice's lock; a reversal has none and goes by its time
  const before = (p: repo.PaymentRow) => p.id !== payment.id && (p.receiptNo != null ? p.receiptNo < payment.receiptNo! : p.createdAt <= payment.createdAt);
  const paidBeforeKobo = onInvoice.items.filter(before).reduce((sum, p) => sum + p.amountKobo, 0);
  const paidKobo = paidBeforeKobo + payment.amountKobo;
  const balanceKobo = invoice.dueKobo - paidKobo;
  return {
    paymentId: payment.id,
    receiptNo: receiptNumber(payment.receiptNo)!,
    date: new Date(payment.paidAt ?? payment.createdAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: school!.timeZone,
    }),
    payerName: raw!.payerName ?? invoice.studentName,
    studentName: invoice.studentName,
    registrationNo: invoice.registrationNo,
    className: invoice.className,
    termName: invoice.termName,
    sessionName: invoice.sessionName,
    amountKobo: payment.amountKobo,
    amountInWords: amountInWords(payment.amountKobo),
    paymentMode: payment.method,
    reference: payment.reference,
    cashier: await cashierOf(db, raw!),
    items: lines
      .slice()
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'fee' ? -1 : 1))
      .map((l) => ({ kind: l.kind as 'fee' | 'discount', description: l.description, amountKobo: l.amountKobo })),
    dueKobo: invoice.dueKobo,
    paidBeforeKobo,
    paidKobo,
    balanceKobo,
    feeStatus: feeStatusOf(balanceKobo, invoice.dueKobo),
    school: { name: school!.name, place: schoolPlace(school!), phone: school!.phone, email: school!.email, logoUrl: uploadUrl(school!.logoUploadId) },
  };
}
