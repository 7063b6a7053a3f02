/**
 * Attendance figures read over many registers: the rates of classes and students in a term, a week's
 * counts, and one student's calendar. (The registers themselves are written in attendance.repository.ts.)
 */
import type { AttendanceStatus } from '@school/shared/attendance/schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { ids } from './attendance.repository';
import { schoolIdsOf } from '../../lib/schools';

// ---------------------------------------------------------------- rates

export async function classRates(db: DbOrTx, schoolId: string, termId: string, classIds: string[] | null) {
  if (classIds && classIds.length === 0) return [];
  return rowsOf<{ class_id: string; level: string; arm: string; registers: number; present: number; absent: number; late: number; excused: number }>(
    await db.execute(sql`
      with regs as (
        select class_id, count(*)::int as n from attendance_registers
        where school_id = ${schoolId} and term_id = ${termId} ${classIds ? sql`and class_id in (${ids(classIds)})` : sql``}
        group by class_id
      ),
      tot as (
        select class_id, sum(present)::int as present, sum(absent)::int as absent, sum(late)::int as late, sum(excused)::int as excused
        from attendance_term_totals
        where school_id = ${schoolId} and term_id = ${termId} ${classIds ? sql`and class_id in (${ids(classIds)})` : sql``}
        group by class_id
      )
      select c.id as class_id, c.level, c.arm, coalesce(regs.n, 0) as registers,
        coalesce(tot.present, 0) as present, coalesce(tot.absent, 0) as absent, coalesce(tot.late, 0) as late, coalesce(tot.excused, 0) as excused
      from classes c join terms t on t.school_id = c.school_id and t.id = ${termId} and t.academic_session_id = c.academic_session_id
      left join regs on regs.class_id = c.id left join tot on tot.class_id = c.id
      where c.school_id = ${schoolId} ${classIds ? sql`and c.id in (${ids(classIds)})` : sql``}`),
  );
}

export async function studentRates(
  db: DbOrTx,
  schoolId: string,
  termId: string,
  opts: { classIds: string[] | null; below?: number; limit?: number; offset?: number },
) {
  if (opts.classIds && opts.classIds.length === 0) return [];
  return rowsOf<{
    student_id: string;
    first_name: string;
    last_name: string;
    registration_no: string;
    level: string;
    arm: string;
    present: number;
    absent: number;
    late: number;
    excused: number;
    total: number;
  }>(
    await db.execute(sql`
      select tt.student_id, s.first_name, s.last_name, s.registration_no, c.level, c.arm, tt.present, tt.absent, tt.late, tt.excused,
        count(*) over ()::int as total
      from attendance_term_totals tt
      join students s on s.school_id = tt.school_id and s.id = tt.student_id
      join classes c on c.school_id = tt.school_id and c.id = tt.class_id
      where tt.school_id = ${schoolId} and tt.term_id = ${termId}
        ${opts.classIds ? sql`and tt.class_id in (${ids(opts.classIds)})` : sql``}
        ${opts.below !== undefined ? sql`and (tt.present + tt.late) * 100.0 < ${opts.below} * (tt.present + tt.absent + tt.late + tt.excused)` : sql``}
      order by (tt.present + tt.late)::float / nullif(tt.present + tt.absent + tt.late + tt.excused, 0), s.last_name, s.first_name, s.id
      ${opts.limit !== undefined ? sql`limit ${opts.limit} offset ${opts.offset ?? 0}` : sql``}`),
  );
}

/** Counts of each class's entries between two dates (a week). */
export async function classCountsBetween(db: DbOrTx, schoolId: string, classIds: string[], from: string, to: string) {
  if (classIds.length === 0) return [];
  return rowsOf<{ class_id: string; present: number; absent: number; late: number; excused: number }>(
    await db.execute(sql`
      select r.class_id,
        count(*) filter (where a.status = 'Present')::int as present, count(*) filter (where a.status = 'Absent')::int as absent,
        count(*) filter (where a.status = 'Late')::int as late, count(*) filter (where a.status = 'Excused')::int as excused
      from attendance_registers r join attendance_entries a on a.school_id = r.school_id and a.register_id = r.id
      where r.school_id = ${schoolId} and r.class_id in (${ids(classIds)}) and r.date between ${from} and ${to}
      group by r.class_id`),
  );
}

/** The dates with a register, per class, between two dates. */
export async function registerDates(db: DbOrTx, schoolId: string, classIds: string[], from: string, to: string) {
  if (classIds.length === 0) return [];
  return rowsOf<{ class_id: string; date: string }>(
    await db.execute(sql`
      select class_id, date::text as date from attendance_registers
      where school_id = ${schoolId} and class_id in (${ids(classIds)}) and date between ${from} and ${to}`),
  );
}

/**
 * The first day the school used the app in [from, to]: the day it was created (in its time zone), or the
 * day of its first register in that span when one was taken earlier (history recorded afterwards).
 * Days before it are not listed as not marked (ADR 0035). Null when the school began after `to`.
 */
export async function schoolInUseFrom(db: DbOrTx, schoolId: string, timeZone: string, from: string, to: string): Promise<string | null> {
  const [row] = rowsOf<{ since: string }>(
    await db.execute(sql`
      select greatest(${from}::date, least(
               (s.created_at at time zone ${timeZone})::date,
               (select min(r.date) from attendance_registers r where r.school_id = ${schoolId} and r.date between ${from} and ${to})
             ))::text as since
        from schools s
       where s.id = ${schoolId}`),
  );
  return row && row.since <= to ? row.since : null;
}

export async function enrolmentCounts(db: DbOrTx, schoolId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  return rowsOf<{ class_id: string; n: number }>(
    await db.execute(sql`
      select class_id, count(*)::int as n from enrolments where school_id = ${schoolId} and class_id in (${ids(classIds)}) group by class_id`),
  );
}

// ---------------------------------------------------------------- a student's calendar

export interface StudentRef {
  id: string;
  schoolId: string;
  firstName: string;
  lastName: string;
  timeZone: string;
}

/** The student with their school's time zone (whoever asks has passed the route's student rule). */
export async function findStudent(db: DbOrTx, scope: { schoolId: string | null; organisationId: string }, studentId: string): Promise<StudentRef | null> {
  const schoolIds = await schoolIdsOf(db, scope);
  if (schoolIds.length === 0) return null;
  const [r] = rowsOf<{ id: string; school_id: string; first_name: string; last_name: string; time_zone: string }>(
    await db.execute(sql`select s.id, s.school_id, s.first_name, s.last_name, sc.time_zone from students s join schools sc on sc.id = s.school_id
      where s.school_id in (${ids(schoolIds)}) and s.id = ${studentId} and sc.organisation_id = ${scope.organisationId}`),
  );
  return r ? { id: r.id, schoolId: r.school_id, firstName: r.first_name, lastName: r.last_name, timeZone: r.time_zone } : null;
}

export async function sessionForStudent(db: DbOrTx, schoolId: string, preferredName: string | null) {
  const rows = rowsOf<{ id: string; name: string; status: string }>(
    await db.execute(sql`select id, name, status from academic_sessions where school_id = ${schoolId}`),
  );
  return rows.find((r) => r.name === preferredName) ?? rows.find((r) => r.status === 'Active') ?? null;
}

export async function enrolledClassName(db: DbOrTx, schoolId: string, sessionId: string, studentId: string) {
  const [row] = rowsOf<{ level: string; arm: string }>(
    await db.execute(sql`
      select c.level, c.arm from enrolments e join classes c on c.school_id = e.school_id and c.id = e.class_id
      where e.school_id = ${schoolId} and e.academic_session_id = ${sessionId} and e.student_id = ${studentId}`),
  );
  return row ? `${row.level} ${row.arm}` : null;
}

export async function studentEntriesBetween(db: DbOrTx, schoolId: string, studentId: string, from: string, to: string) {
  return rowsOf<{ date: string; status: AttendanceStatus }>(
    await db.execute(sql`
      select date::text as date, status from attendance_entries
      where school_id = ${schoolId} and student_id = ${studentId} and date between ${from} and ${to} order by date`),
  );
}
