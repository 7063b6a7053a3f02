import type { AttendanceStatus } from '@school/shared/attendance/schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { accountsByIds } from '../../lib/accounts';

/** A list of ids as SQL: `in (${ids(list)})`. */
export const ids = (list: string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The school's time zone and the user's staff record (if any), in one query. */
export async function schoolAndStaff(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = rowsOf<{ time_zone: string; name: string; staff_id: string | null; staff_name: string | null }>(
    await db.execute(sql`
      select s.time_zone, s.name, st.id as staff_id, st.name as staff_name
      from schools s left join staff st on st.school_id = s.id and st.user_id = ${userId}
      where s.id = ${schoolId} limit 1`),
  );
  if (!row) return null;
  return { timeZone: row.time_zone, schoolName: row.name, staff: row.staff_id ? { id: row.staff_id, name: row.staff_name ?? '' } : null };
}

export interface TermRow {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
  academicSessionId: string;
}

const termOf = (r: {
  id: string;
  name: string;
  start_date: string | Date;
  end_date: string | Date;
  is_current: boolean;
  academic_session_id: string;
}): TermRow => ({
  id: r.id,
  name: r.name,
  startDate: isoDate(r.start_date),
  endDate: isoDate(r.end_date),
  isCurrent: r.is_current,
  academicSessionId: r.academic_session_id,
});

/** Drivers give a `date` column as a string (PGlite) or a Date (postgres.js); both become 'YYYY-MM-DD'. */
export function isoDate(value: string | Date): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

export async function termsOfSession(db: DbOrTx, schoolId: string, sessionId: string): Promise<TermRow[]> {
  const rows = rowsOf<Parameters<typeof termOf>[0]>(
    await db.execute(sql`
      select id, name, start_date::text as start_date, end_date::text as end_date, is_current, academic_session_id
      from terms where school_id = ${schoolId} and academic_session_id = ${sessionId} order by start_date`),
  );
  return rows.map(termOf);
}

export async function findTerm(db: DbOrTx, schoolId: string, termId: string): Promise<TermRow | null> {
  const [row] = rowsOf<Parameters<typeof termOf>[0]>(
    await db.execute(sql`
      select id, name, start_date::text as start_date, end_date::text as end_date, is_current, academic_session_id
      from terms where school_id = ${schoolId} and id = ${termId}`),
  );
  return row ? termOf(row) : null;
}

export interface HolidayRow {
  name: string;
  startDate: string;
  endDate: string;
}

/** The school's holidays (issue 18) touching the days from `from` to `to`, earliest first. */
export async function holidaysBetween(db: DbOrTx, schoolId: string, from: string, to: string): Promise<HolidayRow[]> {
  const rows = rowsOf<{ name: string; start_date: string; end_date: string }>(
    await db.execute(sql`
      select name, start_date::text as start_date, end_date::text as end_date
      from school_holidays where school_id = ${schoolId} and start_date <= ${to}::date and end_date >= ${from}::date
      order by start_date`),
  );
  return rows.map((r) => ({ name: r.name, startDate: isoDate(r.start_date), endDate: isoDate(r.end_date) }));
}

export interface ClassRow {
  id: string;
  level: string;
  arm: string;
  academicSessionId: string;
  sessionName: string;
  classTeacherId: string | null;
}

type ClassSqlRow = { id: string; level: string; arm: string; academic_session_id: string; session_name: string; class_teacher_id: string | null };

const classColumns = sql`c.id, c.level, c.arm, c.academic_session_id, s.name as session_name, c.class_teacher_id`;

const classOf = (row: ClassSqlRow): ClassRow => ({
  id: row.id,
  level: row.level,
  arm: row.arm,
  academicSessionId: row.academic_session_id,
  sessionName: row.session_name,
  classTeacherId: row.class_teacher_id,
});

export async function findClass(db: DbOrTx, schoolId: string, classId: string): Promise<ClassRow | null> {
  const [row] = rowsOf<ClassSqlRow>(
    await db.execute(sql`
      select ${classColumns}
      from classes c join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id
      where c.school_id = ${schoolId} and c.id = ${classId}`),
  );
  return row ? classOf(row) : null;
}

/** The class and the terms of its session, in one query. */
export async function findClassWithTerms(db: DbOrTx, schoolId: string, classId: string): Promise<(ClassRow & { terms: TermRow[] }) | null> {
  const [row] = rowsOf<ClassSqlRow & { terms: Array<Parameters<typeof termOf>[0]> | string }>(
    await db.execute(sql`
      select ${classColumns},
        coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'start_date', t.start_date, 'end_date', t.end_date,
          'is_current', t.is_current, 'academic_session_id', t.academic_session_id) order by t.start_date)
          from terms t where t.school_id = c.school_id and t.academic_session_id = c.academic_session_id), '[]'::json) as terms
      from classes c join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id
      where c.school_id = ${schoolId} and c.id = ${classId}`),
  );
  if (!row) return null;
  const terms = (typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms) as Array<Parameters<typeof termOf>[0]>;
  return { ...classOf(row), terms: terms.map(termOf) };
}

/** Classes of a session: all of them, or those `staffId` is class teacher of. */
export async function classesOfSession(db: DbOrTx, schoolId: string, sessionId: string, staffId: string | null) {
  return rowsOf<{ id: string; level: string; arm: string }>(
    await db.execute(sql`
      select id, level, arm from classes
      where school_id = ${schoolId} and academic_session_id = ${sessionId}
      ${staffId ? sql`and class_teacher_id = ${staffId}` : sql``}`),
  );
}

/**
 * A register's version (issue 21): the microsecond of its last save, which every save moves
 * (upsertRegister sets updated_at); exact where a JavaScript date would round to the millisecond.
 */
const registerVersion = sql`to_char(r.updated_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

/** The saved register of a class on a day, with the name of who took it (their account, read by id: ADR 0026). */
export async function findRegister(db: DbOrTx, schoolId: string, classId: string, date: string) {
  const [row] = rowsOf<{ id: string; term_id: string; taken_by_user_id: string | null; updated_at: string | Date; version: string }>(
    await db.execute(sql`
      select r.id, r.term_id, r.taken_by_user_id, r.updated_at, ${registerVersion} as version
      from attendance_registers r
      where r.school_id = ${schoolId} and r.class_id = ${classId} and r.date = ${date}`),
  );
  if (!row) return null;
  const takenBy = row.taken_by_user_id ? ((await accountsByIds(db, [row.taken_by_user_id])).get(row.taken_by_user_id)?.name ?? null) : null;
  return { id: row.id, termId: row.term_id, takenBy, updatedAt: new Date(row.updated_at).toISOString(), version: row.version };
}

/** The version of the (class, date) register, locked for the rest of the transaction; null when it is not taken. */
export async function lockRegisterVersion(tx: DbOrTx, schoolId: string, classId: string, date: string): Promise<string | null> {
  const [row] = rowsOf<{ version: string }>(
    await tx.execute(sql`
      select ${registerVersion} as version from attendance_registers r
      where r.school_id = ${schoolId} and r.class_id = ${classId} and r.date = ${date} for update`),
  );
  return row?.version ?? null;
}

export interface RegisterStudent {
  studentId: string;
  firstName: string;
  lastName: string;
  registrationNo: string;
  status: AttendanceStatus | null;
}

/**
 * The students of a register: those enrolled in the class, and anyone already on the saved register
 * (a student moved since keeps their mark). `status` null: not on the saved register.
 */
export async function registerStudents(db: DbOrTx, schoolId: string, classId: string, date: string): Promise<RegisterStudent[]> {
  const rows = rowsOf<{ id: string; first_name: string; last_name: string; registration_no: string; status: AttendanceStatus | null }>(
    await db.execute(sql`
      with marks as (
        select a.student_id, a.status from attendance_registers r
        join attendance_entries a on a.school_id = r.school_id and a.register_id = r.id
        where r.school_id = ${schoolId} and r.class_id = ${classId} and r.date = ${date}
      ),
      ids as (
        select student_id from enrolments where school_id = ${schoolId} and class_id = ${classId}
        union select student_id from marks
      )
      select s.id, s.first_name, s.last_name, s.registration_no, m.status
      from ids join students s on s.school_id = ${schoolId} and s.id = ids.student_id
      left join marks m on m.student_id = s.id
      order by s.last_name, s.first_name, s.registration_no`),
  );
  return rows.map((r) => ({ studentId: r.id, firstName: r.first_name, lastName: r.last_name, registrationNo: r.registration_no, status: r.status }));
}

/** Creates or touches the (class, date) register, locking it for the rest of the transaction. */
export async function upsertRegister(tx: DbOrTx, v: { schoolId: string; classId: string; termId: string; date: string; userId: string }) {
  const [row] = rowsOf<{ id: string; inserted: boolean }>(
    await tx.execute(sql`
      insert into attendance_registers (school_id, class_id, term_id, date, taken_by_user_id)
      values (${v.schoolId}, ${v.classId}, ${v.termId}, ${v.date}, ${v.userId})
      on conflict (school_id, class_id, date) do update set taken_by_user_id = excluded.taken_by_user_id, term_id = excluded.term_id, updated_at = now()
      returning id, (xmax = 0) as inserted`),
  );
  return row;
}

export async function entriesOf(tx: DbOrTx, schoolId: string, registerId: string) {
  return rowsOf<{ student_id: string; status: AttendanceStatus }>(
    await tx.execute(sql`select student_id, status from attendance_entries where school_id = ${schoolId} and register_id = ${registerId}`),
  ).map((r) => ({ studentId: r.student_id, status: r.status }));
}

export async function replaceEntries(
  tx: DbOrTx,
  v: { schoolId: string; registerId: string; date: string; entries: Array<{ studentId: string; status: AttendanceStatus }> },
) {
  await tx.execute(sql`delete from attendance_entries where school_id = ${v.schoolId} and register_id = ${v.registerId}`);
  if (v.entries.length === 0) return;
  const values = sql.join(
    v.entries.map((e) => sql`(${v.schoolId}::uuid, ${v.registerId}::uuid, ${e.studentId}::uuid, ${v.date}::date, ${e.status})`),
    sql`, `,
  );
  await tx.execute(sql`insert into attendance_entries (school_id, register_id, student_id, date, status) values ${values}`);
}

/** Recounts the term totals of these students from their entries (one statement). */
export async function recomputeTermTotals(tx: DbOrTx, v: { schoolId: string; termId: string; classId: string; studentIds: string[] }) {
  if (v.studentIds.length === 0) return;
  await tx.execute(sql`
    insert into attendance_term_totals (school_id, term_id, student_id, class_id, present, absent, late, excused)
    select ${v.schoolId}, ${v.termId}, a.student_id, ${v.classId},
      count(*) filter (where a.status = 'Present'), count(*) filter (where a.status = 'Absent'),
      count(*) filter (where a.status = 'Late'), count(*) filter (where a.status = 'Excused')
    from attendance_entries a join terms t on t.school_id = a.school_id and t.id = ${v.termId} and a.date between t.start_date and t.end_date
    where a.school_id = ${v.schoolId} and a.student_id in (${ids(v.studentIds)})
    group by a.student_id
    on conflict (school_id, term_id, student_id) do update set class_id = excluded.class_id, present = excluded.present,
      absent = excluded.absent, late = excluded.late, excused = excluded.excused`);
}

export async function absenceNoticesEnabled(db: DbOrTx, schoolId: string): Promise<boolean> {
  const [row] = rowsOf<{ absence_notices: boolean }>(await db.execute(sql`select absence_notices from attendance_settings where school_id = ${schoolId}`));
  return row?.absence_notices ?? true;
}

export async function saveSettings(tx: DbOrTx, schoolId: string, absenceNotices: boolean) {
  await tx.execute(sql`
    insert into attendance_settings (school_id, absence_notices) values (${schoolId}, ${absenceNotices})
    on conflict (school_id) do update set absence_notices = excluded.absence_notices, updated_at = now()`);
}

/** Claims today's notice for each student; answers the students whose notice was not sent yet. */
export async function claimAbsenceNotices(tx: DbOrTx, schoolId: string, date: string, studentIds: string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const values = sql.join(
    studentIds.map((id) => sql`(${schoolId}::uuid, ${id}::uuid, ${date}::date)`),
    sql`, `,
  );
  return rowsOf<{ student_id: string }>(
    await tx.execute(sql`
      insert into attendance_absence_notices (school_id, student_id, date) values ${values}
      on conflict do nothing returning student_id`),
  ).map((r) => r.student_id);
}

/**
 * The guardians with an e-mail address of these students: the guardian record's, else their account's
 * (read by id in a second statement, only for those without one: ADR 0026).
 */
export async function guardiansOf(db: DbOrTx, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  const rows = rowsOf<{ student_id: string; first_name: string; last_name: string; guardian_name: string; email: string | null; user_id: string | null }>(
    await db.execute(sql`
      select s.id as student_id, s.first_name, s.last_name, g.name as guardian_name, nullif(g.email, '') as email, g.user_id
      from student_guardians sg
      join students s on s.school_id = sg.school_id and s.id = sg.student_id
      join guardians g on g.school_id = sg.school_id and g.id = sg.guardian_id
      where sg.school_id = ${schoolId} and sg.student_id in (${ids(studentIds)})`),
  );
  const accounts = await accountsByIds(
    db,
    rows.filter((r) => r.email === null).map((r) => r.user_id),
  );
  return rows.flatMap(({ user_id, ...row }) => {
    const email = row.email ?? (user_id ? accounts.get(user_id)?.email : undefined) ?? null;
    return email === null ? [] : [{ ...row, email }];
  });
}
