#!/usr/bin/env node
// Budget (DESIGN.md §8, issue 9): the reports stay fast on the large school: p50 and p95 of each
// report endpoint (JSON and CSV) under 50 concurrent clients. Reuses the large school of
// bench/large-school.mjs (run it first) and adds, once, what the reports read that it does not make:
//   - a super administrator super@large.test (password demo12345) for the organisation reports;
//   - the Second term 2023/24 fees: one invoice per enrolled student (two lines: tuition ₦60,000 and a
//     ₦1,500 discount for every tenth student) and a successful payment for two students in three.
// Then starts the server on that database and drives each endpoint for DURATION seconds (default 10)
// after a 2 s warm-up, like bench/attendance.mjs.
//
// Usage: node bench/reports.mjs    (DATABASE_URL as for bench/large-school.mjs; CLIENTS, DURATION, PORT, BUDGET_MS)
import { spawn } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const port = Number(process.env.PORT ?? 3392);
const clients = Number(process.env.CLIENTS ?? 50);
const seconds = Number(process.env.DURATION ?? 10);
const base = `http://127.0.0.1:${port}`;
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 50);

/** The large school's ids, and the super administrator and fees added when missing. */
async function prepare() {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [school] = await sql`
      select sc.id as school_id, sc.organisation_id, t.id as term_id
      from schools sc
      join academic_sessions s on s.school_id = sc.id and s.status = 'Active'
      join terms t on t.academic_session_id = s.id and t.name = 'Second'
      where sc.code = 'LGS'`;
    if (!school) throw new Error('no large school here: run node bench/large-school.mjs first');
    const { school_id: schoolId, organisation_id: organisationId, term_id: termId } = school;

    const [superAdmin] = await sql`select id from users where email = 'super@large.test'`;
    if (!superAdmin) {
      await sql`
        insert into users (organisation_id, school_id, email, password_hash, name, role)
        select organisation_id, null, 'super@large.test', password_hash, 'Large Trust Owner', 'super_admin'
        from users where email = 'admin@large.test'`;
      console.log('added super@large.test');
    }

    const [{ n }] = await sql`select count(*)::int as n from invoices where school_id = ${schoolId} and term_id = ${termId}`;
    if (n === 0) {
      const started = performance.now();
      await sql.begin(async (tx) => {
        await tx`
          insert into invoices (school_id, term_id, student_id, class_id)
          select e.school_id, ${termId}, e.student_id, e.class_id
          from enrolments e join terms t on t.id = ${termId} and t.academic_session_id = e.academic_session_id
          where e.school_id = ${schoolId}`;
        await tx`
          insert into invoice_lines (school_id, invoice_id, kind, description, amount_kobo)
          select school_id, id, 'fee', 'Tuition', 6000000 from invoices where school_id = ${schoolId} and term_id = ${termId}`;
        await tx`
          insert into invoice_lines (school_id, invoice_id, kind, description, amount_kobo, reason)
          select i.school_id, i.id, 'discount', 'Discount', -150000, 'Scholarship'
          from invoices i join students s on s.id = i.student_id
          where i.school_id = ${schoolId} and i.term_id = ${termId} and s.last_name::int % 10 = 0`;
        await tx`
          insert into payments (school_id, organisation_id, invoice_id, student_id, amount_kobo, method, status, reference, paid_at)
          select i.school_id, ${organisationId}, i.id, i.student_id, 4000000, 'Cash', 'Success', 'BENCH-' || i.id, now()
          from invoices i join students s on s.id = i.student_id
          where i.school_id = ${schoolId} and i.term_id = ${termId} and s.last_name::int % 3 <> 0`;
      });
      await sql`analyze invoices`;
      await sql`analyze invoice_lines`;
      await sql`analyze payments`;
      console.log(`added the Second term's invoices and payments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return { schoolId, termId };
  } finally {
    await sql.end();
  }
}

async function waitForServer(child) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer within 60 s');
}

/** Signs in and answers the Cookie header to send. */
async function login(email) {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const token = (await csrf.json()).token;
  const cookies = new Map(csrf.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: JSON.stringify({ email, password: 'demo12345' }),
  });
  if (!res.ok) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  for (const c of res.headers.getSetCookie()) {
    const [k, v] = c.split(';')[0].split('=');
    cookies.set(k, v);
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function load(name, urlPath, cookie) {
  const first = await fetch(base + urlPath, { headers: { cookie } });
  if (!first.ok) throw new Error(`${name}: ${first.status} ${await first.text()}`);
  const bytes = (await first.arrayBuffer()).byteLength;
  const run = async (ms) => {
    const latencies = [];
    let errors = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const res = await fetch(base + urlPath, { headers: { cookie, 'accept-encoding': 'gzip' } });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (!res.ok) errors++;
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), errors };
  };
  await run(2000); // warm-up
  const { latencies, errors } = await run(seconds * 1000);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const p99 = percentile(latencies, 99);
  const line = `${name.padEnd(22)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s  ${String(bytes).padStart(7)} B${errors ? `  ${errors} errors` : ''}  ${p95 < BUDGET_MS ? 'ok' : 'OVER BUDGET'}`;
  console.log(line);
  return { name, p50, p95, p99, errors };
}

const { schoolId, termId } = await prepare();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'warn', LOGIN_IP_LIMIT: '100000', NODE_ENV: 'production', WEB_DIST: '/nonexistent' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let failed = false;
try {
  await waitForServer(server);
  const [admin, owner] = [await login('admin@large.test'), await login('super@large.test')];
  console.log(`${clients} concurrent clients, ${seconds} s each, budget p95 < ${BUDGET_MS} ms`);
  await load('auth/me', '/api/auth/me', admin);
  const results = [
    await load('school students', '/api/reports/school/students', admin),
    await load('school students csv', '/api/reports/school/students/export.csv', admin),
    await load('school staff', '/api/reports/school/staff', admin),
    await load('school financial', `/api/reports/school/financial?termId=${termId}`, admin),
    await load('school financial csv', `/api/reports/school/financial/export.csv?termId=${termId}`, admin),
    await load('school academic', `/api/reports/school/academic?termId=${termId}`, admin),
    await load('org options', '/api/reports/organisation/options', owner),
    await load('org students', '/api/reports/organisation/students?sessionName=2023/24', owner),
    await load('org staff', '/api/reports/organisation/staff', owner),
    await load('org financial', '/api/reports/organisation/financial?sessionName=2023/24&term=Second', owner),
    await load('org financial (1)', `/api/reports/organisation/financial?sessionName=2023/24&term=Second&schoolId=${schoolId}`, owner),
  ];
  failed = results.some((r) => r.p95 >= BUDGET_MS || r.errors > 0);
} finally {
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
