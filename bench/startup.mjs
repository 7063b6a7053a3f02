#!/usr/bin/env node
// Budget (DESIGN.md §8): `npm start` on an existing build answers its first request within 3 s.
// Starts the server the way `npm start` does (scripts/start.mjs: web already built, its check skipped
// so that web edits made meanwhile do not start a build; the server's bundle built by the first start;
// database already migrated and seeded by the first start), five times, and reports the time from spawn
// to the first 200 of /auth/login.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const runs = Number(process.env.RUNS ?? 5);
const port = 3390;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres`, which must reach its folder
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('build the web app first: npm run build');
  process.exit(2);
}

/** Starts the server once; answers the milliseconds from spawn to the first 200 of /auth/login. */
async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, SKIP_WEB_BUILD: '1', PORT: String(port), DATA_DIR: path.join(dataDir, 'db'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  let firstMs = null;
  while (performance.now() - started < 60_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/auth/login`);
      if (res.ok) {
        firstMs = performance.now() - started;
        break;
      }
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  if (firstMs === null) throw new Error('the server did not answer within 60 s');
  return firstMs;
}

const first = await startOnce(); // migrates and seeds (and builds the server's bundle when stale): not the budgeted case
console.log(`first start (migrate + seed): ${Math.round(first)} ms`);
const times = [];
for (let i = 0; i < runs; i++) times.push(await startOnce());
fs.rmSync(dataDir, { recursive: true, force: true });
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const slowest = times[times.length - 1];
console.log(`restart to first answer: median ${Math.round(median)} ms, max ${Math.round(slowest)} ms over ${runs} runs (budget 3000 ms)`);
process.exit(slowest <= 3000 ? 0 : 1);
