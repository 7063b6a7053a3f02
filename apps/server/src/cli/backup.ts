/**
 * Backup and restore of the whole database and the uploaded files.
 *   npm run backup               → backups/school-<timestamp>.tar.gz
 *   npm run backup -- FILE       → that file
 *   npm run restore -- FILE      → replaces the database and the uploads folder with the backup (the server must be stopped)
 * A backup is a .tar.gz holding backup.json (format and engine), the database and uploads/ (the files under
 * config.uploadsDir). The database: with DATABASE_URL, database.dump (pg_dump's custom format, restored with
 * pg_restore --clean); embedded (ADR 0025), postgres.tar (the stopped cluster's folder) and secrets.key (the key
 * of the stored payment secrets, ADR 0015), restored in place of the cluster.
 * Older backups still restore: a bare pg_dump file; an embedded PGlite's (pglite.tar in a bundle, or a gzipped
 * PGlite data folder) is restored by moving its records into a new embedded PostgreSQL, as an upgrade does.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { runningServer } from '../db/embedded';
import { importFromPglite } from '../db/import-pglite';
import { loadConfig, REPO_ROOT } from '../config';

type Engine = 'postgres' | 'embedded' | 'pglite';

const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();
const engine: Engine = config.databaseUrl ? 'postgres' : 'embedded';
const MANIFEST = 'backup.json';
const UPLOADS = 'uploads';
const SECRETS_KEY = 'secrets.key';
const DATABASE_FILE: Record<Engine, string> = { postgres: 'database.dump', embedded: 'postgres.tar', pglite: 'pglite.tar' };
const ENGINE_NAME: Record<Engine, string> = {
  postgres: 'a PostgreSQL database (set DATABASE_URL)',
  embedded: 'the embedded database (unset DATABASE_URL)',
  pglite: 'the embedded database (unset DATABASE_URL)',
};
const clusterDir = path.join(config.dataDir, 'postgres');

function assertStopped() {
  if (runningServer(clusterDir)) throw new Error('the embedded database is in use: stop SchoolSuite first; nothing was changed');
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/** Runs a program to the end; its complaint becomes the CLI's error. */
function run(program: string, args: string[]) {
  const res = spawnSync(program, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${program} failed: ${res.error?.message ?? res.stderr.trim()}`);
}

/** A tar header field: text up to its first NUL. */
function field(bytes: Uint8Array) {
  return Buffer.from(bytes).toString('utf8').replace(/\0.*$/s, '');
}

async function dumpDatabase(staging: string): Promise<string[]> {
  if (config.databaseUrl) {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${path.join(staging, DATABASE_FILE.postgres)}`, config.databaseUrl]);
    return [DATABASE_FILE.postgres];
  }
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`no embedded database at ${clusterDir}`);
  assertStopped();
  run('tar', ['-cf', path.join(staging, DATABASE_FILE.embedded), '--exclude=./postmaster.pid', '--exclude=./run', '-C', clusterDir, '.']);
  const key = path.join(config.dataDir, SECRETS_KEY);
  if (!fs.existsSync(key)) return [DATABASE_FILE.embedded];
  fs.copyFileSync(key, path.join(staging, SECRETS_KEY));
  return [DATABASE_FILE.embedded, SECRETS_KEY];
}

async function backup() {
  const file = path.resolve(process.env.INIT_CWD ?? REPO_ROOT, fileArg ?? path.join(REPO_ROOT, 'backups', `school-${stamp()}.tar.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.backup-'));
  try {
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify({ format: 2, engine, createdAt: new Date().toISOString() }));
    const files = await dumpDatabase(staging);
    // a link to the uploads folder, archived as uploads/ (tar -h follows it); an empty folder when there are none
    if (fs.existsSync(config.uploadsDir)) fs.symlinkSync(config.uploadsDir, path.join(staging, UPLOADS), 'dir');
    else fs.mkdirSync(path.join(staging, UPLOADS));
    run('tar', ['-czhf', path.join(staging, 'backup.tar.gz'), '-C', staging, MANIFEST, ...files, UPLOADS]);
    fs.renameSync(path.join(staging, 'backup.tar.gz'), file);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  console.log(`backup written to ${file} (${fs.statSync(file).size} bytes)`);
}

/** Which kind of backup the file is: this CLI's archive (backup.json first), or an older bare pg_dump / gzipped PGlite data folder. */
function backupFormat(file: string): 'bundle' | Engine {
  const head = Buffer.alloc(64 * 1024);
  const fd = fs.openSync(file, 'r');
  const length = fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new Error(`${file} is not a SchoolSuite backup`);
  const tar = zlib.gunzipSync(head.subarray(0, length), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return field(tar.subarray(0, 100)) === MANIFEST ? 'bundle' : 'pglite';
}

function assertEngine(backupEngine: Engine) {
  if (backupEngine === 'pglite' && engine === 'embedded') return;
  if (backupEngine !== engine) throw new Error(`this backup holds ${ENGINE_NAME[backupEngine] ?? 'a database of an unknown kind'}; nothing was changed`);
}

/**
 * Replaces the embedded cluster (and the secrets key) with the backup's, keeping the current ones beside
 * them until the restored database has opened cleanly.
 */
async function restoreEmbedded(replace: (target: string) => Promise<void>, secretsKey: string | null) {
  assertStopped();
  const previous = `${clusterDir}.before-restore-${stamp()}`;
  const had = fs.existsSync(clusterDir);
  if (had) fs.renameSync(clusterDir, previous);
  try {
    await replace(clusterDir);
    const database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (err) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    if (had) fs.renameSync(previous, clusterDir);
    throw err;
  }
  if (had) console.log(`the previous database is kept at ${previous}`);
  if (secretsKey) {
    const key = path.join(config.dataDir, SECRETS_KEY);
    if (fs.existsSync(key)) fs.renameSync(key, `${key}.before-restore-${stamp()}`);
    fs.copyFileSync(secretsKey, key);
    fs.chmodSync(key, 0o600);
  }
}

/** The backup's cluster folder, given to the user PostgreSQL runs as. */
async function unpackCluster(archive: string, target: string) {
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  run('tar', ['-xf', archive, '-C', target]);
  if (process.getuid?.() === 0) run('chown', ['-R', 'postgres:postgres', target]);
}

/** An old embedded (PGlite) database: its records move into a new embedded PostgreSQL. */
async function importPglite(dump: Buffer, target: string) {
  const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
  await pglite.waitReady;
  const database = await openDatabase({ databaseUrl: null, dataDir: path.dirname(target) });
  try {
    await database.migrate();
    const report = await importFromPglite(pglite, database);
    console.log(`moved ${report.rows} records from the old embedded database`);
  } finally {
    await database.close();
    await pglite.close();
  }
}

async function restoreDatabase(file: string, format: Engine, secretsKey: string | null = null) {
  if (format === 'postgres') run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, file]);
  else if (format === 'embedded') await restoreEmbedded((target) => unpackCluster(file, target), secretsKey);
  else await restoreEmbedded((target) => importPglite(fs.readFileSync(file), target), secretsKey);
}

/** Puts the extracted uploads in place of the uploads folder, keeping the current one beside it. */
function swapUploads(extracted: string) {
  const previous = `${config.uploadsDir}.before-restore-${stamp()}`;
  const had = fs.existsSync(config.uploadsDir);
  if (had) fs.renameSync(config.uploadsDir, previous);
  try {
    fs.renameSync(extracted, config.uploadsDir);
  } catch (err) {
    if (had) fs.renameSync(previous, config.uploadsDir);
    throw err;
  }
  if (had) console.log(`the previous uploads folder is kept at ${previous}`);
}

/** Extracts the archive beside the uploads folder, so the swap is a rename on one file system. */
async function restoreBundle(file: string) {
  const staging = `${config.uploadsDir}.restoring-${stamp()}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    run('tar', ['-xzf', file, '-C', staging]);
    const backupEngine = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')).engine as Engine;
    assertEngine(backupEngine);
    if (!fs.existsSync(path.join(staging, UPLOADS))) throw new Error(`${file} holds no ${UPLOADS}/ folder; nothing was changed`);
    const key = path.join(staging, SECRETS_KEY);
    await restoreDatabase(path.join(staging, DATABASE_FILE[backupEngine]), backupEngine, fs.existsSync(key) ? key : null);
    swapUploads(path.join(staging, UPLOADS));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The uploads/ folder inside an old gzipped PGlite data folder, put in place of the uploads folder. */
function restoreOldUploads(file: string) {
  const staging = `${config.uploadsDir}.restoring-${stamp()}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    run('tar', ['-xzf', file, '-C', staging]);
    const uploads = fs.existsSync(path.join(staging, UPLOADS)) ? path.join(staging, UPLOADS) : null;
    if (uploads) swapUploads(uploads);
    else console.log(`this older backup holds no uploads: ${config.uploadsDir} was left as it is`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function restore() {
  if (!fileArg) throw new Error('usage: npm run restore -- FILE');
  const file = path.resolve(process.env.INIT_CWD ?? REPO_ROOT, fileArg);
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  const format = backupFormat(file);
  if (format === 'bundle') await restoreBundle(file);
  else {
    assertEngine(format);
    await restoreDatabase(file, format);
    // an old PGlite backup holds the uploads kept in its data folder; no other old backup holds any
    if (format === 'pglite') restoreOldUploads(file);
    else console.log(`an older backup without the uploads: ${config.uploadsDir} was left as it is`);
  }
  console.log(`restored ${file}`);
}

const main = command === 'backup' ? backup : command === 'restore' ? restore : null;
if (!main) {
  console.error('usage: backup.ts backup [FILE] | restore FILE');
  process.exit(2);
}
main().then(
  () => process.exit(0),
  (err) => {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(1);
  },
);
