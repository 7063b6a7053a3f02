import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../db/client';
import * as schema from '../db/schema';
import { createOrganisation } from '../test/test-app';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type CliEnv = { DATA_DIR: string; UPLOADS_DIR?: string; DATABASE_URL?: string };

function spawnCli(args: string[], env: CliEnv) {
  return spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', UPLOADS_DIR: undefined, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
  });
}

function cli(args: string[], env: CliEnv) {
  const res = spawnCli(args, env);
  if (res.status !== 0) throw new Error(`${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

async function withDatabase<T>(opts: { databaseUrl: string | null; dataDir?: string }, fn: (database: Database) => Promise<T>) {
  const database = await openDatabase(opts);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

const countStudents = (dataDir: string) =>
  withDatabase({ databaseUrl: null, dataDir }, async ({ db }) =>
    Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from students`))[0].n),
  );

const organisationName = (database: Database, id: string) =>
  database.db
    .select({ name: schema.organisations.name })
    .from(schema.organisations)
    .where(eq(schema.organisations.id, id))
    .then((rows) => rows[0]?.name);

const renameOrganisation = (database: Database, id: string, name: string) =>
  database.db.update(schema.organisations).set({ name }).where(eq(schema.organisations.id, id));

/** Runs one statement on an embedded data folder (closed again for the CLI). */
async function queryEmbedded(dataDir: string, statement: string) {
  const pg = new PGlite(dataDir);
  try {
    return (await pg.query(statement)).rows;
  } finally {
    await pg.close();
  }
}

/** The files of a folder and their bytes. */
function filesIn(folder: string) {
  return Object.fromEntries(fs.readdirSync(folder).map((name) => [name, fs.readFileSync(path.join(folder, name)).toString('base64')]));
}

/** Stands for what happened after the backup: the uploaded file deleted, another one added. */
function replaceUploads(folder: string, deleted: string) {
  fs.rmSync(path.join(folder, deleted));
  fs.writeFileSync(path.join(folder, 'later.txt'), 'written after the backup');
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  it('restores into a new data folder the database and the uploads folder that were backed up', { timeout: 120_000 }, async () => {
    const original = { DATA_DIR: path.join(dir, 'original'), UPLOADS_DIR: path.join(dir, 'original-files') };
    cli(['apps/server/src/db/seed-cli.ts'], original);
    fs.mkdirSync(original.UPLOADS_DIR, { recursive: true });
    const photo = randomBytes(4096);
    fs.writeFileSync(path.join(original.UPLOADS_DIR, 'photo.png'), photo);
    const file = path.join(dir, 'school.tar.gz');
    expect(cli(['apps/server/src/cli/backup.ts', 'backup', file], original)).toContain('backup written to');

    const restored = { DATA_DIR: path.join(dir, 'restored'), UPLOADS_DIR: path.join(dir, 'restored-files') };
    fs.mkdirSync(restored.UPLOADS_DIR);
    fs.writeFileSync(path.join(restored.UPLOADS_DIR, 'other.txt'), 'was here before the restore');
    expect(cli(['apps/server/src/cli/backup.ts', 'restore', file], restored)).toContain('the previous uploads folder is kept at');
    const before = await countStudents(original.DATA_DIR);
    expect(before).toBeGreaterThan(250);
    expect(await countStudents(restored.DATA_DIR)).toBe(before);
    expect(filesIn(restored.UPLOADS_DIR)).toEqual({ 'photo.png': photo.toString('base64') });
    const kept = fs.readdirSync(dir).find((name) => name.startsWith('restored-files.before-restore-'));
    expect(filesIn(path.join(dir, kept!))).toEqual({ 'other.txt': Buffer.from('was here before the restore').toString('base64') });
  });

  it('restores in place the uploads kept inside the data folder, and still restores an older backup', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: path.join(dir, 'in-place') };
    const uploadsDir = path.join(env.DATA_DIR, 'uploads');
    const pg = new PGlite(env.DATA_DIR);
    await pg.exec(`create table notes (body text); insert into notes values ('backed up')`);
    // the format before uploads were bundled: PGlite's gzipped data folder (uploads inside it)
    fs.mkdirSync(uploadsDir);
    const note = randomBytes(3000);
    fs.writeFileSync(path.join(uploadsDir, 'note.pdf'), note);
    const legacy = path.join(dir, 'legacy.tar.gz');
    fs.writeFileSync(legacy, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
    await pg.close();
    const file = path.join(dir, 'in-place.tar.gz');
    cli(['apps/server/src/cli/backup.ts', 'backup', file], env);

    for (const backup of [file, legacy]) {
      await queryEmbedded(env.DATA_DIR, `update notes set body = 'changed'`);
      replaceUploads(uploadsDir, 'note.pdf');
      cli(['apps/server/src/cli/backup.ts', 'restore', backup], env);
      expect(await queryEmbedded(env.DATA_DIR, 'select body from notes')).toEqual([{ body: 'backed up' }]);
      expect(filesIn(uploadsDir)).toEqual({ 'note.pdf': note.toString('base64') });
      expect(fs.readdirSync(env.DATA_DIR).filter((name) => name.startsWith('uploads'))).toEqual(['uploads']);
    }
  });
});

/** A new, migrated database on the TEST_DATABASE_URL server (as freshDatabase makes), dropped when the test ends. */
async function createPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `backup_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`).finally(() => admin.end());
  onTestFinished(async () => {
    const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await withDatabase({ databaseUrl: url.toString() }, (database) => database.migrate());
  return url.toString();
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of a PostgreSQL database', () => {
  it('restores the rows and the uploaded files that were backed up, and still restores a bare pg_dump', { timeout: 60_000 }, async () => {
    const databaseUrl = await createPostgresDatabase();
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'pg-data'), UPLOADS_DIR: path.join(dir, 'pg-files') };
    const photo = randomBytes(5000);
    const storageKey = 'backed-up.png';
    const organisationId = await withDatabase({ databaseUrl }, async ({ db }) => {
      const organisation = await createOrganisation(db, { name: 'Backed up' });
      await db.insert(schema.uploads).values({
        organisationId: organisation.id,
        purpose: 'staff-photo',
        originalName: 'me.png',
        mimeType: 'image/png',
        sizeBytes: photo.length,
        storageKey,
      });
      return organisation.id;
    });
    fs.mkdirSync(env.UPLOADS_DIR);
    fs.writeFileSync(path.join(env.UPLOADS_DIR, storageKey), photo);
    const file = path.join(dir, 'pg.tar.gz');
    cli(['apps/server/src/cli/backup.ts', 'backup', file], env);
    expect(filesIn(env.UPLOADS_DIR)).toEqual({ [storageKey]: photo.toString('base64') });

    const uploadKeys = ({ db }: Database) =>
      db.select({ key: schema.uploads.storageKey }).from(schema.uploads).where(eq(schema.uploads.organisationId, organisationId));
    await withDatabase({ databaseUrl }, async (database) => {
      await database.db.delete(schema.uploads).where(eq(schema.uploads.organisationId, organisationId));
      await renameOrganisation(database, organisationId, 'Changed');
    });
    replaceUploads(env.UPLOADS_DIR, storageKey);
    expect(spawnCli(['apps/server/src/cli/backup.ts', 'restore', file], { DATA_DIR: env.DATA_DIR }).stderr).toContain(
      'this backup holds a PostgreSQL database',
    );
    expect(cli(['apps/server/src/cli/backup.ts', 'restore', file], env)).toContain('the previous uploads folder is kept at');
    await withDatabase({ databaseUrl }, async (database) => {
      expect(await organisationName(database, organisationId)).toBe('Backed up');
      expect(await uploadKeys(database)).toEqual([{ key: storageKey }]);
    });
    expect(filesIn(env.UPLOADS_DIR)).toEqual({ [storageKey]: photo.toString('base64') });
    const kept = fs.readdirSync(dir).find((name) => name.startsWith('pg-files.before-restore-'));
    expect(Object.keys(filesIn(path.join(dir, kept!)))).toEqual(['later.txt']);

    // the format before uploads were bundled: pg_dump's custom format alone; the uploads folder stays as it is
    const legacy = path.join(dir, 'legacy.dump');
    expect(spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${legacy}`, databaseUrl]).status).toBe(0);
    await withDatabase({ databaseUrl }, (database) => renameOrganisation(database, organisationId, 'Changed'));
    expect(cli(['apps/server/src/cli/backup.ts', 'restore', legacy], env)).toContain('an older backup without the uploads');
    expect(await withDatabase({ databaseUrl }, (database) => organisationName(database, organisationId))).toBe('Backed up');
    expect(filesIn(env.UPLOADS_DIR)).toEqual({ [storageKey]: photo.toString('base64') });
  });
});
