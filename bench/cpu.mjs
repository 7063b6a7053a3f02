#!/usr/bin/env node
// CPU milliseconds per request on the large school: the quick measure that moves less with the
// machine's load than requests per second and latencies, which depend on what else runs on the same
// cores (it still moves some: a crowded machine costs every request more cache misses and switches).
// Starts the server on the large-school database (run `node bench/large-school.mjs` first), signs in
// the administrator, teacher1, student1 and parent1, and for each endpoint sends WARM (default 1,000)
// requests to warm up, then N (default 1,000) with CONCURRENCY (default 4) clients, and reads from
// /proc the CPU time (user + system, all threads) that the server's node process and the PostgreSQL
// backends serving it (matched by their client ports; the database must run on this machine) spent
// meanwhile, divided by N. A bare Fastify hello-world, measured the same way first, gives the floor:
// every figure is also printed as a multiple of hello-world's.
//
// Usage: node bench/cpu.mjs [name…]   (names: auth/me, admin, teacher, student, parent; default all)
//        N, WARM, CONCURRENCY, PORT; DATABASE_URL as for bench/large-school.mjs; PROF=dir writes a V8
//        CPU profile of the server into dir when it stops, for Chrome DevTools.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import postgres from 'postgres';
import { databaseUrl, login, startHelloWorld, startServer } from './lib/load.mjs';

const port = Number(process.env.PORT ?? 3398);
const N = Number(process.env.N ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const WARM = Number(process.env.WARM ?? 1000);
const DATE = '2024-02-14';
const only = process.argv.slice(2);
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU milliseconds (user + system) a process has used so far; 0 when it is gone or not here. @param {number} pid */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS; // utime, stime: fields 14, 15
  } catch {
    return 0;
  }
}

/** The local TCP ports of a process's sockets (its connections to PostgreSQL among them). @param {number} pid */
function localPorts(pid) {
  const inodes = new Set();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  /** @type {number[]} */
  const ports = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9])) ports.push(parseInt(cols[1].split(':')[1], 16));
    }
  }
  return ports;
}

const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });

/** The PostgreSQL backends whose client is process `pid`. @param {number} pid */
async function backendsOf(pid) {
  const ports = localPorts(pid);
  if (ports.length === 0) return [];
  const rows = await sql`select pid from pg_stat_activity where client_port in ${sql(ports)} and datname = current_database()`;
  return rows.map((r) => /** @type {number} */ (r.pid));
}

/**
 * Sends `N` GETs (after `WARM` to warm up) and answers the CPU milliseconds per request of process `pid`
 * and of its PostgreSQL backends, and the wall time per request.
 * @param {number} pid
 * @param {string} url
 * @param {string} cookie
 */
async function cpuPerRequest(pid, url, cookie) {
  const get = async () => {
    const res = await fetch(url, { headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
  };
  for (let i = 0; i < WARM; i++) await get();
  const before = await backendsOf(pid);
  const pgBefore = new Map(before.map((p) => [p, cpuMs(p)]));
  const nodeBefore = cpuMs(pid);
  const started = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent++ < N) await get();
    }),
  );
  const wall = performance.now() - started;
  const node = cpuMs(pid) - nodeBefore;
  // a backend opened during the run counts from 0
  const after = [...new Set([...before, ...(await backendsOf(pid))])];
  const pg = after.reduce((sum, p) => sum + Math.max(0, cpuMs(p) - (pgBefore.get(p) ?? 0)), 0); // one gone reads 0
  return { node: node / N, pg: pg / N, wall: wall / N };
}

const [row] = await sql`select s.id from students s join users u on u.id = s.user_id where u.email = 'student1@large.test'`;
if (!row) throw new Error('no large school here: run node bench/large-school.mjs first');
const server = await startServer(port, {}, undefined, process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : []);
const hello = await startHelloWorld();
try {
  /** @type {Record<string, string>} */
  const cookies = {};
  for (const who of ['admin', 'teacher1', 'student1', 'parent1']) cookies[who] = await login(server.base, `${who}@large.test`);
  /** @type {[name: string, pid: number, url: string, cookie: string][]} */
  const endpoints = [
    ['hello-world', hello.pid, `${hello.base}/`, ''],
    ['auth/me', server.pid, `${server.base}/api/auth/me`, cookies.admin],
    ['admin', server.pid, `${server.base}/api/dashboard/admin?date=${DATE}`, cookies.admin],
    ['teacher', server.pid, `${server.base}/api/dashboard/teacher?date=${DATE}`, cookies.teacher1],
    ['student', server.pid, `${server.base}/api/dashboard/students/${row.id}?date=${DATE}`, cookies.student1],
    ['parent', server.pid, `${server.base}/api/dashboard/parent?date=${DATE}`, cookies.parent1],
  ];
  console.log(`CPU per request: ${N} requests each, ${CONCURRENCY} clients, after ${WARM} to warm up`);
  let floor = NaN;
  for (const [name, pid, url, cookie] of endpoints) {
    if (only.length && !only.includes(name) && name !== 'hello-world') continue;
    const { node, pg, wall } = await cpuPerRequest(pid, url, cookie);
    if (name === 'hello-world') floor = node;
    const times = Number.isNaN(floor) ? '' : `  (${((node + pg) / floor).toFixed(0)}× hello-world's)`;
    console.log(
      `${name.padEnd(12)} node ${node.toFixed(2)} ms  postgres ${pg.toFixed(2)} ms  = ${(node + pg).toFixed(2)} ms${times}   wall ${wall.toFixed(1)} ms`,
    );
  }
} finally {
  hello.stop();
  await server.stop();
  await sql.end();
}
