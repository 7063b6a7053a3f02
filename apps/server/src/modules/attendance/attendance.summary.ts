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
  /** Days the student's class register was taken in the term (the report card's "days open"). */
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
 * Each student's Present / Absent / Late / Excused days in a term and the days their class's register
 * was taken in it. Every asked id is in the map (zeros when nothing was recorded). One query.
 */
export async function termAttendanceSummary(
  db: DbOrTx,
  { schoolId, termId, studentIds }: { schoolId: string; termId: string; studentIds: string[] },
): Promise<Map<string, TermAttendance>> {
  const result = new Map<string, TermAttendance>(studentIds.map((id) => [id, { ...ZERO }]));
  if (studentIds.length === 0) return result;
  const ids = idList([...new Set(studentIds)]);
  const rows = rowsOf<{ student_id: string; present: number; absent: number; late: number; excused: number; marked: number; open: number }>(
    await db.execute(sql`
      with term as (
        select id, academic_session_id, start_date, end_date from terms where school_id = ${schoolId} and id = ${termId}
      ),
      placed as (
        select e.student_id, e.class_id from enrolments e join term on e.academic_session_id = term.academic_session_id
        where e.school_id = ${schoolId} and e.student_id in (${ids})
      ),
      opened as (
        select r.class_id, count(*)::int as n from attendance_registers r
        where r.school_id = ${schoolId} and r.term_id = ${termId} and r.class_id in (select class_id from placed)
        group by r.class_id
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
      select coalesce(m.student_id, p.student_id) as student_id,
        coalesce(m.present, 0) as present, coalesce(m.absent, 0) as absent, coalesce(m.late, 0) as late,
        coalesce(m.excused, 0) as excused, coalesce(m.marked, 0) as marked, coalesce(o.n, 0) as open
      from marks m
      full join placed p on p.student_id = m.student_id
      left join opened o on o.class_id = p.class_id
    `),
  );
  for (const r of rows) {
    if (!result.has(r.student_id)) continue;
    result.set(r.student_id, {
      present: Number(r.present),
      absent: Number(r.absent),
      late: Number(r.late),
      excused: Number(r.excused),
      // a student marked on a register of a class they have since left still had those days open
      daysOpen: Math.max(Number(r.open), Number(r.marked)),
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
 * `date` is not taken yet. Empty when `date` is not a school day (a weekend, or outside the terms of the
 * class's session). One query.
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
