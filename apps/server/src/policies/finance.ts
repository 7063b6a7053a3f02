/**
 * The school's books and a family's fees. Paying a child's invoice online is not recording a payment
 * at the bursary, and reading one's own child's fees is not reading the school's: the matrix's
 * finance cells are the owner's switch, and these policies add who may act at all.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { ADMINISTRATORS, FAMILY, OWNERS } from './actors';
import { matrixRoute, publicRoute, record } from './policy';
import { schoolRecord, schoolScope } from './records';
import { canViewStudent, student } from './students';

const bursary = { actors: ADMINISTRATORS };

/** A payment whose student this actor may see (a receipt: the family's own, any of the school's for its administrators). */
const paymentOfVisibleStudent = record('payment', async (db, ctx, id) => {
  const inSchool = await schoolScope(db, ctx, sql`p.school_id`);
  if (!inSchool) return false;
  const [row] = rowsOf<{ student_id: string }>(await db.execute(sql`select p.student_id from payments p where p.id = ${id} and ${inSchool} limit 1`));
  return Boolean(row) && canViewStudent(db, ctx, row.student_id);
});

const feeItem = schoolRecord('fee-item', 'fee_items');
const invoice = schoolRecord('invoice', 'invoices');
const payment = schoolRecord('payment', 'payments');

export const financePolicy = {
  /** The school's terms, classes and fee schedule, as the bursary sets them up. */
  readSetup: matrixRoute('finance.readSetup', 'finance', 'view', bursary),
  addFeeItem: matrixRoute('finance.addFeeItem', 'finance', 'add', bursary),
  editFeeItem: matrixRoute('finance.editFeeItem', 'finance', 'edit', { ...bursary, params: { id: feeItem } }),
  deleteFeeItem: matrixRoute('finance.deleteFeeItem', 'finance', 'delete', { ...bursary, params: { id: feeItem } }),
  generateInvoices: matrixRoute('finance.generateInvoices', 'finance', 'add', bursary),
  /** The school's books: every invoice, payment, total and debtor. */
  readBooks: matrixRoute('finance.readBooks', 'finance', 'edit', bursary),
  readInvoice: matrixRoute('finance.readInvoice', 'finance', 'edit', { ...bursary, params: { id: invoice } }),
  grantDiscount: matrixRoute('finance.grantDiscount', 'finance', 'edit', { ...bursary, params: { id: invoice } }),
  sendReminders: matrixRoute('finance.sendReminders', 'finance', 'edit', bursary),
  /** A cash or transfer payment taken at the bursary: never a parent or a pupil, whatever the matrix says. */
  recordPayment: matrixRoute('finance.recordPayment', 'finance', 'add', bursary),
  reversePayment: matrixRoute('finance.reversePayment', 'finance', 'edit', { ...bursary, params: { id: payment } }),
  /** One student's fees: the family's own child, or any student of the school for its bursary. */
  readStudentFees: matrixRoute('fees.readStudent', 'finance', 'view', { params: { studentId: student } }),
  readReceipt: matrixRoute('fees.readReceipt', 'finance', 'view', { params: { id: paymentOfVisibleStudent } }),
  /** Paying one's own child's invoice online (Paystack checkout). */
  payOnline: matrixRoute('fees.payOnline', 'finance', 'view', { actors: FAMILY, params: { studentId: student } }),
  /** Coming back from the checkout; the payment's student is checked like a receipt's (`mayReadPaymentOf`). */
  verifyOnlinePayment: matrixRoute('fees.verifyOnline', 'finance', 'view'),
  /** The organisation's Paystack keys belong to its owners. */
  readPaymentKeys: matrixRoute('finance.readPaymentKeys', 'settings', 'view', { actors: OWNERS }),
  editPaymentKeys: matrixRoute('finance.editPaymentKeys', 'settings', 'edit', { actors: OWNERS }),
  /** Paystack's signed webhook. */
  paystackWebhook: publicRoute('fees.paystackWebhook'),
};

/** Whether the actor may see payments of this student (verifying an online payment on return). */
export const mayReadPaymentOf = canViewStudent;
