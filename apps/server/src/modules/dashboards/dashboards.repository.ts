/**
 * The dashboards' own SQL: counts that no other area exports (students per class and gender, staff per
 * type, recent applications, lesson notes by status, today's lessons). Figures owned by another area
 * (attendance, results, fees) come from that area's exported functions, not from here. Each function
 * is one query, whatever the number of rows.
 */
import { NO_RECORD } from '@school/shared/fields';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { personName } from '../../lib/names';

const num = (v: unknown) => (v == null ? 0 : Number(v));
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export interface TermRow {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

export async function termsOfSession(db: DbOrTx, schoolId: string, sessionId: string): Promise<TermRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select id, name, start_date::text as start_date, end_date::text as end_date, is_current from terms
      where school_id = ${schoolId} and academic_session_id = ${sessionId} order by start_date`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    startDate: String(r.start_date),
    endDate: String(r.end_date),
    isCurrent: Boolean(r.is_current),
  }));
}

/** Every class of the session with its enrolled students by gender (the students list counts enrolments of the session). */
export async function studentsByClass(db: DbOrTx, schoolId: string, sessionId: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.id, c.level, c.arm,
        count(s.id) filter (where lower(s.gender) = 'male')::int as male,
        count(s.id) filter (where lower(s.gender) = 'female')::int as female,
        count(s.id)::int as total
      from classes c
      left join enrolments e on e.school_id = c.school_id and e.class_id = c.id and e.academic_session_id = c.academic_session_id
      left join students s on s.id = e.student_id and s.school_id = e.school_id
      where c.school_id = ${schoolId} and c.academic_session_id = ${sessionId}
      group by c.id, c.level, c.arm`),
  );
  return rows.map((r) => ({
    classId: String(r.id),
    level: String(r.level),
    arm: String(r.arm),
    male: num(r.male),
    female: num(r.female),
    total: num(r.total),
  }));
}

/** Active staff per type (the staff list with status "active"). */
export async function staffByType(db: DbOrTx, schoolId: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select staff_type, count(*)::int as n from staff where school_id = ${schoolId} and status = 'active'
      group by staff_type order by staff_type`),
  );
  return rows.map((r) => ({ type: String(r.staff_type), count: num(r.n) }));
}

/** The newest applications and how many are pending, in one query. */
export async function recentApplications(db: DbOrTx, schoolId: string, limit: number) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select a.id, a.name, a.registration_no, a.class_level, a.status, a.created_at,
        (select count(*)::int from admission_applications p where p.school_id = ${schoolId} and p.status = 'Pending') as pending
      from (select 1) one
      left join lateral (
        select id, name, registration_no, class_level, status, created_at from admission_applications
        where school_id = ${schoolId} order by created_at desc, id desc limit ${limit}
      ) a on true`),
  );
  const pending = num(rows[0]?.pending);
  const recent = rows
    .filter((r) => r.id != null)
    .map((r) => ({
      id: String(r.id),
      name: String(r.name),
      registrationNo: String(r.registration_no),
      classLevel: String(r.class_level),
      status: String(r.status),
      createdAt: new Date(r.created_at as string).toISOString(),
    }));
  return { pending, recent };
}

/** Lesson notes of the session's terms by status: of one teacher (staff id), or of the whole school. */
export async function lessonNotesByStatus(db: DbOrTx, schoolId: string, sessionId: string, teacherId?: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select n.status, count(*)::int as n from lesson_notes n join terms t on t.id = n.term_id and t.school_id = n.school_id
      where n.school_id = ${schoolId} and t.academic_session_id = ${sessionId}
        ${teacherId ? sql`and n.teacher_id = ${teacherId}` : sql``}
      group by n.status`),
  );
  return new Map(rows.map((r) => [String(r.status), num(r.n)]));
}

export async function staffOfUser(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from staff where school_id = ${schoolId} and user_id = ${userId} limit 1`),
  );
  return row ?? null;
}

/** The classes of the session a teacher is class teacher of or teaches a subject in, with their enrolled students. */
export async function classesOfTeacher(db: DbOrTx, schoolId: string, sessionId: string, staffId: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.id, c.level, c.arm, (c.class_teacher_id = ${staffId}) as class_teacher,
        (select count(*)::int from enrolments e where e.school_id = c.school_id and e.class_id = c.id and e.academic_session_id = c.academic_session_id) as students
      from classes c
      where c.school_id = ${schoolId} and c.academic_session_id = ${sessionId}
        and (c.class_teacher_id = ${staffId}
          or exists (select 1 from class_subjects cs where cs.school_id = c.school_id and cs.class_id = c.id and cs.teacher_id = ${staffId}))`),
  );
  return rows.map((r) => ({
    classId: String(r.id),
    level: String(r.level),
    arm: String(r.arm),
    classTeacher: Boolean(r.class_teacher),
    students: num(r.students),
  }));
}

export interface LessonRow {
  classId: string;
  hour: number;
  subjectName: string;
  level: string;
  arm: string;
  teacherName: string | null;
}

/** The timetable of one weekday: of some classes, or of one teacher in a session. */
export async function lessonsOfDay(
  db: DbOrTx,
  schoolId: string,
  day: number,
  who: { classIds: string[] } | { sessionId: string; teacherId: string },
): Promise<LessonRow[]> {
  if ('classIds' in who && who.classIds.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ts.class_id, ts.hour, sub.name as subject_name, c.level, c.arm, st.name as teacher_name
      from timetable_slots ts
      join class_subjects cs on cs.school_id = ts.school_id and cs.id = ts.class_subject_id
      join subjects sub on sub.school_id = cs.school_id and sub.id = cs.subject_id
      join classes c on c.school_id = ts.school_id and c.id = ts.class_id
      left join staff st on st.school_id = ts.school_id and st.id = ts.teacher_id
      where ts.school_id = ${schoolId} and ts.day = ${day}
        and ${'classIds' in who ? sql`ts.class_id in (${idList(who.classIds)})` : sql`ts.academic_session_id = ${who.sessionId} and ts.teacher_id = ${who.teacherId}`}
      order by ts.hour, c.level, c.arm`),
  );
  return rows.map((r) => ({
    classId: String(r.class_id),
    hour: num(r.hour),
    subjectName: String(r.subject_name),
    level: String(r.level),
    arm: String(r.arm),
    teacherName: r.teacher_name == null ? null : String(r.teacher_name),
  }));
}

/** Students of the school (those asked for) with their class in a session. */
export async function studentsWithClass(db: DbOrTx, schoolId: string, sessionId: string | null, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id, s.first_name, s.last_name, c.id as class_id, c.level, c.arm
      from students s
      left join enrolments e on e.school_id = s.school_id and e.student_id = s.id and e.academic_session_id = ${sessionId ?? NO_RECORD}
      left join classes c on c.school_id = e.school_id and c.id = e.class_id
      where s.school_id = ${schoolId} and s.id in (${idList(studentIds)})
      order by s.first_name, s.last_name`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: personName({ firstName: r.first_name as string, lastName: r.last_name as string }),
    classId: r.class_id == null ? null : String(r.class_id),
    className: r.level == null ? null : `${r.level} ${r.arm}`,
  }));
}

/** Those of the students with any published results (a class of theirs published for a term of its session). One query. */
export async function studentsWithPublishedResults(db: DbOrTx, schoolId: string, studentIds: string[]): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  const rows = rowsOf<{ student_id: string }>(
    await db.execute(sql`
      select distinct e.student_id from enrolments e
      where e.school_id = ${schoolId} and e.student_id in (${idList(studentIds)})
        and exists (select 1 from result_publications p where p.school_id = e.school_id and p.class_id = e.class_id)`),
  );
  return new Set(rows.map((r) => String(r.student_id)));
}

export interface SetupRow {
  sessions: boolean;
  classes: boolean;
  subjects: boolean;
  subjectTeachers: boolean;
  staff: boolean;
  students: boolean;
  fees: boolean;
  grading: boolean;
  reportCard: boolean;
}

/**
 * Which set-up steps a school of the organisation has done, in one query; null when the school is not
 * the organisation's. "The session" is the school's Active one, "the term" its current term. A step is
 * done when:
 * - sessions: the Active session has its three terms and one of them is the current term;
 * - classes: the Active session has a class;
 * - subjects: a class of the Active session has a subject;
 * - subjectTeachers: a class of the Active session has a subject, and every subject of its classes has
 *   a teacher (one taught by nobody leaves report cards without a subject teacher, and no teacher's
 *   score sheet holds it);
 * - staff: an active staff record other than an administrator's (the appointed administrator's own
 *   staff record, type Admin, is there from the start);
 * - students: a student is enrolled in a class of the Active session;
 * - fees: the current term has a fee item;
 * - grading: the result settings were saved, or the approval steps were chosen (a school without either
 *   uses the defaults, which it may not have looked at);
 * - reportCard: the school's logo (printed on report cards) was uploaded, or a report card PDF (a class's
 *   or the whole school's) was generated.
 */
export async function setupSteps(db: DbOrTx, organisationId: string, schoolId: string): Promise<SetupRow | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with s as (select id from academic_sessions where school_id = ${schoolId} and status = 'Active' limit 1)
      select
        (select count(*) = 3 and bool_or(t.is_current) from terms t where t.school_id = ${schoolId} and t.academic_session_id = (select id from s)) as sessions,
        exists (select 1 from classes c where c.school_id = ${schoolId} and c.academic_session_id = (select id from s)) as classes,
        exists (select 1 from class_subjects cs join classes c on c.school_id = cs.school_id and c.id = cs.class_id
          where cs.school_id = ${schoolId} and c.academic_session_id = (select id from s)) as subjects,
        (exists (select 1 from class_subjects cs join classes c on c.school_id = cs.school_id and c.id = cs.class_id
          where cs.school_id = ${schoolId} and c.academic_session_id = (select id from s))
          and not exists (select 1 from class_subjects cs join classes c on c.school_id = cs.school_id and c.id = cs.class_id
          where cs.school_id = ${schoolId} and c.academic_session_id = (select id from s) and cs.teacher_id is null)) as subject_teachers,
        exists (select 1 from staff st where st.school_id = ${schoolId} and st.status = 'active' and st.staff_type <> 'Admin') as staff,
        exists (select 1 from enrolments e where e.school_id = ${schoolId} and e.academic_session_id = (select id from s)) as students,
        exists (select 1 from fee_items f join terms t on t.school_id = f.school_id and t.id = f.term_id
          where f.school_id = ${schoolId} and t.is_current) as fees,
        (exists (select 1 from result_settings r where r.school_id = ${schoolId})
          or exists (select 1 from result_approval_steps a where a.school_id = ${schoolId})) as grading,
        (sc.logo_upload_id is not null
          or exists (select 1 from report_card_jobs j where j.school_id = ${schoolId} and j.status = 'done')
          or exists (select 1 from school_report_card_jobs j where j.school_id = ${schoolId} and j.status = 'done')) as report_card
      from schools sc where sc.id = ${schoolId} and sc.organisation_id = ${organisationId}`),
  );
  if (!row) return null;
  return {
    sessions: row.sessions === true,
    classes: row.classes === true,
    subjects: row.subjects === true,
    subjectTeachers: row.subject_teachers === true,
    staff: row.staff === true,
    students: row.students === true,
    fees: row.fees === true,
    grading: row.grading === true,
    reportCard: row.report_card === true,
  };
}
