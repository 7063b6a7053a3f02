/**
 * Attendance figures other areas read (report cards, dashboards). Each is one query, whatever the
 * number of students asked about. A school's "today" is `todayIn(school.timeZone)` from
 * ./attendance.calendar.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

export interface TermAttendance {
  present: number;
  absent: number;
  late: number;
  excused: number;
  /**
   * The term's school days so far, the report card's "times school opened" (issue 18): its weekdays
   * from its start to the earlier of its end and the school's today, less the school's holidays.
   * Never fewer than the days the student was marked.
   */
  daysOpen: number;
}

const ZERO: TermAttendance = { present: 0, absent: 0, late: 0, excused: 0, daysOpen: 0 };

/** Days present on a report card: Present and Late both count as present. */
export const daysPresent = (t: TermAttendance) => t.present + t.late;

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Each student's Present / Absent / Late / Excused days in a term and the term's school days so far
 * (`daysOpen`). `today` is the school's today (`todayIn(school.timeZone)`); without it, the database's
 * clock in the school's time zone. Every asked id is in the map (zeros when nothing was recorded). One
 * query, whatever the number of students.
 */
export async function termAttendanceSummary(
  db: DbOrTx,
  { schoolId, termId, studentIds, today }: { schoolId: string; termId: string; studentIds: string[]; today?: string },
): Promise<Map<string, TermAttendance>> {
  const result = new Map<string, TermAttendance>(studentIds.map((id) => [id, { ...ZERO }]));
  if (studentIds.length === 0) return result;
  const ids = idList([...new Set(studentIds)]);
  const todaySql = today
    ? sql`${today}::date`
    : sql`(now() at time zone coalesce((select time_zone from schools where id = ${schoolId}), 'Africa/Lagos'))::date`;
  const rows = rowsOf<{ student_id: string | null; present: number; absent: number; late: number; excused: number; marked: number; open: number }>(
    await db.execute(sql`
      with term as (
        select id, academic_session_id, start_date, end_date, least(end_date, ${todaySql}) as up_to
        from terms where school_id = ${schoolId} and id = ${termId}
      ),
      opened as (
        select count(*)::int as n
        from term cross join lateral generate_series(term.start_date, term.up_to, interval '1 day') d
        where extract(isodow from d) < 6
          and not exists (
            select 1 from school_holidays h
            where h.school_id = ${schoolId} and h.start_date <= term.up_to and h.end_date >= term.start_date
              and d::date between h.start_date and h.end_date
          )
      ),
      marks as (
        select a.student_id,
          count(*) filter (where a.status = 'Present')::int as present,
          count(*) filter (where a.status = 'Absent')::int as absent,
          count(*) filter (where a.status = 'Late')::int as late,
          count(*) filter (where a.status = 'Excused')::int as excused,
          count(*)::int as marked
        from attendance_entries a join term on a.date between term.start_date and term.end_date
        where a.school_id = ${schoolId} and a.student_id in (${ids})
        group by a.student_id
      )
      select m.student_id, m.present, m.absent, m.late, m.excused, m.marked, o.n as open
      from opened o left join marks m on true
    `),
  );
  // `opened` is one row: every row carries the term's school days (one row with no student when nobody was marked)
  const open = Number(rows[0]?.open ?? 0);
  for (const id of result.keys()) result.set(id, { ...ZERO, daysOpen: open });
  for (const r of rows) {
    if (r.student_id === null || !result.has(r.student_id)) continue;
    result.set(r.student_id, {
      present: Number(r.present),
      absent: Number(r.absent),
      late: Number(r.late),
      excused: Number(r.excused),
      // a register taken on a day since made a holiday cannot happen (ADR 0033), but a count never shows fewer days open than marked
      daysOpen: Math.max(open, Number(r.marked)),
    });
  }
  return result;
}

export interface DayAttendance {
  date: string;
  /** Registers taken on the day, and the classes of the session that could have had one. */
  registersTaken: number;
  classes: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
  /** (Present + Late) / everyone marked, 0…1; null when nothing was marked. */
  rate: number | null;
}

/**
 * A school's attendance on one day (a dashboard's "today"): `date` is the school's today
 * (`todayIn(school.timeZone)` from attendance.calendar). One query.
 */
export async function dayAttendanceRate(db: DbOrTx, { schoolId, date }: { schoolId: string; date: string }): Promise<DayAttendance> {
  const [row] = rowsOf<{ registers: number; classes: number; present: number; absent: number; late: number; excused: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from attendance_registers r where r.school_id = ${schoolId} and r.date = ${date}) as registers,
        (select count(*)::int from classes c join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status = 'Active'
          where c.school_id = ${schoolId}) as classes,
        count(*) filter (where a.status = 'Present')::int as present,
        count(*) filter (where a.status = 'Absent')::int as absent,
        count(*) filter (where a.status = 'Late')::int as late,
        count(*) filter (where a.status = 'Excused')::int as excused
      from attendance_registers r join attendance_entries a on a.school_id = r.school_id and a.register_id = r.id
      where r.school_id = ${schoolId} and r.date = ${date}
    `),
  );
  const present = Number(row?.present ?? 0);
  const absent = Number(row?.absent ?? 0);
  const late = Number(row?.late ?? 0);
  const excused = Number(row?.excused ?? 0);
  const total = present + absent + late + excused;
  return {
    date,
    registersTaken: Number(row?.registers ?? 0),
    classes: Number(row?.classes ?? 0),
    present,
    absent,
    late,
    excused,
    rate: total === 0 ? null : (present + late) / total,
  };
}

/**
 * The classes a teacher (their staff id, or their user id) is class teacher of whose register for
 * `date` is not taken yet. Empty when `date` is not a school day (a weekend, a holiday, or outside the
 * terms of the class's session). One query.
 */
export async function registersNotMarked(
  db: DbOrTx,
  { schoolId, staffId, userId, date }: { schoolId: string; staffId?: string; userId?: string; date: string },
): Promise<Array<{ classId: string; level: string; arm: string; name: string }>> {
  if (!staffId && !userId) return [];
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (dow === 0 || dow === 6) return [];
  const rows = rowsOf<{ class_id: string; level: string; arm: string }>(
    await db.execute(sql`
      select c.id as class_id, c.level, c.arm
      from classes c
      join terms t on t.school_id = c.school_id and t.academic_session_id = c.academic_session_id
        and ${date}::date between t.start_date and t.end_date
      where c.school_id = ${schoolId}
        and ${staffId ? sql`c.class_teacher_id = ${staffId}` : sql`c.class_teacher_id in (select id from staff where school_id = ${schoolId} and user_id = ${userId})`}
        and not exists (select 1 from attendance_registers r where r.school_id = c.school_id and r.class_id = c.id and r.date = ${date})
        and not exists (select 1 from school_holidays h where h.school_id = c.school_id and ${date}::date between h.start_date and h.end_date)
      order by c.level, c.arm
    `),
  );
  return rows.map((r) => ({ classId: r.class_id, level: r.level, arm: r.arm, name: `${r.level} ${r.arm}` }));
}

/**
 * Each school's attendance in its current term (the owner's dashboard compares schools): marks
 * Present or Late, and all marks, from the per-term totals. One query for any number of schools.
 */
export async function currentTermMarks(db: DbOrTx, schoolIds: string[]): Promise<Map<string, { attended: number; marked: number }>> {
  if (schoolIds.length === 0) return new Map();
  const rows = rowsOf<{ school_id: string; attended: number; marked: number }>(
    await db.execute(sql`
      select tt.school_id,
             coalesce(sum(tt.present + tt.late), 0)::int as attended,
             coalesce(sum(tt.present + tt.late + tt.absent + tt.excused), 0)::int as marked
        from attendance_term_totals tt
        join terms t on t.id = tt.term_id and t.school_id = tt.school_id and t.is_current
       where tt.school_id in (${sql.join(
         schoolIds.map((id) => sql`${id}`),
         sql`, `,
       )})
       group by tt.school_id`),
  );
  return new Map(rows.map((r) => [r.school_id, { attended: Number(r.attended), marked: Number(r.marked) }]));
}

/** Per cent with one decimal, or null when nothing was marked. */
export function markRate(marks: { attended: number; marked: number } | undefined): number | null {
  return marks && marks.marked > 0 ? Math.round((marks.attended / marks.marked) * 1000) / 10 : null;
}
