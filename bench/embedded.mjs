#!/usr/bin/env node
// The embedded default (`npm start`, no DATABASE_URL) under load, as a ratio to a bare Fastify
// hello-world measured in the same run (ADR 0025). Starts the server on a new data folder (the demo
// school seeded on first start), signs in the demo administrator, teacher, student and parent, and
// drives each dashboard with CLIENTS (default 20) concurrent clients for DURATION seconds. Then reads
// the resident memory of the server and its database processes, idle.
//
// Usage: node bench/embedded.mjs            (CLIENTS, DURATION; ROOT=/other/checkout measures that
//        checkout's server the same way, e.g. one from before ADR 0025 that ran on PGlite)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clients, login, measure, startServer } from './lib/load.mjs';

const root = process.env.ROOT ? path.resolve(process.env.ROOT) : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT ?? 3393);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-embedded-'));
fs.chmodSync(dataDir, 0o755);

/** A bare Fastify answering {hello: 'world'}: what this machine gives any Node server right now. */
async function baseline() {
  const code = `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' })); app.listen({ port: ${port + 1}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
  const base = `http://127.0.0.1:${port + 1}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await measure(base, 'hello-world', '/', '', { width: 12 });
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Proportional resident memory (MiB: shared pages divided among their processes) of a process and its descendants.
 * @param {number} pid
 */
function treeRssMiB(pid) {
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
  let kib = 0;
  const walk = (/** @type {number} */ p) => {
    try {
      kib += Number(/Pss:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone */
    }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return kib / 1024;
}

console.log(`${clients} concurrent clients; server from ${root}`);
const hello = await baseline();
const server = await startServer(port, { DATABASE_URL: '', DATA_DIR: path.join(dataDir, 'data') }, root);
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
  const results = [];
  for (const [name, url, cookie] of rows) results.push(await measure(server.base, name, url, cookie));
  await new Promise((r) => setTimeout(r, 3000));
  console.log(`\np95 as a ratio to hello-world's p95 (${hello.p95.toFixed(1)} ms):`);
  for (const r of results) console.log(`  ${r.name.padEnd(8)} ${(r.p95 / hello.p95).toFixed(1)}×`);
  console.log(`memory (PSS), idle after the runs, server and its database processes: ${treeRssMiB(server.pid).toFixed(0)} MiB`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
