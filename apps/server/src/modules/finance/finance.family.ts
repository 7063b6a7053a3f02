/** What a family (and the bursary) reads of one student: the student's fees and a payment's receipt. */
import type { Receipt, StudentFees } from '@school/shared/finance/responses';
import { receiptNumber } from '@school/shared/finance/schemas';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { schoolPlace } from '@school/shared/schools/place';
import { personName } from '../../lib/names';
import { isAdministrator } from '../../policies/actors';
import type { RequestUser } from '../../types';
import { presentInvoice, presentInvoiceDetail } from './finance.presenter';
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

/** A successful payment's receipt (what the receipt page and its PDF show); 404 for any other payment. */
export async function receiptOf(db: DbOrTx, schoolId: string, paymentId: string): Promise<Receipt> {
  const payment = await repo.findPayment(db, schoolId, paymentId);
  if (!payment || payment.status !== 'Success' || payment.receiptNo == null) throw notFound('Receipt not found');
  const [invoice] = await repo.listInvoices(db, schoolId, { invoiceId: payment.invoiceId });
  const raw = (await repo.rawPayment(db, schoolId, payment.id))!;
  const school = (await repo.findSchool(db, schoolId))!;
  const summary = presentInvoice(invoice);
  return {
    paymentId: payment.id,
    receiptNo: receiptNumber(payment.receiptNo)!,
    date: new Date(payment.paidAt ?? payment.createdAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: school.timeZone,
    }),
    payerName: raw.payerName ?? invoice.studentName,
    studentName: invoice.studentName,
    registrationNo: invoice.registrationNo,
    className: invoice.className,
    termName: invoice.termName,
    sessionName: invoice.sessionName,
    amountKobo: payment.amountKobo,
    paymentMode: payment.method,
    reference: payment.reference,
    dueKobo: invoice.dueKobo,
    paidKobo: invoice.paidKobo,
    balanceKobo: invoice.balanceKobo,
    feeStatus: summary.feeStatus,
    school: { name: school.name, place: schoolPlace(school), phone: school.phone, email: school.email },
  };
}
