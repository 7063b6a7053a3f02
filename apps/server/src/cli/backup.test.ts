import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../db/client';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cli(args: string[], dataDir: string) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

async function countStudents(dataDir: string) {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    return Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from students`))[0].n);
  } finally {
    await database.close();
  }
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  it('restores into a new data folder exactly what was backed up', { timeout: 120_000 }, async () => {
    const original = path.join(dir, 'original');
    cli(['apps/server/src/db/seed-cli.ts'], original);
    const file = path.join(dir, 'school.tar.gz');
    expect(cli(['apps/server/src/cli/backup.ts', 'backup', file], original)).toContain('backup written to');
    const restored = path.join(dir, 'restored');
    cli(['apps/server/src/cli/backup.ts', 'restore', file], restored);
    const before = await countStudents(original);
    expect(before).toBeGreaterThan(250);
    expect(await countStudents(restored)).toBe(before);
  });
});
