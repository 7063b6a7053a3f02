/**
 * The reports' SQL. Every figure is a GROUP BY in the database: each function is one query,
 * whatever the number of classes, students, staff or schools.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

const num = (value: unknown) => Number(value ?? 0);

/** json columns come back parsed from PostgreSQL and as text from some drivers. */
function jsonOf<T>(value: unknown, fallback: T): T {
  if (value == null) return fallback;
  if (typeof value === 'string') return JSON.parse(value) as T;
  return value as T;
}

// ---------------------------------------------------------------- scope

export async function findSchool(db: DbOrTx, organisationId: string, schoolId: string) {
  const [row] = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from schools where organisation_id = ${organisationId} and id = ${schoolId}`),
  );
  return row ?? null;
}

export async function findSession(db: DbOrTx, schoolId: string, sessionId: string) {
  const [row] = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from academic_sessions where school_id = ${schoolId} and id = ${sessionId}`),
  );
  return row ?? null;
}

export async function activeSession(db: DbOrTx, schoolId: string) {
  const [row] = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from academic_sessions where school_id = ${schoolId} and status = 'Active' limit 1`),
  );
  return row ?? null;
}

export interface TermRow {
  id: string;
  name: string;
  isCurrent: boolean;
  startDate: string;
  endDate: string;
}

export async function termsOfSession(db: DbOrTx, schoolId: string, sessionId: string): Promise<TermRow[]> {
  const rows = rowsOf<{ id: string; name: string; is_current: boolean; start_date: string; end_date: string }>(
    await db.execute(sql`
      select id, name, is_current, start_date::text as start_date, end_date::text as end_date from terms
      where school_id = ${schoolId} and academic_session_id = ${sessionId} order by start_date`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, isCurrent: Boolean(r.is_current), startDate: r.start_date, endDate: r.end_date }));
}

// ---------------------------------------------------------------- students

/** Every class of the session with its enrolled students by gender (classes without students too). */
export async function studentsByClass(db: DbOrTx, schoolId: string, sessionId: string) {
  const rows = rowsOf<{ class_id: string; level: string; arm: string; male: number; female: number; total: number }>(
    await db.execute(sql`
      select c.id as class_id, c.level, c.arm,
        count(s.id) filter (where s.gender = 'male')::int as male,
        count(s.id) filter (where s.gender = 'female')::int as female,
        count(s.id)::int as total
      from classes c
      left join enrolments e on e.school_id = c.school_id and e.class_id = c.id and e.academic_session_id = c.academic_session_id
      left join students s on s.school_id = e.school_id and s.id = e.student_id
      where c.school_id = ${schoolId} and c.academic_session_id = ${sessionId}
      group by c.id, c.level, c.arm`),
  );
  return rows.map((r) => ({ classId: r.class_id, level: r.level, arm: r.arm, male: num(r.male), female: num(r.female), total: num(r.total) }));
}

/**
 * The session's enrolled students by status now, and how many were admitted in the session: from
 * 1 August of the year its first term starts to the end of its last term.
 */
export async function studentStatuses(db: DbOrTx, schoolId: string, sessionId: string) {
  const [row] = rowsOf<{ active: number; graduated: number; withdrawn: number; admitted: number }>(
    await db.execute(sql`
      with span as (
        select make_date(extract(year from min(start_date))::int, 8, 1) as from_date, max(end_date) as to_date
        from terms where school_id = ${schoolId} and academic_session_id = ${sessionId}
      )
      select
        count(*) filter (where s.status = 'active')::int as active,
        count(*) filter (where s.status = 'graduated')::int as graduated,
        count(*) filter (where s.status = 'withdrawn')::int as withdrawn,
        count(*) filter (where s.admitted_on between span.from_date and span.to_date)::int as admitted
      from enrolments e
      join students s on s.school_id = e.school_id and s.id = e.student_id
      cross join span
      where e.school_id = ${schoolId} and e.academic_session_id = ${sessionId}`),
  );
  return {
    statuses: { active: num(row?.active), graduated: num(row?.graduated), withdrawn: num(row?.withdrawn) },
    newAdmissions: num(row?.admitted),
  };
}

// ---------------------------------------------------------------- staff

export async function staffByType(db: DbOrTx, schoolId: string) {
  const rows = rowsOf<{ staff_type: string; active: number; inactive: number }>(
    await db.execute(sql`
      select staff_type, count(*) filter (where status = 'active')::int as active, count(*) filter (where status <> 'active')::int as inactive
      from staff where school_id = ${schoolId} group by staff_type`),
  );
  return rows.map((r) => ({ staffType: r.staff_type, active: num(r.active), inactive: num(r.inactive) }));
}

export interface TeacherLoadRow {
  staffId: string;
  name: string;
  status: string;
  classTeacherOf: Array<{ level: string; arm: string }>;
  subjects: string[];
  classSubjects: number;
}

/** Teachers (and any other staff with a class or subject in the session) with their load in it. */
export async function teacherLoads(db: DbOrTx, schoolId: string, sessionId: string): Promise<TeacherLoadRow[]> {
  const rows = rowsOf<{ id: string; name: string; status: string; class_teacher_of: unknown; subjects: unknown; class_subjects: number }>(
    await db.execute(sql`
      with led as (
        select c.class_teacher_id as staff_id, json_agg(json_build_object('level', c.level, 'arm', c.arm)) as classes
        from classes c where c.school_id = ${schoolId} and c.academic_session_id = ${sessionId} and c.class_teacher_id is not null
        group by c.class_teacher_id
      ),
      taught as (
        select cs.teacher_id as staff_id, json_agg(distinct sj.name) as subjects, count(*)::int as n
        from class_subjects cs
        join classes c on c.id = cs.class_id and c.school_id = cs.school_id
        join subjects sj on sj.school_id = cs.school_id and sj.id = cs.subject_id
        where cs.school_id = ${schoolId} and c.academic_session_id = ${sessionId} and cs.teacher_id is not null
        group by cs.teacher_id
      )
      select sf.id, sf.name, sf.status, led.classes as class_teacher_of, taught.subjects, coalesce(taught.n, 0) as class_subjects
      from staff sf
      left join led on led.staff_id = sf.id
      left join taught on taught.staff_id = sf.id
      where sf.school_id = ${schoolId} and (sf.staff_type = 'Teacher' or led.staff_id is not null or taught.staff_id is not null)
      order by lower(sf.name), sf.id`),
  );
  return rows.map((r) => ({
    staffId: r.id,
    name: r.name,
    status: r.status,
    classTeacherOf: jsonOf<Array<{ level: string; arm: string }>>(r.class_teacher_of, []),
    subjects: jsonOf<string[]>(r.subjects, []).sort((a, b) => a.localeCompare(b)),
    classSubjects: num(r.class_subjects),
  }));
}

// ---------------------------------------------------------------- organisation

export async function organisationSchools(db: DbOrTx, organisationId: string, schoolId?: string) {
  return rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from schools where organisation_id = ${organisationId} ${schoolId ? sql`and id = ${schoolId}` : sql``}
      order by created_at, name`),
  );
}

/**
 * The ids of the schools an organisation report covers, read from `schools` (a reference table) first:
 * the figures then name their schools (`school_id in (…)`), one shard per school on a distributed
 * PostgreSQL (ADR 0026), rather than `in (select … from schools)`, which goes to every shard.
 */
async function organisationSchoolIds(db: DbOrTx, organisationId: string, schoolId?: string): Promise<string[]> {
  return (await organisationSchools(db, organisationId, schoolId)).map((s) => s.id);
}

/** A list of school ids as SQL: `school_id in (${idList(ids)})` (never empty: the callers return first). */
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Each session name of the organisation's schools with how many schools have it Active, and the current terms' names. */
export async function organisationSessions(db: DbOrTx, organisationId: string, schoolId?: string) {
  const schoolIds = await organisationSchoolIds(db, organisationId, schoolId);
  if (schoolIds.length === 0) return [];
  const rows = rowsOf<{ name: string; active: number; current_terms: unknown }>(
    await db.execute(sql`
      select a.name, count(*) filter (where a.status = 'Active')::int as active,
        json_agg(t.name) filter (where a.status = 'Active' and t.name is not null) as current_terms
      from academic_sessions a
      join schools sc on sc.id = a.school_id
      left join terms t on t.school_id = a.school_id and t.academic_session_id = a.id and t.is_current
      where a.school_id in (${idList(schoolIds)}) and sc.organisation_id = ${organisationId}
      group by a.name`),
  );
  return rows.map((r) => ({ name: r.name, active: num(r.active), currentTerms: jsonOf<string[]>(r.current_terms, []) }));
}

/** Each school's students of the named session by class level and gender (one row per school, level, gender). */
export async function organisationStudents(db: DbOrTx, organisationId: string, sessionName: string, schoolId?: string) {
  const schoolIds = await organisationSchoolIds(db, organisationId, schoolId);
  if (schoolIds.length === 0) return [];
  const rows = rowsOf<{ school_id: string; school_name: string; has_session: boolean; level: string | null; gender: string | null; n: number }>(
    await db.execute(sql`
      select sc.id as school_id, sc.name as school_name, (a.id is not null) as has_session, c.level, s.gender, count(s.id)::int as n
      from schools sc
      left join academic_sessions a on a.school_id in (${idList(schoolIds)}) and a.school_id = sc.id and a.name = ${sessionName}
      left join enrolments e on e.school_id in (${idList(schoolIds)}) and e.school_id = sc.id and e.academic_session_id = a.id
      left join classes c on c.school_id = e.school_id and c.id = e.class_id
      left join students s on s.school_id = e.school_id and s.id = e.student_id
      where sc.id in (${idList(schoolIds)}) and sc.organisation_id = ${organisationId}
      group by sc.id, sc.name, sc.created_at, a.id, c.level, s.gender
      order by sc.created_at, sc.name`),
  );
  return rows.map((r) => ({ ...r, has_session: Boolean(r.has_session), n: num(r.n) }));
}

/** Each school's staff by type and status. */
export async function organisationStaff(db: DbOrTx, organisationId: string, schoolId?: string) {
  const schoolIds = await organisationSchoolIds(db, organisationId, schoolId);
  if (schoolIds.length === 0) return [];
  const rows = rowsOf<{ school_id: string; school_name: string; staff_type: string | null; active: number; inactive: number }>(
    await db.execute(sql`
      select sc.id as school_id, sc.name as school_name, sf.staff_type,
        count(sf.id) filter (where sf.status = 'active')::int as active,
        count(sf.id) filter (where sf.status <> 'active')::int as inactive
      from schools sc
      left join staff sf on sf.school_id in (${idList(schoolIds)}) and sf.school_id = sc.id
      where sc.id in (${idList(schoolIds)}) and sc.organisation_id = ${organisationId}
      group by sc.id, sc.name, sc.created_at, sf.staff_type
      order by sc.created_at, sc.name`),
  );
  return rows.map((r) => ({ ...r, active: num(r.active), inactive: num(r.inactive) }));
}

/** The organisation's accounts per school (null: the owners), role and status. */
export async function organisationUsers(db: DbOrTx, organisationId: string, schoolId?: string) {
  const rows = rowsOf<{ school_id: string | null; school_name: string | null; role: string | null; status: string | null; n: number }>(
    await db.execute(sql`
      select sc.id as school_id, sc.name as school_name, sc.created_at as created, u.role, u.status, count(u.id)::int as n
      from schools sc
      left join users u on u.school_id = sc.id and u.organisation_id = sc.organisation_id
      where sc.organisation_id = ${organisationId} ${schoolId ? sql`and sc.id = ${schoolId}` : sql``}
      group by sc.id, sc.name, sc.created_at, u.role, u.status
      ${
        schoolId
          ? sql``
          : sql`union all
      select null, null, null, u.role, u.status, count(*)::int from users u
      where u.organisation_id = ${organisationId} and u.school_id is null group by u.role, u.status`
      }
      order by created nulls first, school_name`),
  );
  return rows.map((r) => ({ ...r, n: num(r.n) }));
}

/*
 * Fees use finance's formula (feesSummary): expected = the invoices' lines (discounts included),
 * collected = successful payments, outstanding = what each invoice still owes (credit not set
 * against other invoices). Lines and payments are summed per invoice with GROUP BYs joined by hash,
 * not a correlated subquery per invoice: on the large school that is ~10 ms instead of ~270 ms
 * (docs/decisions/0019).
 */

/** Each class's fees of a term in one school. */
export async function schoolFees(db: DbOrTx, schoolId: string, termId: string) {
  const rows = rowsOf<{ class_id: string; level: string; arm: string; invoices: number; expected: number; collected: number; outstanding: number }>(
    await db.execute(sql`
      with inv as (select id, class_id from invoices where school_id = ${schoolId} and term_id = ${termId}),
      due as (
        select l.invoice_id, sum(l.amount_kobo) as due from invoice_lines l
        where l.school_id = ${schoolId} and l.invoice_id in (select id from inv) group by l.invoice_id
      ),
      paid as (
        select p.invoice_id, sum(p.amount_kobo) as paid from payments p
        where p.school_id = ${schoolId} and p.status = 'Success' and p.invoice_id in (select id from inv) group by p.invoice_id
      ),
      per_class as (
        select inv.class_id, count(*)::int as invoices, sum(coalesce(due.due, 0))::float8 as expected,
          sum(coalesce(paid.paid, 0))::float8 as collected,
          sum(greatest(coalesce(due.due, 0) - coalesce(paid.paid, 0), 0))::float8 as outstanding
        from inv left join due on due.invoice_id = inv.id left join paid on paid.invoice_id = inv.id
        group by inv.class_id
      )
      select pc.class_id, c.level, c.arm, pc.invoices, pc.expected, pc.collected, pc.outstanding
      from per_class pc join classes c on c.school_id = ${schoolId} and c.id = pc.class_id`),
  );
  return rows.map((r) => ({
    classId: r.class_id,
    level: r.level,
    arm: r.arm,
    invoices: num(r.invoices),
    expectedKobo: num(r.expected),
    collectedKobo: num(r.collected),
    outstandingKobo: num(r.outstanding),
  }));
}

/** Each school's fees of the named session and term, every school of the organisation at once. */
export async function organisationFees(db: DbOrTx, organisationId: string, sessionName: string, termName: string, schoolId?: string) {
  const schoolIds = await organisationSchoolIds(db, organisationId, schoolId);
  if (schoolIds.length === 0) return [];
  const schools = idList(schoolIds);
  const rows = rowsOf<{
    school_id: string;
    school_name: string;
    has_term: boolean;
    invoices: number;
    expected: number;
    collected: number;
    outstanding: number;
  }>(
    await db.execute(sql`
      with sch as (
        select id, name, created_at from schools where id in (${schools}) and organisation_id = ${organisationId}
      ),
      term as (
        select t.id, t.school_id from terms t join academic_sessions a on a.school_id = t.school_id and a.id = t.academic_session_id
        where t.school_id in (${schools}) and a.name = ${sessionName} and t.name = ${termName}
      ),
      inv as (
        select i.id, i.school_id from invoices i join term on term.school_id = i.school_id and term.id = i.term_id
        where i.school_id in (${schools})
      ),
      due as (
        select l.invoice_id, sum(l.amount_kobo) as due from invoice_lines l
        where l.school_id in (${schools}) and l.invoice_id in (select id from inv) group by l.invoice_id
      ),
      paid as (
        select p.invoice_id, sum(p.amount_kobo) as paid from payments p
        where p.school_id in (${schools}) and p.status = 'Success' and p.invoice_id in (select id from inv) group by p.invoice_id
      ),
      per_school as (
        select inv.school_id, count(*)::int as invoices, sum(coalesce(due.due, 0))::float8 as expected,
          sum(coalesce(paid.paid, 0))::float8 as collected,
          sum(greatest(coalesce(due.due, 0) - coalesce(paid.paid, 0), 0))::float8 as outstanding
        from inv left join due on due.invoice_id = inv.id left join paid on paid.invoice_id = inv.id
        group by inv.school_id
      )
      select sch.id as school_id, sch.name as school_name, exists (select 1 from term where term.school_id = sch.id) as has_term,
        coalesce(ps.invoices, 0) as invoices, coalesce(ps.expected, 0) as expected, coalesce(ps.collected, 0) as collected,
        coalesce(ps.outstanding, 0) as outstanding
      from sch left join per_school ps on ps.school_id = sch.id
      order by sch.created_at, sch.name`),
  );
  return rows.map((r) => ({
    schoolId: r.school_id,
    schoolName: r.school_name,
    hasTerm: Boolean(r.has_term),
    invoices: num(r.invoices),
    expectedKobo: num(r.expected),
    collectedKobo: num(r.collected),
    outstandingKobo: num(r.outstanding),
  }));
}
