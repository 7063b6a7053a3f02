#!/usr/bin/env node
// Many schools in one database (issue 22): school 1's endpoints answer as fast among N large schools
// as alone. Budget: p95 among N ≤ 1.2 × p95 alone (BUDGET), for each endpoint, at 50 connections.
//
// Builds two databases with bench/large-school.mjs, or reuses them when they already hold what it
// would build (the same schools; migrations added since are run first; REBUILD=1 builds them again):
//   - DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench): school 1 alone;
//   - SCHOOLS_DATABASE_URL (default: database bench_schools on the same server): SCHOOLS large schools
//     (default 20: 60,000 students, ≈ 58 million attendance entries), school 1 the same as alone.
// Starts the server on each (PORT and PORT + 1, both running for the whole run), signs in as school 1's
// administrator and teacher1 on each, and drives the same endpoints of school 1 on each server with
// autocannon (bench/lib/load.mjs: CLIENTS connections, default 50, WARMUP s of warm-up): the session
// alone (auth/me, the floor), the admin dashboard, teacher1's register of a class and date, and the
// school's students report. Load goes to school 1 only; the other schools hold data, not traffic.
// The machine's load drifts, so the two databases alternate often: each endpoint is measured in ROUNDS
// rounds (default 4) of two runs of DURATION s (default 5), alone then among, among then alone …, with a
// bare Fastify hello-world (HELLO_DURATION s, default 3) before the first run and after every run.
// Prints per endpoint the medians over the rounds of: p95 alone and among N, each also as a multiple of
// hello-world's p95 (the mean of the runs just before and after it); the ratio among / alone of the two
// runs of a round (the budget's figure); and the ratio of their hello-world multiples (the same ratio
// corrected for the machine's load during each run). Exits 0 either way: a benchmark reports.
//
// Usage: node bench/schools.mjs   (SCHOOLS, REBUILD, ROUNDS, BUDGET, PORT, CLIENTS, DURATION, WARMUP, HELLO_DURATION;
//                                  STUDENTS, OTHER_STUDENTS as for bench/large-school.mjs; SCHOOLS_DATABASE_URL)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { BENCH_DATABASE_URL, MIGRATIONS_FOLDER, generateLargeSchools, largeSchool } from './large-school.mjs';
import { clients, login, measure, startHelloWorld, startServer, warmupSeconds } from './lib/load.mjs';

const SCHOOLS = Number(process.env.SCHOOLS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
// more, shorter runs than the other benchmarks: the two databases alternate more often
const duration = Number(process.env.DURATION ?? 5);
const helloDuration = Number(process.env.HELLO_DURATION ?? 3);
const BUDGET = Number(process.env.BUDGET ?? 1.2);
const STUDENTS = Number(process.env.STUDENTS ?? 3000);
const OTHER_STUDENTS = Number(process.env.OTHER_STUDENTS ?? STUDENTS);
const port = Number(process.env.PORT ?? 3396);
const DATE = '2024-02-14';
const aloneUrl = BENCH_DATABASE_URL;
const schoolsUrl = process.env.SCHOOLS_DATABASE_URL || Object.assign(new URL(aloneUrl), { pathname: '/bench_schools' }).toString();
if (new URL(schoolsUrl).pathname === new URL(aloneUrl).pathname) throw new Error('DATABASE_URL and SCHOOLS_DATABASE_URL name the same database');

const show = (/** @type {string} */ url) => url.replace(/\/\/[^@]*@/, '//');
const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * What the database at `url` holds: its large schools (codes LGS, LG2 …), their students, whether
 * every migration of this tree has run, and school 1's row counts (the two databases' school 1 must be
 * alike: bench/reports.mjs adds invoices and payments to the one it runs on). Null when it does not exist.
 * @param {string} url
 */
async function inventory(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const migrations = /** @type {{ entries: unknown[] }} */ (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'))).entries
      .length;
    const [{ applied }] = await sql`select count(*)::int as applied from drizzle.__drizzle_migrations`;
    const schools = await sql`
      select sc.code, (select count(*)::int from students s where s.school_id = sc.id) as students from schools sc order by sc.created_at`;
    const [first] = await sql`
      select (select count(*) from users where school_id = sc.id)::int as users, (select count(*) from attendance_entries where school_id = sc.id)::int as entries,
        (select count(*) from scores where school_id = sc.id)::int as scores, (select count(*) from invoices where school_id = sc.id)::int as invoices,
        (select count(*) from payments where school_id = sc.id)::int as payments
      from schools sc where sc.code = 'LGS'`;
    const [{ size }] = await sql`select pg_size_pretty(pg_database_size(current_database())) as size`;
    return { current: applied === migrations, schools: schools.map((s) => ({ code: String(s.code), students: Number(s.students) })), first, size };
  } catch (err) {
    if (/** @type {{ code?: string }} */ (err).code === '3D000') return null; // no such database
    throw err;
  } finally {
    await sql.end();
  }
}

/**
 * The database at `url` with `n` large schools: reused when it holds them (migrations added since it
 * was built are run first), generated otherwise or with REBUILD=1.
 * @param {string} url
 * @param {number} n
 */
async function ensure(url, n) {
  const held = process.env.REBUILD === '1' ? null : await inventory(url).catch(() => null);
  const fits =
    held &&
    held.schools.length === n &&
    held.schools.every((s, i) => s.code === largeSchool(i + 1).code && s.students === (i === 0 ? STUDENTS : OTHER_STUDENTS));
  if (fits) {
    console.log(`${show(url)}: reusing its ${n} large school${n > 1 ? 's' : ''} (${held.size}; REBUILD=1 builds it again)`);
    if (held.current) return held;
    // migrations added since it was built: run them as the server would (first, without its time limit)
    const started = performance.now();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await sql.end();
    }
    console.log(`${show(url)}: migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return /** @type {NonNullable<Awaited<ReturnType<typeof inventory>>>} */ (await inventory(url));
  }
  const started = performance.now();
  await generateLargeSchools(url, n);
  const made = await inventory(url);
  if (!made) throw new Error(`${show(url)}: not built`);
  console.log(`${show(url)}: ${n} large school${n > 1 ? 's' : ''} built in ${((performance.now() - started) / 1000).toFixed(0)} s, ${made.size}\n`);
  return made;
}

/** School 1's class of teacher1 in the Active session. @param {string} url */
async function classOfTeacher1(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`
      select c.id from classes c
      join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status = 'Active'
      join staff t on t.school_id = c.school_id and t.id = c.class_teacher_id and t.email = 'teacher1@large.test'`;
    if (!row) throw new Error(`${show(url)}: no large school`);
    return /** @type {string} */ (row.id);
  } finally {
    await sql.end();
  }
}

const alone = await ensure(aloneUrl, 1);
const among = await ensure(schoolsUrl, SCHOOLS);
const differs = Object.entries(alone.first).filter(([k, v]) => among.first[k] !== v);
if (differs.length)
  console.log(
    `WARNING: school 1 differs between the databases (${differs.map(([k, v]) => `${k} ${v} alone, ${among.first[k]} among ${SCHOOLS}`).join('; ')}): REBUILD=1 builds both again`,
  );

const targets = [
  { label: 'alone', url: aloneUrl, port },
  { label: `among ${SCHOOLS}`, url: schoolsUrl, port: port + 1 },
];
const servers = await Promise.all(targets.map((t) => startServer(t.port, { DATABASE_URL: t.url })));
const hello = await startHelloWorld();
try {
  const sides = await Promise.all(
    targets.map(async (t, i) => {
      const base = servers[i].base;
      const [admin, teacher, classId] = [await login(base, 'admin@large.test'), await login(base, 'teacher1@large.test'), await classOfTeacher1(t.url)];
      /** @type {[name: string, path: string, cookie: string][]} */
      const endpoints = [
        ['auth/me', '/api/auth/me', admin],
        ['admin dashboard', `/api/dashboard/admin?date=${DATE}`, admin],
        ['register', `/api/attendance/register?classId=${classId}&date=${DATE}`, teacher],
        ['students report', '/api/reports/school/students', admin],
      ];
      return { ...t, base, endpoints };
    }),
  );
  console.log(
    `\nschool 1 (LGS) alone: ${show(aloneUrl)}, ${alone.size}; among ${SCHOOLS}: ${show(schoolsUrl)}, ${among.size} ` +
      `(${among.schools.reduce((n, s) => n + s.students, 0).toLocaleString('en')} students)\n` +
      `autocannon, ${clients} connections, ${duration} s each after ${warmupSeconds} s of warm-up, ${ROUNDS} rounds of two runs (alone, among; among, alone; …), ` +
      `hello-world (${helloDuration} s) before the first run and after each; budget: p95 among ≤ ${BUDGET} × p95 alone`,
  );
  const width = 30;
  const helloRun = (warmup = 0) => measure(hello.base, '  hello-world', '/', '', { width, duration: helloDuration, warmup });
  let previous = await helloRun(warmupSeconds);
  const helloP95 = [previous.p95];
  /** @typedef {{ p95: number; times: number; errors: number }} Run a run's p95, that over hello-world's p95, its errors */
  /** @type {{ name: string; rounds: [alone: Run, among: Run][] }[]} */
  const rows = [];
  for (let e = 0; e < sides[0].endpoints.length; e++) {
    /** @type {[alone: Run, among: Run][]} */
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      /** @type {Run[]} */
      const pair = [];
      for (const s of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const [name, p, cookie] = sides[s].endpoints[e];
        const result = await measure(sides[s].base, `${name} · ${sides[s].label}`, p, cookie, { width, duration });
        const next = await helloRun();
        helloP95.push(next.p95);
        pair[s] = { p95: result.p95, times: result.p95 / ((previous.p95 + next.p95) / 2), errors: result.errors };
        previous = next;
      }
      rounds.push([pair[0], pair[1]]);
    }
    rows.push({ name: sides[0].endpoints[e][0], rounds });
  }

  const fixed = (/** @type {number} */ v, digits = 2) => v.toFixed(digits);
  console.log(
    `\nhello-world p95 ${fixed(Math.min(...helloP95), 1)}–${fixed(Math.max(...helloP95), 1)} ms over ${helloP95.length} runs. ` +
      `Medians of ${ROUNDS} rounds: p95 in ms; (× hello) the run's p95 over hello-world's (the mean of the runs just before and after it); ` +
      `among/alone the ratio of the two runs of a round (side by side in time); (× hello ratio) the same ratio of their multiples of hello-world's p95\n`,
  );
  const header = ['endpoint', 'p95 alone', '(× hello)', `p95 among ${SCHOOLS}`, '(× hello)', 'among/alone', '(× hello ratio)', '', 'rounds among/alone'];
  const lines = rows.map(({ name, rounds }) => {
    const of = (/** @type {(pair: [Run, Run]) => number} */ f) => median(rounds.map(f));
    const ratio = of(([a, b]) => b.p95 / a.p95);
    const errors = rounds.flat().reduce((n, x) => n + x.errors, 0);
    return {
      ok: ratio <= BUDGET && errors === 0,
      cells: [
        name,
        fixed(
          of(([a]) => a.p95),
          1,
        ),
        fixed(
          of(([a]) => a.times),
          1,
        ),
        fixed(
          of(([, b]) => b.p95),
          1,
        ),
        fixed(
          of(([, b]) => b.times),
          1,
        ),
        fixed(ratio),
        fixed(of(([a, b]) => b.times / a.times)),
        `${ratio <= BUDGET ? 'ok' : 'OVER'}${errors ? `, ${errors} ERRORS` : ''}`,
        rounds.map(([a, b]) => fixed(b.p95 / a.p95)).join(' '),
      ],
    };
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l.cells[i].length)));
  const format = (/** @type {string[]} */ cells) => cells.map((c, i) => (i === 0 || i === 8 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header).trimEnd());
  for (const l of lines) console.log(format(l.cells).trimEnd());
  const over = lines.filter((l) => !l.ok).map((l) => l.cells[0]);
  console.log(
    over.length === 0
      ? `\nWITHIN BUDGET: every endpoint's p95 among ${SCHOOLS} schools ≤ ${BUDGET} × alone`
      : `\nOVER BUDGET (p95 among ${SCHOOLS} schools > ${BUDGET} × alone, or errors): ${over.join(', ')}`,
  );
} finally {
  hello.stop();
  await Promise.all(servers.map((s) => s.stop()));
}
process.exit(0);
