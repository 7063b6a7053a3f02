#!/usr/bin/env node
// `npm test`: every suite, in an order that suits a 2-core machine, then one closing line
// `N passed, N failed` summed from vitest's JSON reports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countReport } from './lib/vitest-report.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'school-tests-'));
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`

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
  const report = /** @type {import('./lib/vitest-report.mjs').VitestReport} */ (JSON.parse(fs.readFileSync(out, 'utf8')));
  const counts = countReport(report);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  for (const line of counts.broken) console.log(`${name}: ${line}`);
  // a run that failed with nothing counted as failed (a crash outside any file) still fails
  if (!ok && counts.failed === 0) broken = true;
}

vitest('scripts', 'scripts');
vitest('shared', 'packages/shared');
// on the embedded PostgreSQL that npm start runs (ADR 0025), or on TEST_DATABASE_URL's server when set
vitest('server', 'apps/server');
vitest('web', 'apps/web');
if (!only.length || only.some((o) => 'e2e'.startsWith(o))) {
  if (run('build', 'npm', ['run', 'build', '--workspace', 'apps/web']) === false) broken = true;
  else vitest('e2e', 'e2e');
}

fs.rmSync(reports, { recursive: true, force: true });
if (broken) totals.failed += 1; // a suite that could not run counts as a failure
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
