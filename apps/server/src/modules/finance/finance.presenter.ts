import type { FeeItem, InvoiceDetail, InvoiceLine, InvoiceSummary, Payment } from '@school/shared/finance/responses';
import { feeStatusOf, receiptNumber } from '@school/shared/finance/schemas';
import type { PaymentMode, PaymentStatus } from '@school/shared/constants';
import type { feeItems, invoiceLines } from '../../db/schema';
import type { InvoiceRow, PaymentRow } from './finance.repository';

export function presentFeeItem(row: typeof feeItems.$inferSelect): FeeItem {
  return { id: row.id, termId: row.termId, classLevel: row.classLevel, name: row.name, amountKobo: row.amountKobo, acceptance: row.acceptance };
}

export function presentInvoice(row: InvoiceRow): InvoiceSummary {
  return { ...row, feeStatus: feeStatusOf(row.balanceKobo, row.dueKobo) };
}

export function presentLine(row: typeof invoiceLines.$inferSelect): InvoiceLine {
  return { id: row.id, kind: row.kind as InvoiceLine['kind'], description: row.description, amountKobo: row.amountKobo, reason: row.reason };
}

/** The spec's payment row (id, name, date, txnId, amount, phone, paymentMode, status); staff also see the proof. */
export function presentPayment(row: PaymentRow, opts: { staff: boolean }): Payment {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    studentId: row.studentId,
    name: row.studentName,
    className: row.className,
    date: row.paidAt ?? row.createdAt,
    txnId: row.reference,
    amountKobo: row.amountKobo,
    phone: row.payerPhone ?? row.guardianPhone,
    paymentMode: row.method as PaymentMode,
    status: row.status as PaymentStatus,
    receiptNo: receiptNumber(row.receiptNo),
    reversesPaymentId: row.reversesPaymentId,
    reversed: row.reversed,
    note: opts.staff ? row.note : row.reversesPaymentId ? 'Reversal' : null,
    proofUrl: opts.staff && row.proofUploadId ? `/api/uploads/${row.proofUploadId}` : null,
  };
}

export function presentInvoiceDetail(row: InvoiceRow, lines: Array<typeof invoiceLines.$inferSelect>, payments: PaymentRow[], staff: boolean): InvoiceDetail {
  return {
    ...presentInvoice(row),
    lines: lines.filter((l) => l.invoiceId === row.id).map(presentLine),
    payments: payments.filter((p) => p.invoiceId === row.id).map((p) => presentPayment(p, { staff })),
  };
}
