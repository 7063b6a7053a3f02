/**
 * Demo finance: fee items for every class level of each school's current term (Tuition by stage,
 * PTA, Books), the term's invoices, and payments made from a hash of the student: about 45% paid in
 * full, 35% part-paid, the rest nothing yet. Set-based SQL: well under a second. One school at a
 * time: each statement names its school (ADR 0026).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

export async function seedFinance(db: DbOrTx, schoolId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into fee_items (school_id, term_id, class_level, name, amount_kobo)
      select distinct c.school_id, t.id, c.level, f.name,
        case when f.name = 'Tuition' then
          case when c.level like 'Nursery%' then 3500000 when c.level like 'Primary%' then 4500000 when c.level like 'JSS%' then 6000000 else 7500000 end
        else f.amount end
      from classes c
      join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status = 'Active'
      join terms t on t.school_id = c.school_id and t.academic_session_id = s.id and t.is_current
      cross join (values ('Tuition', 0), ('PTA levy', 500000), ('Books', 1250050)) as f(name, amount)
      where c.school_id = ${schoolId}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into invoices (school_id, term_id, student_id, class_id, created_at)
      select e.school_id, t.id, e.student_id, e.class_id, t.start_date + time '09:00'
      from enrolments e
      join academic_sessions s on s.school_id = e.school_id and s.id = e.academic_session_id and s.status = 'Active'
      join terms t on t.school_id = e.school_id and t.academic_session_id = s.id and t.is_current
      where e.school_id = ${schoolId}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into invoice_lines (school_id, invoice_id, fee_item_id, kind, description, amount_kobo, created_at)
      select i.school_id, i.id, fi.id, 'fee', fi.name, fi.amount_kobo, i.created_at
      from invoices i join classes c on c.school_id = i.school_id and c.id = i.class_id
      join fee_items fi on fi.school_id = i.school_id and fi.term_id = i.term_id and fi.class_level = c.level
      where i.school_id = ${schoolId}
      on conflict do nothing`);
    // h < 450: paid in full; h < 800: about half; else nothing. Bank Transfer for odd hashes.
    await tx.execute(sql`
      insert into payments (school_id, organisation_id, invoice_id, student_id, amount_kobo, method, status, reference, payer_name, receipt_no, paid_at, created_at)
      select x.school_id, x.organisation_id, x.id, x.student_id,
        case when x.h < 450 then x.due else (x.due / 200) * 100 end,
        case when x.h % 2 = 1 then 'Bank Transfer' else 'Cash' end, 'Success',
        'DEMO-' || upper(substr(md5(x.id::text), 1, 10)), x.guardian,
        row_number() over (partition by x.school_id order by x.paid_at, x.id),
        x.paid_at, x.paid_at
      from (
        select i.id, i.school_id, sc.organisation_id, i.student_id,
          (select sum(l.amount_kobo) from invoice_lines l where l.school_id = i.school_id and l.invoice_id = i.id) as due,
          ('x' || substr(md5(i.student_id::text), 1, 6))::bit(24)::int % 1000 as h,
          (select g.name from student_guardians sg join guardians g on g.school_id = sg.school_id and g.id = sg.guardian_id where sg.school_id = i.school_id and sg.student_id = i.student_id limit 1) as guardian,
          t.start_date + ((('x' || substr(md5(i.id::text), 1, 4))::bit(16)::int % 20) || ' days')::interval + time '10:00' as paid_at
        from invoices i join schools sc on sc.id = i.school_id join terms t on t.school_id = i.school_id and t.id = i.term_id
        where i.school_id = ${schoolId}
      ) x
      where x.h < 800 and x.due > 0`);
    await tx.execute(sql`
      insert into finance_counters (school_id, kind, last)
      select school_id, 'receipt', max(receipt_no) from payments where school_id = ${schoolId} group by school_id
      on conflict (school_id, kind) do update set last = excluded.last`);
  });
}
