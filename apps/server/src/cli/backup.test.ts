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
import { createOrganisation, createSchool } from '../test/test-app';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
// as root the embedded PostgreSQL runs as `postgres`, which must reach the data folders
fs.chmodSync(dir, 0o755);
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

/** The files of a folder and their bytes. */
function filesIn(folder: string) {
  return Object.fromEntries(fs.readdirSync(folder).map((name) => [name, fs.readFileSync(path.join(folder, name)).toString('base64')]));
}

/** Stands for what happened after the backup: the uploaded file deleted, another one added. */
function replaceUploads(folder: string, deleted: string) {
  fs.rmSync(path.join(folder, deleted));
  fs.writeFileSync(path.join(folder, 'later.txt'), 'written after the backup');
}

describe('backup and restore of the embedded database', () => {
  it('restores into a new data folder the database, the secrets key and the uploads that were backed up', { timeout: 180_000 }, async () => {
    const original = { DATA_DIR: path.join(dir, 'original'), UPLOADS_DIR: path.join(dir, 'original-files') };
    cli(['apps/server/src/db/seed-cli.ts'], original);
    fs.mkdirSync(original.UPLOADS_DIR, { recursive: true });
    const photo = randomBytes(4096);
    fs.writeFileSync(path.join(original.UPLOADS_DIR, 'photo.png'), photo);
    const key = randomBytes(32);
    fs.writeFileSync(path.join(original.DATA_DIR, 'secrets.key'), key.toString('hex'));
    const file = path.join(dir, 'school.tar.gz');

    // a backup of a database in use is refused, and writes nothing
    const open = await openDatabase({ databaseUrl: null, dataDir: original.DATA_DIR });
    const refused = spawnCli(['apps/server/src/cli/backup.ts', 'backup', file], original);
    await open.close();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the embedded database is in use: stop SchoolSuite first');
    expect(fs.existsSync(file)).toBe(false);

    expect(cli(['apps/server/src/cli/backup.ts', 'backup', file], original)).toContain('backup written to');
    const restored = { DATA_DIR: path.join(dir, 'restored'), UPLOADS_DIR: path.join(dir, 'restored-files') };
    fs.mkdirSync(restored.UPLOADS_DIR);
    fs.writeFileSync(path.join(restored.UPLOADS_DIR, 'other.txt'), 'was here before the restore');
    expect(cli(['apps/server/src/cli/backup.ts', 'restore', file], restored)).toContain('the previous uploads folder is kept at');
    const before = await countStudents(original.DATA_DIR);
    expect(before).toBeGreaterThan(250);
    expect(await countStudents(restored.DATA_DIR)).toBe(before);
    expect(fs.readFileSync(path.join(restored.DATA_DIR, 'secrets.key'), 'utf8')).toBe(key.toString('hex'));
    // the photo written here, and the demo seed's crests and passport photos
    const uploaded = filesIn(restored.UPLOADS_DIR);
    expect(uploaded).toEqual(filesIn(original.UPLOADS_DIR));
    expect(uploaded['photo.png']).toBe(photo.toString('base64'));
    expect(Object.keys(uploaded).length).toBeGreaterThan(10);
    const kept = fs.readdirSync(dir).find((name) => name.startsWith('restored-files.before-restore-'));
    expect(filesIn(path.join(dir, kept!))).toEqual({ 'other.txt': Buffer.from('was here before the restore').toString('base64') });
  });

  it('moves an old embedded (PGlite) data folder and an old PGlite backup into the embedded PostgreSQL', { timeout: 180_000 }, async () => {
    // the layout before ADR 0025: PGlite's files directly in the data folder, uploads inside it
    const env = { DATA_DIR: path.join(dir, 'upgraded') };
    const pg = new PGlite(env.DATA_DIR);
    const old = await openDatabase({ databaseUrl: null, pglite: pg });
    await old.migrate();
    const organisation = await createOrganisation(old.db, { name: 'Backed up' });
    const uploadsDir = path.join(env.DATA_DIR, 'uploads');
    fs.mkdirSync(uploadsDir);
    const note = randomBytes(3000);
    fs.writeFileSync(path.join(uploadsDir, 'note.pdf'), note);
    const legacy = path.join(dir, 'legacy.tar.gz');
    fs.writeFileSync(legacy, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
    await old.close();

    // the first opening (here the operator's command; npm start does the same) moves the records across
    expect(cli(['apps/server/src/cli/operator.ts', 'list'], env)).toMatch(/Moved \d+ records in \d+ tables[\s\S]*Backed up/);
    const name = () => withDatabase({ databaseUrl: null, dataDir: env.DATA_DIR }, (database) => organisationName(database, organisation.id));
    expect(await name()).toBe('Backed up');
    expect(cli(['apps/server/src/cli/operator.ts', 'list'], env)).not.toContain('Moved');

    // an old backup (PGlite's gzipped data folder) restores into the embedded PostgreSQL, uploads too
    await withDatabase({ databaseUrl: null, dataDir: env.DATA_DIR }, (database) => renameOrganisation(database, organisation.id, 'Changed'));
    replaceUploads(uploadsDir, 'note.pdf');
    expect(cli(['apps/server/src/cli/backup.ts', 'restore', legacy], env)).toContain('moved');
    expect(await name()).toBe('Backed up');
    expect(filesIn(uploadsDir)).toEqual({ 'note.pdf': note.toString('base64') });
  });
});

/**
 * DATABASE_URL's backups go through the machine's pg_dump and pg_restore, which must match the server's
 * version: the test runs on TEST_DATABASE_URL, or the PostgreSQL at 127.0.0.1:5432, when one answers with them.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgToolsWork = await canDump(serverUrl);

async function canDump(url: string) {
  if (spawnSync('pg_dump', ['--version']).status !== 0) return false;
  const probe = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  try {
    await probe`select 1`;
    return spawnSync('pg_dump', ['--schema-only', url], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  } finally {
    await probe.end();
  }
}

/** A new, migrated database on that server (as freshDatabase makes), dropped when the test ends. */
async function createPostgresDatabase() {
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

describe.runIf(pgToolsWork)('backup and restore of a PostgreSQL database', () => {
  it('restores the rows and the uploaded files that were backed up, and still restores a bare pg_dump', { timeout: 60_000 }, async () => {
    const databaseUrl = await createPostgresDatabase();
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'pg-data'), UPLOADS_DIR: path.join(dir, 'pg-files') };
    const photo = randomBytes(5000);
    const storageKey = 'backed-up.png';
    const organisationId = await withDatabase({ databaseUrl }, async ({ db }) => {
      const organisation = await createOrganisation(db, { name: 'Backed up' });
      const { school } = await createSchool(db, organisation.id);
      await db.insert(schema.uploads).values({
        organisationId: organisation.id,
        schoolId: school.id,
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
