/**
 * The finance area's SQL (payments in finance.payments.repository.ts, re-exported here). Balances
 * are sums over the ledger (invoice lines and successful payments), computed here in SQL; nothing
 * stores a balance.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { feeItems, invoiceLines, organisationPaymentKeys, payments, schools, students } from '../../db/schema';
import { likePattern, num } from './finance.sql';
import { personName } from '../../lib/names';

export * from './finance.payments.repository';

// ---------------------------------------------------------------- terms and classes

export interface TermRow {
  id: string;
  name: string;
  sessionId: string;
  sessionName: string;
  isCurrent: boolean;
  startDate: string;
}

export async function listTerms(db: DbOrTx, schoolId: string): Promise<TermRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select t.id, t.name, s.id as session_id, s.name as session_name, t.is_current, t.start_date::text as start_date
      from terms t join academic_sessions s on s.id = t.academic_session_id and s.school_id = t.school_id
      where t.school_id = ${schoolId}
      order by t.start_date desc`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    sessionId: String(r.session_id),
    sessionName: String(r.session_name),
    isCurrent: Boolean(r.is_current),
    startDate: String(r.start_date),
  }));
}

export async function findTerm(db: DbOrTx, schoolId: string, termId: string): Promise<TermRow | undefined> {
  return (await listTerms(db, schoolId)).find((t) => t.id === termId);
}

export async function currentTerm(db: DbOrTx, schoolId: string): Promise<TermRow | undefined> {
  const all = await listTerms(db, schoolId);
  return all.find((t) => t.isCurrent) ?? all[0];
}

/** Classes of the term's session (filters and totals). */
export async function classesOfTerm(db: DbOrTx, schoolId: string, termId: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.id, c.level, c.arm from classes c join terms t on t.academic_session_id = c.academic_session_id and t.school_id = c.school_id
      where c.school_id = ${schoolId} and t.id = ${termId}
      order by c.level, c.arm`),
  );
  return rows.map((r) => ({ id: String(r.id), level: String(r.level), arm: String(r.arm) }));
}

// ---------------------------------------------------------------- fee items

export function listFeeItems(db: DbOrTx, schoolId: string, termId: string) {
  return db
    .select()
    .from(feeItems)
    .where(and(eq(feeItems.schoolId, schoolId), eq(feeItems.termId, termId)))
    .orderBy(asc(feeItems.classLevel), asc(feeItems.name));
}

export async function findFeeItem(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(feeItems)
    .where(and(eq(feeItems.schoolId, schoolId), eq(feeItems.id, id)))
    .limit(1);
  return row;
}

export async function feeItemBilled(db: DbOrTx, schoolId: string, feeItemId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoiceLines.id })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.schoolId, schoolId), eq(invoiceLines.feeItemId, feeItemId)))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------- invoices

/**
 * Creates the term's missing invoices (one per active student enrolled in the term's session whose
 * class level has a fee item that term) and
 * adds every fee item of the term not yet on an invoice of its class level. Safe to run twice:
 * unique (school, student, term) and (school, invoice, fee item) with ON CONFLICT DO NOTHING.
 * Acceptance fees go only to students admitted through an application in that session.
 */
export async function generateInvoices(db: DbOrTx, schoolId: string, termId: string, userId: string) {
  const created = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into invoices (school_id, term_id, student_id, class_id)
      select e.school_id, t.id, e.student_id, e.class_id
      from enrolments e
      join terms t on t.school_id = e.school_id and t.academic_session_id = e.academic_session_id
      join students s on s.school_id = e.school_id and s.id = e.student_id and s.status = 'active'
      join classes c on c.id = e.class_id and c.school_id = e.school_id
      where e.school_id = ${schoolId} and t.id = ${termId}
        and exists (select 1 from fee_items fi where fi.school_id = e.school_id and fi.term_id = t.id and fi.class_level = c.level)
      on conflict (school_id, student_id, term_id) do nothing
      returning id`),
  );
  const lines = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into invoice_lines (school_id, invoice_id, fee_item_id, kind, description, amount_kobo, acceptance, created_by_user_id)
      select i.school_id, i.id, fi.id, 'fee', fi.name, fi.amount_kobo, fi.acceptance, ${userId}
      from invoices i
      join classes c on c.id = i.class_id and c.school_id = i.school_id
      join fee_items fi on fi.school_id = i.school_id and fi.term_id = i.term_id and fi.class_level = c.level
      where i.school_id = ${schoolId} and i.term_id = ${termId}
        and (not fi.acceptance or exists (
          select 1 from admission_applications a
          where a.school_id = i.school_id and a.student_id = i.student_id and a.status = 'Accepted'
            and a.academic_session_id = c.academic_session_id))
      on conflict (school_id, invoice_id, fee_item_id) where fee_item_id is not null do nothing
      returning id`),
  );
  return { created: created.length, linesAdded: lines.length };
}

export interface InvoiceFilter {
  termId?: string;
  classId?: string;
  studentIds?: string[];
  invoiceId?: string;
  feeStatus?: 'all' | 'complete' | 'incomplete';
  search?: string;
}

export interface InvoiceRow {
  id: string;
  studentId: string;
  studentName: string;
  registrationNo: string;
  classId: string;
  className: string;
  termId: string;
  termName: string;
  sessionName: string;
  dueKobo: number;
  paidKobo: number;
  balanceKobo: number;
}

/** Invoices with their due, paid and balance: one query whatever the number of rows. */
export async function listInvoices(db: DbOrTx, schoolId: string, filter: InvoiceFilter): Promise<InvoiceRow[]> {
  const conditions: SQL[] = [sql`i.school_id = ${schoolId}`];
  if (filter.termId) conditions.push(sql`i.term_id = ${filter.termId}`);
  if (filter.classId) conditions.push(sql`i.class_id = ${filter.classId}`);
  if (filter.invoiceId) conditions.push(sql`i.id = ${filter.invoiceId}`);
  if (filter.studentIds) {
    if (filter.studentIds.length === 0) return [];
    conditions.push(
      sql`i.student_id in (${sql.join(
        filter.studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.search) {
    const p = likePattern(filter.search);
    conditions.push(sql`((s.first_name || ' ' || s.last_name) ilike ${p} or (s.last_name || ' ' || s.first_name) ilike ${p} or s.registration_no ilike ${p})`);
  }
  const having = filter.feeStatus === 'complete' ? sql`where x.due - x.paid <= 0` : filter.feeStatus === 'incomplete' ? sql`where x.due - x.paid > 0` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select * from (
        select i.id, i.student_id, s.first_name, s.middle_name, s.last_name, s.registration_no, i.class_id, c.level, c.arm,
          i.term_id, t.name as term_name, a.name as session_name, t.start_date,
          coalesce((select sum(l.amount_kobo) from invoice_lines l where l.school_id = i.school_id and l.invoice_id = i.id), 0)::float8 as due,
          coalesce((select sum(p.amount_kobo) from payments p where p.school_id = i.school_id and p.invoice_id = i.id and p.status = 'Success'), 0)::float8 as paid
        from invoices i
        join students s on s.school_id = i.school_id and s.id = i.student_id
        join classes c on c.school_id = i.school_id and c.id = i.class_id
        join terms t on t.school_id = i.school_id and t.id = i.term_id
        join academic_sessions a on a.school_id = t.school_id and a.id = t.academic_session_id
        where ${sql.join(conditions, sql` and `)}
      ) x ${having}
      order by x.start_date desc, x.level, x.arm, x.last_name, x.first_name, x.id`),
  );
  return rows.map((r) => {
    const due = num(r.due);
    const paid = num(r.paid);
    return {
      id: String(r.id),
      studentId: String(r.student_id),
      studentName: personName({ firstName: r.first_name as string, middleName: r.middle_name as string | null, lastName: r.last_name as string }),
      registrationNo: String(r.registration_no),
      classId: String(r.class_id),
      className: `${r.level} ${r.arm}`,
      termId: String(r.term_id),
      termName: String(r.term_name),
      sessionName: String(r.session_name),
      dueKobo: due,
      paidKobo: paid,
      balanceKobo: due - paid,
    };
  });
}

/** Locks the invoice row for the rest of the transaction (concurrent payments queue here). */
export async function lockInvoice(db: DbOrTx, schoolId: string, invoiceId: string) {
  const rows = rowsOf<{ id: string; student_id: string; term_id: string }>(
    await db.execute(sql`select id, student_id, term_id from invoices where school_id = ${schoolId} and id = ${invoiceId} for update`),
  );
  return rows[0];
}

export function linesOf(db: DbOrTx, schoolId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.schoolId, schoolId),
        sql`${invoiceLines.invoiceId} in (${sql.join(
          invoiceIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(invoiceLines.createdAt), asc(invoiceLines.kind), asc(invoiceLines.description));
}

// ---------------------------------------------------------------- guardians, schools, keys

export async function guardiansOfStudents(db: DbOrTx, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select sg.student_id, g.name, g.email, g.phone, sg.is_primary
      from student_guardians sg join guardians g on g.school_id = sg.school_id and g.id = sg.guardian_id
      where sg.school_id = ${schoolId} and sg.student_id in (${sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by sg.is_primary desc, g.name`),
  );
  return rows.map((r) => ({
    studentId: String(r.student_id),
    name: String(r.name),
    email: (r.email as string) || null,
    phone: (r.phone as string) || null,
  }));
}

export async function findStudent(db: DbOrTx, schoolId: string, studentId: string) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)))
    .limit(1);
  return row;
}

export async function findSchool(db: DbOrTx, schoolId: string) {
  const [row] = await db.select().from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row;
}

export async function findKeys(db: DbOrTx, organisationId: string) {
  const [row] = await db.select().from(organisationPaymentKeys).where(eq(organisationPaymentKeys.organisationId, organisationId)).limit(1);
  return row;
}

export { invoiceLines, payments, feeItems };

// ---------------------------------------------------------------- figures for dashboards and reports

/** Expected / collected / outstanding of a term, in total and per class (outstanding ignores credit). */
export async function feesSummary(db: DbOrTx, opts: { schoolId: string; termId: string }) {
  const rows = rowsOf<Record<string, unknown>>(
    // grouped once per table rather than a subquery per invoice: a large school's term is thousands of invoices
    await db.execute(sql`
      with inv as (select id, class_id from invoices where school_id = ${opts.schoolId} and term_id = ${opts.termId}),
      due as (
        select l.invoice_id, sum(l.amount_kobo) as due from invoice_lines l
        where l.school_id = ${opts.schoolId} and l.invoice_id in (select id from inv) group by l.invoice_id
      ),
      paid as (
        select p.invoice_id, sum(p.amount_kobo) as paid from payments p
        where p.school_id = ${opts.schoolId} and p.status = 'Success' and p.invoice_id in (select id from inv) group by p.invoice_id
      ),
      x as (
        select inv.class_id, coalesce(due.due, 0) as due, coalesce(paid.paid, 0) as paid
        from inv left join due on due.invoice_id = inv.id left join paid on paid.invoice_id = inv.id
      )
      select x.class_id, c.level, c.arm, count(*)::int as invoices, sum(x.due)::float8 as expected, sum(x.paid)::float8 as collected,
        sum(greatest(x.due - x.paid, 0))::float8 as outstanding, count(*) filter (where x.due - x.paid <= 0)::int as complete
      from x join classes c on c.school_id = ${opts.schoolId} and c.id = x.class_id
      group by x.class_id, c.level, c.arm order by c.level, c.arm`),
  );
  const classes = rows.map((r) => ({
    classId: String(r.class_id),
    className: `${r.level} ${r.arm}`,
    invoices: num(r.invoices),
    expectedKobo: num(r.expected),
    collectedKobo: num(r.collected),
    outstandingKobo: num(r.outstanding),
    complete: num(r.complete),
  }));
  const sum = (k: 'expectedKobo' | 'collectedKobo' | 'outstandingKobo' | 'invoices' | 'complete') => classes.reduce((a, c) => a + c[k], 0);
  return {
    termId: opts.termId,
    expectedKobo: sum('expectedKobo'),
    collectedKobo: sum('collectedKobo'),
    outstandingKobo: sum('outstandingKobo'),
    complete: sum('complete'),
    incomplete: sum('invoices') - sum('complete'),
    classes: classes.map(({ complete: _c, ...rest }) => rest),
  };
}

export interface StudentBalance {
  studentId: string;
  dueKobo: number;
  paidKobo: number;
  /** What is still owed (0 when fully paid). */
  outstandingKobo: number;
  /** Overpayments kept for the student. */
  creditKobo: number;
  feeStatus: 'Complete' | 'InComplete';
}

/** Each student's totals over their invoices (of one term, or all); students without invoices are left out. */
export async function studentBalances(db: DbOrTx, opts: { schoolId: string; studentIds: string[]; termId?: string }): Promise<StudentBalance[]> {
  if (opts.studentIds.length === 0) return [];
  const rows = await listInvoices(db, opts.schoolId, { studentIds: opts.studentIds, termId: opts.termId });
  const by = new Map<string, StudentBalance>();
  for (const r of rows) {
    const b = by.get(r.studentId) ?? { studentId: r.studentId, dueKobo: 0, paidKobo: 0, outstandingKobo: 0, creditKobo: 0, feeStatus: 'Complete' };
    b.dueKobo += r.dueKobo;
    b.paidKobo += r.paidKobo;
    if (r.balanceKobo > 0) b.outstandingKobo += r.balanceKobo;
    else b.creditKobo += -r.balanceKobo;
    b.feeStatus = b.outstandingKobo > 0 ? 'InComplete' : 'Complete';
    by.set(r.studentId, b);
  }
  return [...by.values()];
}
