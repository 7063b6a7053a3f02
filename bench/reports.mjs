#!/usr/bin/env node
// Budget (DESIGN.md §8, issue 9): the reports stay fast on the large school: each report endpoint (JSON
// and CSV) keeps at least 25% of a bare Fastify hello-world's throughput measured in the same run,
// and p95 < 50 ms, under 50 connections. Reuses the large school of
// bench/large-school.mjs (run it first) and adds, once, what the reports read that it does not make:
//   - a super administrator super@large.test (password demo12345) for the organisation reports;
//   - the Second term 2023/24 fees: one invoice per enrolled student (two lines: tuition ₦60,000 and a
//     ₦1,500 discount for every tenth student) and a successful payment for two students in three.
// Then starts the server on that database and drives each endpoint with autocannon for DURATION
// seconds (default 10) after a 2 s warm-up, between two hello-world runs (bench/lib/load.mjs), and
// reports p50, p95, p99, requests per second and each rate's ratio to hello-world's. Exits 1 when an
// endpoint misses a budget.
//
// Usage: node bench/reports.mjs    (DATABASE_URL as for bench/large-school.mjs; CLIENTS, DURATION, WARMUP, PORT, BUDGET_MS, RATIO_BUDGET)
import postgres from 'postgres';
import { databaseUrl as url, login, measureAll, startServer } from './lib/load.mjs';

const port = Number(process.env.PORT ?? 3395);

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
      // sign-in reads user_emails first (ADR 0026)
      await sql`insert into user_emails (email, user_id) select 'super@large.test', id from users where email = 'super@large.test'`;
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

const { schoolId, termId } = await prepare();
const server = await startServer(port);
let ok = false;
try {
  const [admin, owner] = [await login(server.base, 'admin@large.test'), await login(server.base, 'super@large.test')];
  ok = await measureAll(
    server.base,
    [
      ['auth/me', '/api/auth/me', admin],
      ['school students', '/api/reports/school/students', admin],
      ['school students csv', '/api/reports/school/students/export.csv', admin],
      ['school staff', '/api/reports/school/staff', admin],
      ['school financial', `/api/reports/school/financial?termId=${termId}`, admin],
      ['school financial csv', `/api/reports/school/financial/export.csv?termId=${termId}`, admin],
      ['school academic', `/api/reports/school/academic?termId=${termId}`, admin],
      ['org options', '/api/reports/organisation/options', owner],
      ['org students', '/api/reports/organisation/students?sessionName=2023/24', owner],
      ['org staff', '/api/reports/organisation/staff', owner],
      ['org financial', '/api/reports/organisation/financial?sessionName=2023/24&term=Second', owner],
      ['org financial (1)', `/api/reports/organisation/financial?sessionName=2023/24&term=Second&schoolId=${schoolId}`, owner],
    ],
    { width: 22 },
  );
} finally {
  server.stop();
}
process.exit(ok ? 0 : 1);
