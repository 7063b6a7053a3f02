#!/usr/bin/env node
// The dashboards on the large school (DESIGN.md §8): starts the server on the large-school database
// (run `node bench/large-school.mjs` first), signs in as the administrator, a class teacher, a student
// and a parent, then drives each dashboard endpoint with autocannon, 50 connections for DURATION
// seconds (default 10) after a short warm-up, and reports p50, p95, p99 and requests per second, each
// rate as a ratio to a bare Fastify hello-world measured in the same run (bench/lib/load.mjs). The day
// is a Wednesday of the current (Second) term, 2024-02-14, so every figure has data behind it.
//
// Beside one user per dashboard (the same answer for every request), it measures:
//   - students (distinct), parents (distinct): each of the 50 connections signed in as a different
//     student (student1…50@large.test, each their own dashboard) or parent (parent1…50@large.test): 50
//     families' dashboards, each computed once and then kept under the school's version;
//   - parents (each once): ONCE (default 300) more parents (parent51…@large.test), each family's
//     dashboard asked exactly once, with 50 connections: the dashboard when nothing of the family is
//     kept (school-wide figures, such as a class's results, are). Signing them in takes a while
//     (argon2): ONCE=0 leaves the row out;
//   - the administrator's dashboard while a class teacher saves a register once a second.
// Exits 1 when an endpoint misses a budget.
//
// Usage: node bench/dashboards.mjs     (DATABASE_URL as for bench/large-school.mjs; CLIENTS, DURATION, WARMUP, ONCE, PORT)
import postgres from 'postgres';
import { benchmark, clients, databaseUrl as url, login, loginAll, startServer } from './lib/load.mjs';

const port = Number(process.env.PORT ?? 3392);
const once = Number(process.env.ONCE ?? 300);
const DATE = '2024-02-14';

/** The student ids of student1…`n`@large.test, in that order. @param {number} n */
async function studentIds(n) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const emails = Array.from({ length: n }, (_, i) => `student${i + 1}@large.test`);
    const rows = await sql`select s.id, u.email from students s join users u on u.id = s.user_id where u.email in ${sql(emails)}`;
    const ids = new Map(rows.map((r) => [r.email, /** @type {string} */ (r.id)]));
    if (ids.size !== n) throw new Error('no large school here: run node bench/large-school.mjs first');
    return emails.map((e) => /** @type {string} */ (ids.get(e)));
  } finally {
    await sql.end();
  }
}

/** @param {string} prefix @param {number} from @param {number} count */
const emails = (prefix, from, count) => Array.from({ length: count }, (_, i) => `${prefix}${from + i}@large.test`);

/**
 * Saves teacher1's register of DATE once a second until stopped, toggling one student's mark.
 * @param {string} base
 * @param {string} cookie
 */
async function registerChurn(base, cookie) {
  const token = cookie.match(/csrf_token=([^;]+)/)?.[1];
  if (!token) throw new Error('the sign-in set no csrf_token cookie');
  const csrf = decodeURIComponent(token);
  const options = /** @type {{ classes: { id: string }[] }} */ (await (await fetch(`${base}/api/attendance/options`, { headers: { cookie } })).json());
  const classId = options.classes[0].id;
  const register = /** @type {{ rows: { studentId: string; status: string }[] }} */ (
    await (await fetch(`${base}/api/attendance/register?classId=${classId}&date=${DATE}`, { headers: { cookie } })).json()
  );
  let saves = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const absent = saves % 2 === 0;
      const entries = register.rows.map((r, i) => ({ studentId: r.studentId, status: i === 0 ? (absent ? 'Absent' : 'Present') : r.status }));
      const res = await fetch(`${base}/api/attendance/register`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ classId, date: DATE, entries }),
      });
      if (!res.ok) throw new Error(`register save: ${res.status} ${await res.text()}`);
      saves++;
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return saves;
    },
  };
}

const students = await studentIds(clients);
const server = await startServer(port);
let ok = false;
try {
  const cookies = [];
  for (const email of ['admin@large.test', 'teacher1@large.test', 'student1@large.test', 'parent1@large.test']) {
    const cookie = await login(server.base, email);
    // each sign-in holds: a lost session would measure 401s
    const me = /** @type {{ user: unknown }} */ (await (await fetch(`${server.base}/api/auth/session`, { headers: { cookie } })).json());
    if (!me.user) throw new Error(`the sign-in of ${email} did not hold`);
    cookies.push(cookie);
  }
  const [admin, teacher, studentCookie, parent] = cookies;
  let started = performance.now();
  const studentCookies = await loginAll(server.base, emails('student', 1, clients));
  const parentCookies = await loginAll(server.base, emails('parent', 1, clients));
  const onceCookies = await loginAll(server.base, emails('parent', clients + 1, once));
  console.log(`day ${DATE}; ${2 * clients + once} more users signed in in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const bench = await benchmark({ width: 20 });
  await bench.run(server.base, 'auth/me', '/api/auth/me', admin);
  await bench.run(server.base, 'admin', `/api/dashboard/admin?date=${DATE}`, admin);
  await bench.run(server.base, 'teacher', `/api/dashboard/teacher?date=${DATE}`, teacher);
  await bench.run(server.base, 'student', `/api/dashboard/students/${students[0]}?date=${DATE}`, studentCookie);
  await bench.run(server.base, 'parent', `/api/dashboard/parent?date=${DATE}`, parent);
  const studentPaths = students.map((id) => `/api/dashboard/students/${id}?date=${DATE}`);
  await bench.run(server.base, 'students (distinct)', studentPaths, studentCookies);
  await bench.run(server.base, 'parents (distinct)', `/api/dashboard/parent?date=${DATE}`, parentCookies);
  if (once > 0) await bench.run(server.base, 'parents (each once)', `/api/dashboard/parent?date=${DATE}`, onceCookies, { once: true });
  // The administrator's figures are cached under the school's version (ADR 0021), which every saved
  // change moves on. The same load while a class teacher saves a register once a second (marking one
  // student Absent, then Present again): each save makes the next read recompute.
  const churn = await registerChurn(server.base, teacher);
  started = performance.now();
  await bench.run(server.base, 'admin, 1 save/s', `/api/dashboard/admin?date=${DATE}`, admin);
  const saves = await churn.stop();
  console.log(`  (${saves} registers saved in ${((performance.now() - started) / 1000).toFixed(0)} s, warm-up included)`);
  ok = await bench.finish();
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
