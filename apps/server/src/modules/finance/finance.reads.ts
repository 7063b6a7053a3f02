/** What the bursary reads: terms, classes, fee items, invoices, totals, debtors and payments of a school. */
import type {
  FeeItemListResponse,
  FeesSummaryEnvelope,
  FinanceClassListResponse,
  InvoiceDetail,
  InvoiceListResponse,
  Payment,
  PaymentListResponse,
  TermListResponse,
} from '@school/shared/finance/responses';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { debtorsCsv, debtorsFileName } from './debtors.csv';
import { presentFeeItem, presentInvoice, presentInvoiceDetail, presentPayment } from './finance.presenter';
import * as repo from './finance.repository';

/** The named term (404 when it is not the school's), or the current one (undefined when the school has no term). */
export async function termOrCurrent(db: DbOrTx, schoolId: string, termId: string | undefined) {
  if (termId) {
    const term = await repo.findTerm(db, schoolId, termId);
    if (!term) throw notFound('Term not found');
    return term;
  }
  return repo.currentTerm(db, schoolId);
}

export async function listTermOptions(db: DbOrTx, schoolId: string): Promise<TermListResponse> {
  const terms = await repo.listTerms(db, schoolId);
  return { items: terms.map((t) => ({ id: t.id, name: t.name, sessionName: t.sessionName, isCurrent: t.isCurrent })) };
}

export async function listClassesOfTerm(db: DbOrTx, schoolId: string, termId: string | undefined): Promise<FinanceClassListResponse> {
  const term = await termOrCurrent(db, schoolId, termId);
  if (!term) return { items: [] };
  return { items: (await repo.classesOfTerm(db, schoolId, term.id)).map((c) => ({ id: c.id, name: `${c.level} ${c.arm}`, level: c.level })) };
}

export async function listFeeItemsOfTerm(db: DbOrTx, schoolId: string, termId: string | undefined): Promise<FeeItemListResponse> {
  const term = await termOrCurrent(db, schoolId, termId);
  if (!term) return { termId: null, items: [] };
  return { termId: term.id, items: (await repo.listFeeItems(db, schoolId, term.id)).map(presentFeeItem) };
}

type InvoiceQuery = Pick<repo.InvoiceFilter, 'termId' | 'classId' | 'feeStatus' | 'search'>;

export async function listInvoicesOfTerm(db: DbOrTx, schoolId: string, query: InvoiceQuery): Promise<InvoiceListResponse> {
  const term = await termOrCurrent(db, schoolId, query.termId);
  if (!term) return { termId: null, items: [] };
  const rows = await repo.listInvoices(db, schoolId, { ...query, termId: term.id });
  return { termId: term.id, items: rows.map(presentInvoice) };
}

/** One invoice with its lines and payments (the staff's view). */
export async function invoiceDetail(db: DbOrTx, schoolId: string, id: string): Promise<InvoiceDetail> {
  const [row] = await repo.listInvoices(db, schoolId, { invoiceId: id });
  if (!row) throw notFound('Invoice not found');
  const [lines, pays] = await Promise.all([repo.linesOf(db, schoolId, [id]), repo.listPayments(db, schoolId, { invoiceIds: [id] })]);
  return presentInvoiceDetail(row, lines, pays.items, true);
}

export async function summaryOfTerm(db: DbOrTx, schoolId: string, termId: string | undefined): Promise<FeesSummaryEnvelope> {
  const term = await termOrCurrent(db, schoolId, termId);
  if (!term) return { summary: null };
  return { summary: await repo.feesSummary(db, { schoolId, termId: term.id }) };
}

/** The term's debtors (unpaid invoices) as CSV with their guardians; 404 when the school has no term. */
export async function debtorsOfTerm(db: DbOrTx, schoolId: string, query: Pick<repo.InvoiceFilter, 'termId' | 'classId' | 'search'>) {
  const term = await termOrCurrent(db, schoolId, query.termId);
  if (!term) throw notFound('Term not found');
  const rows = await repo.listInvoices(db, schoolId, { termId: term.id, classId: query.classId, search: query.search, feeStatus: 'incomplete' });
  const guardians = await repo.guardiansOfStudents(
    db,
    schoolId,
    rows.map((r) => r.studentId),
  );
  return { fileName: debtorsFileName(term), csv: debtorsCsv(rows, guardians) };
}

export async function listPaymentsPage(
  db: DbOrTx,
  schoolId: string,
  query: repo.PaymentFilter & { page: number; pageSize: number },
): Promise<PaymentListResponse> {
  const { page, pageSize, ...filter } = query;
  const { items, total } = await repo.listPayments(db, schoolId, filter, { page, pageSize });
  return { items: items.map((p) => presentPayment(p, { staff: true })), total, page, pageSize };
}

/** A payment as the bursary sees it (after recording or reversing it). */
export async function paymentForStaff(db: DbOrTx, schoolId: string, id: string): Promise<Payment> {
  const payment = await repo.findPayment(db, schoolId, id);
  if (!payment) throw notFound('Payment not found');
  return presentPayment(payment, { staff: true });
}
