import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { countReport } from './vitest-report.mjs';

const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');

it('counts the tests of a file whose hooks failed or timed out, or that could not load, as failed', () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-report-')), 'report.json');
  spawnSync('npx', ['vitest', 'run', '--root', fixtures, '--reporter=json', `--outputFile.json=${out}`], { stdio: 'ignore' });
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  // what vitest itself says: nothing failed but the one assertion
  expect(report.numFailedTests).toBe(1);

  const counts = countReport(report);
  // healthy: 1 passed, 1 failed, 1 skipped; hook-fails: 2 failed; hook-times-out: 1 failed; cannot-load: 1 failed
  expect(counts).toMatchObject({ passed: 1, failed: 5, skipped: 1 });
  expect(counts.broken.map((line) => path.basename(line.split(' ')[0])).sort()).toEqual([
    'cannot-load.case.mjs',
    'hook-fails.case.mjs',
    'hook-times-out.case.mjs',
  ]);
}, 60_000);
