#!/usr/bin/env node
// `npm test`: every suite, in an order that suits a 2-core machine, then one closing line
// `N passed, N failed` summed from vitest's JSON reports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'school-tests-'));
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const requirePostgres = process.env.REQUIRE_POSTGRES === '1' || process.env.CI === 'true';

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

/**
 * Runs one step unless the command line left it out: true when it passed, undefined when skipped.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function run(name, command, args, env = {}) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  console.log(`\n── ${name} ──`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) console.log(`${name}: exited with ${result.status}`);
  return result.status === 0;
}

/**
 * Runs one vitest suite and adds its counts to the totals.
 * @param {string} name
 * @param {string} dir
 * @param {Record<string, string>} [env]
 */
function vitest(name, dir, env = {}) {
  const out = path.join(reports, `${name}.json`);
  const ok = run(name, 'npx', ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  if (ok === undefined) return;
  if (!fs.existsSync(out)) {
    console.log(`${name}: no report written`);
    broken = true;
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // a file that failed to load has no tests counted; the run's own verdict catches it
  if (!ok && report.numFailedTests === 0) broken = true;
}

/**
 * Whether a TCP connection to the database's host and port opens within 2 s.
 * @param {string} url
 * @returns {Promise<boolean>}
 */
function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

vitest('shared', 'packages/shared');
vitest('server-pglite', 'apps/server');
if (!only.length || only.some((o) => 'server-postgres'.startsWith(o))) {
  if (await reachable(pgUrl)) {
    vitest('server-postgres', 'apps/server', { TEST_DATABASE_URL: pgUrl });
  } else if (requirePostgres) {
    console.log(`server-postgres: PostgreSQL at ${pgUrl} cannot be reached`);
    broken = true;
  } else {
    console.log(`\n── server-postgres ── skipped: no PostgreSQL at ${pgUrl} (set TEST_DATABASE_URL)`);
  }
}
vitest('web', 'apps/web');
if (!only.length || only.some((o) => 'e2e'.startsWith(o))) {
  if (run('build', 'npm', ['run', 'build', '--workspace', 'apps/web']) === false) broken = true;
  else vitest('e2e', 'e2e');
}

fs.rmSync(reports, { recursive: true, force: true });
if (broken) totals.failed += 1; // a suite that could not run counts as a failure
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
