#!/usr/bin/env node
// The "large school" of DESIGN.md §8, generated into PostgreSQL for benchmarks:
//   1 organisation, 1 school (code LGS), 5 sessions 2019/20 … 2023/24 (2023/24 Active, its Second term
//   current) with 3 terms each; 151 staff (140 teachers with logins, 10 non-academic, 1 admin);
//   60 classes per session (Primary 1 … SSS 3, arms A–E; teacher n is class teacher of class n);
//   3,000 students (each with a login and a guardian with a login), enrolled in every session;
//   a register for every class and school day of every term, one entry per enrolled student
//   (≈ 2.9 million attendance entries, ≈ 90 % Present), and the term totals; 9 subjects taught in every class
//   (class teacher teaching them), every student's four scores in each subject of every term before the
//   current one (351,000 score rows), and those terms' results published for every class.
// Logins (password demo12345): admin@large.test, teacher1@large.test … teacher140@large.test,
//   student1@large.test … student3000@large.test, parent1@large.test … parent3000@large.test.
//   teacher1 is class teacher of Primary 1 A; student1 is in Primary 1 A (students n, n+60, … share a class).
// SCHOOLS=N (default 1) adds schools 2 … N to the same database, each the same large school with its own
// organisation ('Large School Trust k'), school ('Large Model College k', code LGk) and logins
// (admin@sk.large.test, teacher1@sk.large.test, student1@sk.large.test, parent1@sk.large.test …): the
// data of many schools around school 1 (bench/schools.mjs). School 1 is generated first, as with
// SCHOOLS=1. OTHER_STUDENTS (default STUDENTS, 3,000) sets the students of schools 2 … N.
// Everything is generated in SQL (INSERT … SELECT generate_series), not row by row.
//
// Usage: node bench/large-school.mjs            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench;
//                                                 the database is dropped and created again; SCHOOLS, STUDENTS,
//                                                 OTHER_STUDENTS)
// Other benchmarks (dashboards, results…) can reuse it: the tables are the app's own, migrated first.
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const BENCH_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
export const BENCH_PASSWORD = 'demo12345';
export const MIGRATIONS_FOLDER = path.join(root, 'apps/server/drizzle');
const SESSIONS = ['2019/20', '2020/21', '2021/22', '2022/23', '2023/24'];
const ACTIVE = '2023/24';
const LEVELS = ['Primary 1', 'Primary 2', 'Primary 3', 'Primary 4', 'Primary 5', 'Primary 6', 'JSS 1', 'JSS 2', 'JSS 3', 'SSS 1', 'SSS 2', 'SSS 3'];
const ARMS = ['A', 'B', 'C', 'D', 'E'];
const SUBJECTS = [
  'English Language',
  'Mathematics',
  'Basic Science',
  'Social Studies',
  'Civic Education',
  'Agricultural Science',
  'Computer Studies',
  'Yoruba',
  'Christian Religious Studies',
];
const STUDENTS = Number(process.env.STUDENTS ?? 3000);
const OTHER_STUDENTS = Number(process.env.OTHER_STUDENTS ?? STUDENTS);
const SCHOOLS = Number(process.env.SCHOOLS ?? 1);
const TEACHERS = 140;
const OTHER_STAFF = 10;

/**
 * Who school `k` (1 … N) is: school 1 is the large school the other benchmarks sign in to.
 * @param {number} k
 */
export function largeSchool(k) {
  return k === 1
    ? { organisation: 'Large School Trust', name: 'Large Model College', code: 'LGS', domain: 'large.test' }
    : { organisation: `Large School Trust ${k}`, name: `Large Model College ${k}`, code: `LG${k}`, domain: `s${k}.large.test` };
}

const iso = (/** @type {Date} */ d) => d.toISOString().slice(0, 10);
/** @param {number} y @param {number} m 1 … 12 @param {number} d */
function mondayOnOrAfter(y, m, d) {
  const t = new Date(Date.UTC(y, m - 1, d));
  t.setUTCDate(t.getUTCDate() + ((8 - t.getUTCDay()) % 7));
  return iso(t);
}
/** @param {number} y @param {number} m 1 … 12 @param {number} d */
function fridayOnOrBefore(y, m, d) {
  const t = new Date(Date.UTC(y, m - 1, d));
  t.setUTCDate(t.getUTCDate() - ((t.getUTCDay() + 2) % 7));
  return iso(t);
}
/**
 * The same calendar as the demo seed (apps/server/src/db/seed/calendar.ts).
 * @param {number} year the session's first year
 * @returns {[name: string, start: string, end: string][]}
 */
function termDates(year) {
  return [
    ['First', mondayOnOrAfter(year, 9, 9), fridayOnOrBefore(year, 12, 15)],
    ['Second', mondayOnOrAfter(year + 1, 1, 5), fridayOnOrBefore(year + 1, 4, 5)],
    ['Third', mondayOnOrAfter(year + 1, 4, 22), fridayOnOrBefore(year + 1, 7, 26)],
  ];
}

/** @param {string} url */
async function recreateDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.unsafe(`create database ${name}`);
  } finally {
    await sql.end();
  }
}

const seconds = (/** @type {number} */ since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Runs `fn` and prints how long it took, or (`times` given) adds it there.
 * @template T
 * @param {string} label
 * @param {() => Promise<T>} fn
 * @param {string[]} [times]
 * @returns {Promise<T>}
 */
async function step(label, fn, times) {
  const started = performance.now();
  const result = await fn();
  if (times) times.push(`${label.replace(/^attendance |[ ,].*/g, '')} ${seconds(started)}`);
  else console.log(`  ${label.padEnd(44)} ${String(Math.round(performance.now() - started)).padStart(7)} ms`);
  return result;
}

/**
 * Drops the primary key, unique constraints and indexes of `table` (a bulk load's rows go in faster
 * without them) and answers the function that builds them again.
 * @param {postgres.Sql} sql
 * @param {string} table
 */
async function withoutIndexes(sql, table) {
  const constraints = await sql`
    select conname, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = ${table}::regclass and contype in ('p', 'u') order by contype`;
  const indexes = await sql`
    select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = ${table}
      and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`;
  for (const c of constraints) await sql.unsafe(`alter table ${table} drop constraint ${c.conname}`);
  for (const i of indexes) await sql.unsafe(`drop index ${i.indexname}`);
  return async () => {
    for (const c of constraints) await sql.unsafe(`alter table ${table} add constraint ${c.conname} ${c.def}`);
    for (const i of indexes) await sql.unsafe(i.indexdef);
  };
}

/**
 * Generates large school `k` (largeSchool(k)) with `students` students, up to its attendance entries
 * and scores (their table's indexes are built by the caller, once for every school); the term totals,
 * the school's version and the statistics are the caller's too.
 * @param {postgres.Sql} sql one connection, bulk-load settings on (session_replication_role = replica)
 * @param {number} k
 * @param {{ passwordHash: string; students: number; times?: string[] }} options `times`: each step's
 *   seconds are added there instead of printed
 */
async function generateSchool(sql, k, { passwordHash, students, times }) {
  const { organisation, name, code, domain } = largeSchool(k);
  const at = `@${domain}`;
  const [org] = await sql`insert into organisations (name) values (${organisation}) returning id`;
  await sql`insert into permission_matrices (organisation_id, matrix) values (${org.id}, '{}'::jsonb)`;
  const [school] = await sql`
    insert into schools (organisation_id, name, code, address, city, state, school_type)
    values (${org.id}, ${name}, ${code}, '1 Benchmark Road', 'Ibadan', 'Oyo', 'Secondary') returning id`;
  const schoolId = school.id;

  await step(
    'sessions and terms',
    async () => {
      for (const name of SESSIONS) {
        const [s] = await sql`
          insert into academic_sessions (school_id, name, status) values (${schoolId}, ${name}, ${name === ACTIVE ? 'Active' : 'Inactive'}) returning id`;
        for (const [term, start, end] of termDates(Number(name.slice(0, 4)))) {
          await sql`
            insert into terms (school_id, academic_session_id, name, start_date, end_date, is_current)
            values (${schoolId}, ${s.id}, ${term}, ${start}, ${end}, ${name === ACTIVE && term === 'Second'})`;
        }
      }
    },
    times,
  );

  await step(
    'users, staff, students, guardians',
    async () => {
      await sql`
        insert into users (organisation_id, school_id, email, password_hash, name, role)
        values (${org.id}, ${schoolId}, ${`admin${at}`}, ${passwordHash}, 'Mrs. Bench Admin', 'admin')`;
      await sql`
        insert into users (organisation_id, school_id, email, password_hash, name, role)
        select ${org.id}, ${schoolId}, 'teacher' || n || ${at}, ${passwordHash}, 'Teacher ' || n, 'teacher'
        from generate_series(1, ${TEACHERS}) n`;
      await sql`
        insert into users (organisation_id, school_id, email, password_hash, name, role)
        select ${org.id}, ${schoolId}, 'student' || n || ${at}, ${passwordHash}, 'Student ' || n, 'student'
        from generate_series(1, ${students}) n`;
      await sql`
        insert into users (organisation_id, school_id, email, password_hash, name, role)
        select ${org.id}, ${schoolId}, 'parent' || n || ${at}, ${passwordHash}, 'Parent ' || n, 'parent'
        from generate_series(1, ${students}) n`;
      // every address also in user_emails, which sign-in reads first (ADR 0026, migration 0017)
      await sql`insert into user_emails (email, user_id) select lower(email), id from users where organisation_id = ${org.id}`;
      await sql`
        insert into staff (school_id, user_id, staff_type, name, email)
        select ${schoolId}, u.id, case when u.role = 'admin' then 'Admin' else 'Teacher' end, u.name, u.email
        from users u where u.school_id = ${schoolId} and u.role in ('admin', 'teacher')`;
      await sql`
        insert into staff (school_id, staff_type, name) select ${schoolId}, 'Non-academic staff', 'Staff member ' || n from generate_series(1, ${OTHER_STAFF}) n`;
      // student n: studentn@… → last name n, registration number LGS/2019/000n (LGk/2019/000n)
      await sql`
        insert into students (school_id, user_id, registration_no, first_name, last_name, gender, admitted_on)
        select ${schoolId}, u.id, ${`${code}/2019/`} || lpad(n, 4, '0'), 'Student', n,
          case when random() < 0.5 then 'male' else 'female' end, date '2019-09-09'
        from users u cross join lateral (select split_part(substr(u.email, 8), '@', 1) as n) x
        where u.school_id = ${schoolId} and u.role = 'student'`;
      await sql`
        insert into guardians (school_id, user_id, name, relationship, email)
        select ${schoolId}, u.id, u.name, 'mother', u.email from users u where u.school_id = ${schoolId} and u.role = 'parent'`;
      await sql`
        insert into student_guardians (school_id, student_id, guardian_id)
        select ${schoolId}, s.id, g.id from students s
        join guardians g on g.school_id = s.school_id and g.email = 'parent' || s.last_name || ${at}
        where s.school_id = ${schoolId}`;
    },
    times,
  );

  await step(
    'classes and enrolments',
    async () => {
      // class k (1 … 60) of each session: LEVELS[(k-1)/5], arm ARMS[(k-1)%5]; teacher k is its class teacher
      await sql`
        insert into classes (school_id, academic_session_id, level, arm, class_teacher_id)
        select ${schoolId}, s.id, (${LEVELS}::text[])[((k - 1) / 5) + 1], (${ARMS}::text[])[((k - 1) % 5) + 1], st.id
        from academic_sessions s cross join generate_series(1, ${LEVELS.length * ARMS.length}) k
        join staff st on st.school_id = ${schoolId} and st.email = 'teacher' || k || ${at}
        where s.school_id = ${schoolId}`;
      // student n sits in class ((n - 1) % 60) + 1 in every session
      await sql`
        insert into enrolments (school_id, academic_session_id, class_id, student_id)
        select ${schoolId}, c.academic_session_id, c.id, st.id
        from students st
        join classes c on c.school_id = st.school_id
          and c.level = (${LEVELS}::text[])[((st.last_name::int - 1) % 60) / 5 + 1]
          and c.arm = (${ARMS}::text[])[((st.last_name::int - 1) % 60) % 5 + 1]
        where st.school_id = ${schoolId}`;
    },
    times,
  );

  await step(
    'subjects, scores and published results',
    async () => {
      await sql`
        insert into subjects (school_id, name, code)
        select ${schoolId}, name, upper(left(name, 3)) || n from unnest(${SUBJECTS}::text[]) with ordinality as x(name, n)`;
      await sql`
        insert into class_subjects (school_id, class_id, subject_id, teacher_id)
        select ${schoolId}, c.id, sub.id, c.class_teacher_id from classes c
        join subjects sub on sub.school_id = c.school_id
        where c.school_id = ${schoolId}`;
      // every term that ended before the current one: scores for every enrolled student, then published
      await sql`select setseed(${k === 1 ? 0.17 : (0.17 + k * 0.031) % 1})`;
      await sql`
        insert into scores (school_id, student_id, subject_id, term_id, test1, test2, assignment, exam)
        select ${schoolId}, e.student_id, cs.subject_id, t.id,
          floor(random() * 21) / 2, floor(random() * 21) / 2, floor(random() * 21) / 2, floor(random() * 121) / 2
        from enrolments e
        join terms t on t.academic_session_id = e.academic_session_id and t.school_id = e.school_id
        join class_subjects cs on cs.class_id = e.class_id and cs.school_id = e.school_id
        where e.school_id = ${schoolId} and t.end_date < (select start_date from terms where school_id = ${schoolId} and is_current)`;
      await sql`
        insert into result_publications (school_id, term_id, class_id)
        select ${schoolId}, t.id, c.id from classes c
        join terms t on t.school_id = c.school_id and t.academic_session_id = c.academic_session_id
        where c.school_id = ${schoolId} and t.end_date < (select start_date from terms where school_id = ${schoolId} and is_current)`;
    },
    times,
  );

  await step(
    'attendance registers',
    () =>
      sql`
        insert into attendance_registers (school_id, class_id, term_id, date, created_at, updated_at)
        select ${schoolId}, c.id, t.id, d::date, d + time '08:30', d + time '08:30'
        from classes c join terms t on t.school_id = c.school_id and t.academic_session_id = c.academic_session_id
        cross join lateral generate_series(t.start_date, t.end_date, interval '1 day') d
        where c.school_id = ${schoolId} and extract(isodow from d) < 6`,
    times,
  );

  await step(
    'attendance entries',
    async () => {
      await sql`select setseed(${k === 1 ? 0.42 : (0.42 + k * 0.037) % 1})`;
      await sql`
        insert into attendance_entries (school_id, register_id, student_id, date, status)
        select r.school_id, r.id, e.student_id, r.date,
          case when x < 0.04 then 'Absent' when x < 0.07 then 'Late' when x < 0.08 then 'Excused' else 'Present' end
        from attendance_registers r
        join enrolments e on e.school_id = r.school_id and e.class_id = r.class_id
        cross join lateral (select random() + 0 * length(e.student_id::text) as x) rnd
        where r.school_id = ${schoolId}`;
    },
    times,
  );
  return { schoolId, organisationId: org.id };
}

/**
 * Generates `schools` large schools (1 … schools) into a new database at `url`.
 * @param {string} [url]
 * @param {number} [schools]
 */
export async function generateLargeSchools(url = BENCH_DATABASE_URL, schools = SCHOOLS) {
  const started = performance.now();
  console.log(
    `Large school${schools > 1 ? `s × ${schools} (${STUDENTS} + ${schools - 1} × ${OTHER_STUDENTS} students)` : ''} → ${url.replace(/\/\/[^@]*@/, '//')}`,
  );
  await step('create database', () => recreateDatabase(url));
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await step('migrate', () => migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER }));
    const passwordHash = await hash(BENCH_PASSWORD);
    await sql`set synchronous_commit = off`;
    await sql`set maintenance_work_mem = '256MB'`;
    await sql`set work_mem = '64MB'`;
    // a bulk load: no per-row triggers (the school's version counter, foreign-key checks) for millions
    // of generated rows (foreign keys hold by construction: every row's references are in its own
    // school); the versions are set once at the end. The entries' and scores' keys and indexes are built
    // once, after every school.
    await sql`set session_replication_role = replica`;
    const restoreEntries = await withoutIndexes(sql, 'attendance_entries');
    const restoreScores = await withoutIndexes(sql, 'scores');

    /** @type {{ schoolId: string; organisationId: string }[]} */
    const made = [];
    for (let k = 1; k <= schools; k++) {
      const schoolStarted = performance.now();
      /** @type {string[] | undefined} */
      const times = schools > 1 ? [] : undefined;
      made.push(await generateSchool(sql, k, { passwordHash, students: k === 1 ? STUDENTS : OTHER_STUDENTS, times }));
      if (times)
        console.log(`  school ${k}/${schools} ${largeSchool(k).code}: ${seconds(schoolStarted)} s (${times.join(', ')}); ${seconds(started)} s in all`);
    }

    await sql`set session_replication_role = origin`;
    await step('attendance entries and scores: keys, indexes', async () => {
      await restoreEntries();
      await restoreScores();
    });
    await sql`set session_replication_role = replica`;
    await step(
      'attendance term totals',
      () =>
        sql`
        insert into attendance_term_totals (school_id, term_id, student_id, class_id, present, absent, late, excused)
        select r.school_id, r.term_id, a.student_id, r.class_id,
          count(*) filter (where a.status = 'Present'), count(*) filter (where a.status = 'Absent'),
          count(*) filter (where a.status = 'Late'), count(*) filter (where a.status = 'Excused')
        from attendance_entries a join attendance_registers r on r.school_id = a.school_id and r.id = a.register_id
        group by r.school_id, r.term_id, a.student_id, r.class_id`,
    );
    await sql`set session_replication_role = origin`;
    await sql`
      insert into school_versions (school_id, version) select id, 1 from schools
      on conflict (school_id) do update set version = school_versions.version + 1`;
    await step('analyze', () => sql`analyze`);
    const [counts] = await sql`
      select (select count(*) from users)::int as users, (select count(*) from staff)::int as staff,
        (select count(*) from students)::int as students, (select count(*) from classes)::int as classes,
        (select count(*) from enrolments)::int as enrolments, (select count(*) from attendance_registers)::int as registers,
        (select count(*) from attendance_entries)::int as entries, (select count(*) from scores)::int as scores,
        pg_size_pretty(pg_database_size(current_database())) as size`;
    console.log(
      `Done in ${seconds(started)} s: ${schools > 1 ? `${schools} schools, ` : ''}${counts.users} users, ${counts.staff} staff, ${counts.students} students, ` +
        `${counts.classes} classes (${counts.classes / SESSIONS.length / schools} a session${schools > 1 ? ' and school' : ''}), ${counts.enrolments} enrolments, ` +
        `${counts.registers} registers, ${counts.entries} attendance entries, ${counts.scores} scores; ${counts.size}`,
    );
    return made;
  } finally {
    await sql.end();
  }
}

/** School 1 alone (SCHOOLS=1), as the other benchmarks use it. @param {string} [url] */
export async function generateLargeSchool(url = BENCH_DATABASE_URL) {
  const [first] = await generateLargeSchools(url, 1);
  return first;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  generateLargeSchools().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
