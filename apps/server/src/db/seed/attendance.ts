/**
 * Demo attendance: the daily registers of a few classes of the Active session's terms up to the current
 * one, each from its first day up to today (or the term's end), none on a holiday (./holidays), so that
 * the attendance screens show data and the published term's report cards print the times present.
 * In the earlier sessions, every term of the classes the given pupils (`historyOf`: the demo family's
 * children) were in has its registers too, so that their calendar and earlier report cards show
 * attendance; only those few classes (about 11,500 more marks), to keep the seed quick.
 * Marks come from a hash of student and day (about 4% Absent, 3% Late, 1% Excused), generated in SQL
 * with generate_series: about 18,000 in one statement. No absence notices are sent.
 * One school at a time: each statement names its school (ADR 0026).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/** The classes that get registers, in each school that has them. JSS 1 A is the demo teacher's. */
export const SEEDED_ATTENDANCE_CLASSES = ['JSS 1 A', 'JSS 1 B', 'JSS 2 A', 'SSS 1 A', 'Primary 4 B'] as const;

export async function seedAttendance(db: DbOrTx, schoolId: string, opts: { today?: string; historyOf?: string[] } = {}): Promise<void> {
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const names = sql.join(
    SEEDED_ATTENDANCE_CLASSES.map((n) => sql`${n}`),
    sql`, `,
  );
  const pupils = opts.historyOf ?? [];
  // the earlier sessions' classes of those pupils, every term of them
  const earlier =
    pupils.length === 0
      ? sql``
      : sql`
      union all
      select c.school_id, c.id, t.id, d::date
      from classes c
      join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status <> 'Active'
      join terms t on t.school_id = c.school_id and t.academic_session_id = s.id and t.start_date <= ${today}::date
      cross join lateral generate_series(t.start_date, least(t.end_date, ${today}::date), interval '1 day') d
      where c.school_id = ${schoolId} and extract(isodow from d) < 6
        and exists (select 1 from enrolments e where e.school_id = c.school_id and e.class_id = c.id and e.student_id in (${sql.join(
          pupils.map((id) => sql`${id}`),
          sql`, `,
        )}))
        and not exists (select 1 from school_holidays h where h.school_id = c.school_id and d::date between h.start_date and h.end_date)`;
  // one statement: the registers it inserts give the marks, and the marks the term totals, with no
  // second look-up (and no plan that depends on statistics of tables filled a moment ago)
  await db.execute(sql`
    with days as (
      select c.school_id, c.id as class_id, t.id as term_id, d::date as date
      from classes c
      join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status = 'Active'
      join terms cur on cur.school_id = c.school_id and cur.academic_session_id = s.id and cur.is_current
      join terms t on t.school_id = c.school_id and t.academic_session_id = s.id and t.start_date <= cur.start_date
      cross join lateral generate_series(t.start_date, least(t.end_date, ${today}::date), interval '1 day') d
      where c.school_id = ${schoolId} and c.level || ' ' || c.arm in (${names}) and extract(isodow from d) < 6
        and not exists (select 1 from school_holidays h where h.school_id = c.school_id and d::date between h.start_date and h.end_date)
      ${earlier}
    ),
    registers as (
      insert into attendance_registers (school_id, class_id, term_id, date, created_at, updated_at)
      select school_id, class_id, term_id, date, date + time '08:30', date + time '08:30' from days
      on conflict do nothing
      returning school_id, id, class_id, term_id, date
    ),
    marks as (
      select r.school_id, r.id as register_id, r.class_id, r.term_id, e.student_id, r.date,
        case
          when h.n < 40 then 'Absent'
          when h.n < 70 then 'Late'
          when h.n < 80 then 'Excused'
          else 'Present'
        end as status
      from registers r
      join enrolments e on e.school_id = r.school_id and e.class_id = r.class_id
      cross join lateral (select ('x' || substr(md5(e.student_id::text || r.date::text), 1, 6))::bit(24)::int % 1000 as n) h
      where e.school_id = ${schoolId}
    ),
    entries as (
      insert into attendance_entries (school_id, register_id, student_id, date, status)
      select school_id, register_id, student_id, date, status from marks
      on conflict do nothing
    )
    insert into attendance_term_totals (school_id, term_id, student_id, class_id, present, absent, late, excused)
    select school_id, term_id, student_id, max(class_id::text)::uuid,
      count(*) filter (where status = 'Present'), count(*) filter (where status = 'Absent'),
      count(*) filter (where status = 'Late'), count(*) filter (where status = 'Excused')
    from marks
    group by school_id, term_id, student_id
    on conflict (school_id, term_id, student_id) do update set class_id = excluded.class_id, present = excluded.present,
      absent = excluded.absent, late = excluded.late, excused = excluded.excused`);
}
