#!/usr/bin/env node
// The dashboards on the large school (DESIGN.md §8): starts the server on the large-school database
// (run `node bench/large-school.mjs` first), signs in as the administrator, a class teacher, a student
// and a parent, then drives each dashboard endpoint with 50 concurrent clients for DURATION seconds
// (default 10) after a short warm-up, and reports p50, p95, p99 and requests per second. The day is a
// Wednesday of the current (Second) term, 2024-02-14, so every figure has data behind it. The load
// runner is bench/lib/load.mjs.
//
// Usage: node bench/dashboards.mjs     (DATABASE_URL as for bench/large-school.mjs; CLIENTS, DURATION, PORT)
import postgres from 'postgres';
import { BUDGET_MS, databaseUrl as url, login, measure, measureAll, startServer } from './lib/load.mjs';

const port = Number(process.env.PORT ?? 3392);
const DATE = '2024-02-14';

async function studentId() {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select s.id from students s join users u on u.id = s.user_id where u.email = 'student1@large.test'`;
    if (!row) throw new Error('no large school here: run node bench/large-school.mjs first');
    return row.id;
  } finally {
    await sql.end();
  }
}

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

const student = await studentId();
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
  console.log(`day ${DATE}`);
  ok = await measureAll(server.base, [
    ['auth/me', '/api/auth/me', admin],
    ['admin', `/api/dashboard/admin?date=${DATE}`, admin],
    ['teacher', `/api/dashboard/teacher?date=${DATE}`, teacher],
    ['student', `/api/dashboard/students/${student}?date=${DATE}`, studentCookie],
    ['parent', `/api/dashboard/parent?date=${DATE}`, parent],
  ]);
  // The administrator's figures are cached under the school's version (ADR 0021), which every saved
  // change moves on. The same load while a class teacher saves a register once a second (marking one
  // student Absent, then Present again): each save makes the next read recompute.
  const churn = await registerChurn(server.base, teacher);
  const busy = await measure(server.base, 'admin, 1 save/s', `/api/dashboard/admin?date=${DATE}`, admin, { width: 16 });
  const saves = await churn.stop();
  console.log(`  (${saves} registers saved during that run)`);
  ok = ok && busy.p95 < BUDGET_MS && busy.errors === 0;
} finally {
  server.stop();
}
process.exit(ok ? 0 : 1);
