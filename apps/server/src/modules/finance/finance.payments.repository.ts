/** The finance area's SQL about payments: lists, look-ups, receipt numbers and admissions' payment status. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { financeCounters, payments, users } from '../../db/schema';
import { likePattern, num } from './finance.sql';
import { personName } from '../../lib/names';

export interface PaymentRow {
  id: string;
  invoiceId: string;
  studentId: string;
  studentName: string;
  className: string | null;
  amountKobo: number;
  method: string;
  status: string;
  reference: string | null;
  payerPhone: string | null;
  guardianPhone: string | null;
  note: string | null;
  proofUploadId: string | null;
  reversesPaymentId: string | null;
  reversed: boolean;
  receiptNo: number | null;
  paidAt: string | null;
  createdAt: string;
}

export interface PaymentFilter {
  termId?: string;
  classId?: string;
  status?: string;
  method?: string;
  search?: string;
  invoiceIds?: string[];
  paymentId?: string;
}

function paymentConditions(schoolId: string, f: PaymentFilter): SQL {
  const c: SQL[] = [sql`p.school_id = ${schoolId}`];
  if (f.termId) c.push(sql`i.term_id = ${f.termId}`);
  if (f.classId) c.push(sql`i.class_id = ${f.classId}`);
  if (f.status) c.push(sql`p.status = ${f.status}`);
  if (f.method) c.push(sql`p.method = ${f.method}`);
  if (f.paymentId) c.push(sql`p.id = ${f.paymentId}`);
  if (f.invoiceIds)
    c.push(
      f.invoiceIds.length
        ? sql`p.invoice_id in (${sql.join(
            f.invoiceIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.search) {
    const p = likePattern(f.search);
    c.push(sql`((s.first_name || ' ' || s.last_name) ilike ${p} or s.registration_no ilike ${p} or p.reference ilike ${p})`);
  }
  return sql.join(c, sql` and `);
}

const paymentSelect = sql`
  select p.id, p.invoice_id, p.student_id, s.first_name, s.middle_name, s.last_name, c.level, c.arm, p.amount_kobo, p.method, p.status,
    p.reference, p.payer_phone, p.note, p.proof_upload_id, p.reverses_payment_id, p.receipt_no,
    to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_at,
    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    exists (select 1 from payments r where r.school_id = p.school_id and r.reverses_payment_id = p.id) as reversed,
    (select g.phone from student_guardians sg join guardians g on g.school_id = sg.school_id and g.id = sg.guardian_id
       where sg.school_id = p.school_id and sg.student_id = p.student_id and g.phone is not null
       order by sg.is_primary desc limit 1) as guardian_phone
  from payments p
  join invoices i on i.school_id = p.school_id and i.id = p.invoice_id
  join students s on s.school_id = p.school_id and s.id = p.student_id
  left join classes c on c.school_id = i.school_id and c.id = i.class_id`;

function toPayment(r: Record<string, unknown>): PaymentRow {
  return {
    id: String(r.id),
    invoiceId: String(r.invoice_id),
    studentId: String(r.student_id),
    studentName: personName({ firstName: r.first_name as string, middleName: r.middle_name as string | null, lastName: r.last_name as string }),
    className: r.level ? `${r.level} ${r.arm}` : null,
    amountKobo: num(r.amount_kobo),
    method: String(r.method),
    status: String(r.status),
    reference: (r.reference as string) ?? null,
    payerPhone: (r.payer_phone as string) ?? null,
    guardianPhone: (r.guardian_phone as string) ?? null,
    note: (r.note as string) ?? null,
    proofUploadId: (r.proof_upload_id as string) ?? null,
    reversesPaymentId: (r.reverses_payment_id as string) ?? null,
    reversed: Boolean(r.reversed),
    receiptNo: r.receipt_no == null ? null : num(r.receipt_no),
    paidAt: (r.paid_at as string) ?? null,
    createdAt: String(r.created_at),
  };
}

export async function listPayments(db: DbOrTx, schoolId: string, f: PaymentFilter, page?: { page: number; pageSize: number }) {
  const where = paymentConditions(schoolId, f);
  const limit = page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``;
  const [rows, totals] = await Promise.all([
    db.execute(sql`${paymentSelect} where ${where} order by p.created_at desc, p.id ${limit}`),
    page
      ? db.execute(sql`select count(*)::int as n from payments p join invoices i on i.school_id = p.school_id and i.id = p.invoice_id
          join students s on s.school_id = p.school_id and s.id = p.student_id where ${where}`)
      : Promise.resolve(null),
  ]);
  const items = rowsOf<Record<string, unknown>>(rows).map(toPayment);
  const total = totals ? num(rowsOf<{ n: number }>(totals)[0]?.n) : items.length;
  return { items, total };
}

export async function findPayment(db: DbOrTx, schoolId: string, id: string): Promise<PaymentRow | undefined> {
  return (await listPayments(db, schoolId, { paymentId: id })).items[0];
}

export async function rawPayment(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.id, id)))
    .limit(1);
  return row;
}

/** A school's Card payment by its Paystack reference (the webhook takes the school from the payment's metadata). */
export async function paymentByReference(db: DbOrTx, schoolId: string, reference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.reference, reference), eq(payments.method, 'Card')))
    .limit(1);
  return row;
}

/** The name of the user who recorded a payment (the receipt's cashier); undefined when the user is gone. */
export async function recorderName(db: DbOrTx, organisationId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row?.name;
}

export async function nextReceiptNo(db: DbOrTx, schoolId: string): Promise<number> {
  const [row] = await db
    .insert(financeCounters)
    .values({ schoolId, kind: 'receipt', last: 1 })
    .onConflictDoUpdate({ target: [financeCounters.schoolId, financeCounters.kind], set: { last: sql`${financeCounters.last} + 1` } })
    .returning({ last: financeCounters.last });
  return row.last;
}

/**
 * Admissions' Payment Status follows the acceptance fee: Complete once the payments on the invoice
 * carrying the student's acceptance fee reach that fee's total (payments settle it first).
 */
export async function syncAdmissionPaymentStatus(db: DbOrTx, schoolId: string, studentIds?: string[]) {
  if (studentIds && studentIds.length === 0) return;
  const only = studentIds
    ? sql`and a.student_id in (${sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    update admission_applications a set payment_status = case when exists (
        select 1 from (
          select i.id,
            (select coalesce(sum(l.amount_kobo), 0) from invoice_lines l where l.school_id = i.school_id and l.invoice_id = i.id and l.acceptance) as acc,
            (select coalesce(sum(p.amount_kobo), 0) from payments p where p.school_id = i.school_id and p.invoice_id = i.id and p.status = 'Success') as paid
          from invoices i where i.school_id = a.school_id and i.student_id = a.student_id
        ) x where x.acc > 0 and x.paid >= x.acc
      ) then 'Complete' else 'InComplete' end
    where a.school_id = ${schoolId} and a.status = 'Accepted' and a.student_id is not null ${only}`);
}
