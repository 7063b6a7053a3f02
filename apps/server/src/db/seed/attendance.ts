/**
 * Demo attendance: the daily registers of a few classes of the Active session's terms up to the current
 * one, each from its first day up to today (or the term's end), none on a holiday (./holidays), so that
 * the attendance screens show data and the published term's report cards print the times present.
 * Marks come from a hash of student and day (about 4% Absent, 3% Late, 1% Excused), generated in SQL
 * with generate_series: a few thousand rows in well under a second. No absence notices are sent.
 * One school at a time: each statement names its school (ADR 0026).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/** The classes that get registers, in each school that has them. JSS 1 A is the demo teacher's. */
export const SEEDED_ATTENDANCE_CLASSES = ['JSS 1 A', 'JSS 1 B', 'JSS 2 A', 'SSS 1 A', 'Primary 4 B'] as const;

export async function seedAttendance(db: DbOrTx, schoolId: string, opts: { today?: string } = {}): Promise<void> {
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const names = sql.join(
    SEEDED_ATTENDANCE_CLASSES.map((n) => sql`${n}`),
    sql`, `,
  );
  // one transaction: the temporary table lives on one connection
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table seed_attendance_days as
      select c.school_id, c.id as class_id, t.id as term_id, d::date as date
      from classes c
      join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status = 'Active'
      join terms cur on cur.school_id = c.school_id and cur.academic_session_id = s.id and cur.is_current
      join terms t on t.school_id = c.school_id and t.academic_session_id = s.id and t.start_date <= cur.start_date
      cross join lateral generate_series(t.start_date, least(t.end_date, ${today}::date), interval '1 day') d
      where c.school_id = ${schoolId} and c.level || ' ' || c.arm in (${names}) and extract(isodow from d) < 6
        and not exists (select 1 from school_holidays h where h.school_id = c.school_id and d::date between h.start_date and h.end_date)`);
    await tx.execute(sql`
      insert into attendance_registers (school_id, class_id, term_id, date, created_at, updated_at)
      select school_id, class_id, term_id, date, date + time '08:30', date + time '08:30' from seed_attendance_days
      on conflict do nothing`);
    await tx.execute(sql`
      insert into attendance_entries (school_id, register_id, student_id, date, status)
      select r.school_id, r.id, e.student_id, r.date,
        case
          when h.n < 40 then 'Absent'
          when h.n < 70 then 'Late'
          when h.n < 80 then 'Excused'
          else 'Present'
        end
      from seed_attendance_days d
      join attendance_registers r on r.school_id = d.school_id and r.class_id = d.class_id and r.date = d.date
      join enrolments e on e.school_id = r.school_id and e.class_id = r.class_id
      cross join lateral (select ('x' || substr(md5(e.student_id::text || r.date::text), 1, 6))::bit(24)::int % 1000 as n) h
      where r.school_id = ${schoolId}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into attendance_term_totals (school_id, term_id, student_id, class_id, present, absent, late, excused)
      select r.school_id, r.term_id, a.student_id, max(r.class_id::text)::uuid,
        count(*) filter (where a.status = 'Present'), count(*) filter (where a.status = 'Absent'),
        count(*) filter (where a.status = 'Late'), count(*) filter (where a.status = 'Excused')
      from attendance_entries a join attendance_registers r on r.school_id = a.school_id and r.id = a.register_id
      where r.school_id = ${schoolId} and r.id in (select r2.id from seed_attendance_days d join attendance_registers r2
        on r2.school_id = d.school_id and r2.class_id = d.class_id and r2.date = d.date where r2.school_id = ${schoolId})
      group by r.school_id, r.term_id, a.student_id
      on conflict (school_id, term_id, student_id) do update set class_id = excluded.class_id, present = excluded.present,
        absent = excluded.absent, late = excluded.late, excused = excluded.excused`);
    await tx.execute(sql`drop table if exists seed_attendance_days`);
  });
}
