#!/usr/bin/env node
// The embedded default (`npm start`, no DATABASE_URL) under load, as a ratio to a bare Fastify
// hello-world measured in the same run (ADR 0025). Starts the server on a new data folder (the demo
// school seeded on first start), signs in the demo administrator, teacher, student and parent, and
// drives each dashboard with autocannon, CLIENTS connections (default 50; the figures in README were
// taken with 20) for DURATION seconds (bench/lib/load.mjs: each endpoint's req/s
// as a ratio to a hello-world's, run just before and after it). Then reads the memory (PSS) of the server and of its database
// processes, each kind apart: 3 s after the runs, and settled, 40 s after them (the pool's idle
// connections closed after 30 s, the server gave its heap back: ADR 0025, addendum of 2026-11-27).
// The server runs as `npm start` runs it: scripts/start.mjs (the built bundle, in that one process).
//
// Usage: node bench/embedded.mjs            (CLIENTS, DURATION; ROOT=/other/checkout measures that
//        checkout's server the same way, e.g. one from before ADR 0025 that ran on PGlite; a checkout
//        from before the bundle (2026-11-27) runs apps/server/src/main.ts through tsx, as its bench did)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchmark, clients, login, startServer } from './lib/load.mjs';

const root = process.env.ROOT ? path.resolve(process.env.ROOT) : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT ?? 3393);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-embedded-'));
fs.chmodSync(dataDir, 0o755);

/**
 * The server as `npm start` runs it (scripts/start.mjs, the web app's build skipped: the bench asks only
 * the API), on a new data folder; a checkout without scripts/build-server.mjs as its own bench ran it.
 * @returns {Promise<{ base: string; pid: number; stop: () => Promise<unknown> }>}
 */
async function startDefault() {
  const env = { DATABASE_URL: '', DATA_DIR: path.join(dataDir, 'data') };
  if (!fs.existsSync(path.join(root, 'scripts/build-server.mjs'))) return startServer(port, env, root);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      SKIP_WEB_BUILD: '1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT: '100000',
      NODE_ENV: 'production',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    if (Date.now() - started > 180_000) throw new Error('the server did not answer within 180 s');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
  }
  const stop = () => {
    child.kill('SIGTERM');
    return new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  };
  return { base, pid: /** @type {number} */ (child.pid), stop };
}

/**
 * Proportional resident memory (MiB: shared pages divided among their processes) of a process and its
 * descendants, by kind: node (the server; with an older checkout's scripts/start.mjs, it and the server),
 * PostgreSQL's own processes (postmaster, checkpointer, writers, launchers) and its connections.
 * @param {number} pid
 */
function memory(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const sums = { node: 0, postgres: 0, connections: 0 };
  let connections = 0;
  const walk = (/** @type {number} */ p) => {
    try {
      const mib = Number(/Pss:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
      const command = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
      // a connection's title names its user, database and client: [local] or host(port)
      const connection = /^postgres: .*(\[local\]|\(\d+\))/.test(command);
      sums[!command.split('\0')[0].endsWith('postgres') && !command.startsWith('postgres:') ? 'node' : connection ? 'connections' : 'postgres'] += mib;
      if (connection) connections++;
    } catch {
      /* gone */
    }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  const total = sums.node + sums.postgres + sums.connections;
  const f = (/** @type {number} */ v) => v.toFixed(0);
  return `${f(total)} MiB: node ${f(sums.node)}, postgres ${f(sums.postgres)} + ${connections} connections ${f(sums.connections)}`;
}

console.log(`${clients} connections; server from ${root}`);
const server = await startDefault();
try {
  /** @type {Record<string, string>} */
  const cookies = {};
  for (const role of ['admin', 'teacher', 'student', 'parent']) cookies[role] = await login(server.base, `${role}@demo.test`);
  const children = /** @type {{ items: { studentId: string }[] }} */ (
    await (await fetch(`${server.base}/api/parent/children`, { headers: { cookie: cookies.parent } })).json()
  );
  const child = children.items?.[0]?.studentId;
  /** @type {[string, string, string][]} */
  const rows = [
    ['admin', '/api/dashboard/admin', cookies.admin],
    ['teacher', '/api/dashboard/teacher', cookies.teacher],
    ['parent', '/api/dashboard/parent', cookies.parent],
  ];
  if (child) rows.push(['student', `/api/dashboard/students/${child}`, cookies.parent]);
  const bench = await benchmark({ cwd: root });
  for (const [name, url, cookie] of rows) await bench.run(server.base, name, url, cookie);
  await bench.finish();
  await new Promise((r) => setTimeout(r, 3000));
  console.log(`memory (PSS), 3 s after the runs: ${memory(server.pid)}`);
  await new Promise((r) => setTimeout(r, 37_000));
  console.log(`memory (PSS), settled (40 s after the runs): ${memory(server.pid)}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
