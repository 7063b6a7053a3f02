#!/usr/bin/env node
// The dashboards on the large school (DESIGN.md §8): starts the server on the large-school database
// (run `node bench/large-school.mjs` first), signs in as the administrator, a class teacher, a student
// and a parent, then drives each dashboard endpoint with 50 concurrent clients for DURATION seconds
// (default 10) after a short warm-up, and reports p50, p95, p99 and requests per second. The day is a
// Wednesday of the current (Second) term, 2024-02-14, so every figure has data behind it. The load
// runner is the one of bench/attendance.mjs (a script, so copied here rather than imported).
//
// Usage: node bench/dashboards.mjs     (DATABASE_URL as for bench/large-school.mjs; CLIENTS, DURATION, PORT)
import { spawn } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const port = Number(process.env.PORT ?? 3392);
const clients = Number(process.env.CLIENTS ?? 50);
const seconds = Number(process.env.DURATION ?? 10);
const base = `http://127.0.0.1:${port}`;
const DATE = '2024-02-14';
const BUDGET_MS = 50;

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

async function waitForServer(child) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer within 120 s');
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

async function load(name, path, cookie) {
  const first = await fetch(base + path, { headers: { cookie } });
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
          const res = await fetch(base + path, { headers: { cookie, 'accept-encoding': 'gzip' } });
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
  const line = `${name.padEnd(10)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s  ${bytes} B${errors ? `  ${errors} errors` : ''}  ${p95 < BUDGET_MS ? 'ok' : 'OVER BUDGET'}`;
  console.log(line);
  return { name, p50, p95, p99, errors };
}

const student = await studentId();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'warn', LOGIN_IP_LIMIT: '100000', NODE_ENV: 'production', WEB_DIST: '/nonexistent' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let failed = false;
try {
  await waitForServer(server);
  const [admin, teacher, studentCookie, parent] = [
    await login('admin@large.test'),
    await login('teacher1@large.test'),
    await login('student1@large.test'),
    await login('parent1@large.test'),
  ];
  // each sign-in holds: a lost session would measure 401s
  for (const cookie of [admin, teacher, studentCookie, parent]) {
    const me = await (await fetch(`${base}/api/auth/session`, { headers: { cookie } })).json();
    if (!me.user) throw new Error('a sign-in did not hold');
  }
  console.log(`${clients} concurrent clients, ${seconds} s each, day ${DATE}, budget p95 < ${BUDGET_MS} ms`);
  await load('auth/me', '/api/auth/me', admin);
  const results = [
    await load('admin', `/api/dashboard/admin?date=${DATE}`, admin),
    await load('teacher', `/api/dashboard/teacher?date=${DATE}`, teacher),
    await load('student', `/api/dashboard/students/${student}?date=${DATE}`, studentCookie),
    await load('parent', `/api/dashboard/parent?date=${DATE}`, parent),
  ];
  failed = results.some((r) => r.p95 >= BUDGET_MS || r.errors > 0);
} finally {
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
