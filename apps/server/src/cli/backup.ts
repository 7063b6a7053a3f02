/**
 * Backup and restore of the whole database and the uploaded files.
 *   npm run backup               → backups/school-<timestamp>.tar.gz
 *   npm run backup -- FILE       → that file
 *   npm run restore -- FILE      → replaces the database and the uploads folder with the backup (the server must be stopped)
 * A backup is a .tar.gz holding backup.json (format and engine), the database (database.dump: pg_dump's
 * custom format with DATABASE_URL, restored with pg_restore --clean; pglite.tar: the embedded PGlite's
 * dumpDataDir, without the uploads kept in its data folder) and uploads/ (the files under config.uploadsDir).
 * Older backups still restore: a bare pg_dump file, or a gzipped PGlite data folder (uploads only if they were in it).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig, REPO_ROOT } from '../config';

type Engine = 'postgres' | 'pglite';

const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();
const engine: Engine = config.databaseUrl ? 'postgres' : 'pglite';
const MANIFEST = 'backup.json';
const UPLOADS = 'uploads';
const DATABASE_FILE: Record<Engine, string> = { postgres: 'database.dump', pglite: 'pglite.tar' };
const ENGINE_NAME: Record<Engine, string> = { postgres: 'a PostgreSQL database (set DATABASE_URL)', pglite: 'the embedded database (unset DATABASE_URL)' };

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/** Runs a program to the end; its complaint becomes the CLI's error. */
function run(program: string, args: string[]) {
  const res = spawnSync(program, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${program} failed: ${res.error?.message ?? res.stderr.trim()}`);
}

/** The uploads folder's path inside the embedded data folder ('/uploads' by default), or null when it lives elsewhere. */
function uploadsInsideData(): string | null {
  if (config.databaseUrl) return null;
  const relative = path.relative(config.dataDir, config.uploadsDir);
  if (!relative || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return null;
  return `/${relative.split(path.sep).join('/')}`;
}

/** A tar header field: text up to its first NUL. */
function field(bytes: Uint8Array) {
  return Buffer.from(bytes).toString('utf8').replace(/\0.*$/s, '');
}

/** PGlite's (ustar) dump without the entries at or under `prefix`, so uploads are not stored twice. */
function withoutEntries(tar: Uint8Array, prefix: string): Buffer {
  const kept: Uint8Array[] = [];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    const name = field(tar.subarray(at, at + 100));
    const end = at + 512 + Math.ceil((parseInt(field(tar.subarray(at + 124, at + 136)).trim(), 8) || 0) / 512) * 512;
    if (name !== prefix && !name.startsWith(`${prefix}/`)) kept.push(tar.subarray(at, end));
    at = end;
  }
  return Buffer.concat([...kept, new Uint8Array(1024)]);
}

async function dumpDatabase(target: string) {
  if (config.databaseUrl) return run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, config.databaseUrl]);
  if (!fs.existsSync(config.dataDir)) throw new Error(`no embedded database at ${config.dataDir}`);
  const pg = new PGlite(config.dataDir);
  try {
    await pg.waitReady;
    const tar = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    const uploads = uploadsInsideData();
    fs.writeFileSync(target, uploads ? withoutEntries(tar, uploads) : tar);
  } finally {
    await pg.close();
  }
}

async function backup() {
  const file = path.resolve(process.env.INIT_CWD ?? REPO_ROOT, fileArg ?? path.join(REPO_ROOT, 'backups', `school-${stamp()}.tar.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.backup-'));
  try {
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify({ format: 1, engine, createdAt: new Date().toISOString() }));
    await dumpDatabase(path.join(staging, DATABASE_FILE[engine]));
    // a link to the uploads folder, archived as uploads/ (tar -h follows it); an empty folder when there are none
    if (fs.existsSync(config.uploadsDir)) fs.symlinkSync(config.uploadsDir, path.join(staging, UPLOADS), 'dir');
    else fs.mkdirSync(path.join(staging, UPLOADS));
    run('tar', ['-czhf', path.join(staging, 'backup.tar.gz'), '-C', staging, MANIFEST, DATABASE_FILE[engine], UPLOADS]);
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
  if (backupEngine !== engine) throw new Error(`this backup holds ${ENGINE_NAME[backupEngine] ?? 'a database of an unknown kind'}; nothing was changed`);
}

/** Replaces the embedded data folder, keeping the current one beside it until the restored one has opened cleanly. */
async function restorePglite(dump: Buffer) {
  const previous = `${config.dataDir}.before-restore-${stamp()}`;
  const had = fs.existsSync(config.dataDir);
  if (had) fs.renameSync(config.dataDir, previous);
  try {
    const pg = new PGlite(config.dataDir, { loadDataDir: new Blob([dump]) });
    await pg.waitReady;
    await pg.query('select 1');
    await pg.close();
  } catch (err) {
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    if (had) fs.renameSync(previous, config.dataDir);
    throw err;
  }
  if (had) console.log(`the previous data folder is kept at ${previous}`);
}

async function restoreDatabase(file: string) {
  if (config.databaseUrl) run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, file]);
  else await restorePglite(fs.readFileSync(file));
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

/**
 * Extracts the archive beside the uploads folder (so the swap is a rename on one file system), or beside
 * the embedded data folder when the uploads live inside it (the database restore moves that folder away).
 */
async function restoreBundle(file: string) {
  const staging = `${uploadsInsideData() ? config.dataDir : config.uploadsDir}.restoring-${stamp()}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    run('tar', ['-xzf', file, '-C', staging]);
    assertEngine(JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')).engine);
    if (!fs.existsSync(path.join(staging, UPLOADS))) throw new Error(`${file} holds no ${UPLOADS}/ folder; nothing was changed`);
    await restoreDatabase(path.join(staging, DATABASE_FILE[engine]));
    swapUploads(path.join(staging, UPLOADS));
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
    await restoreDatabase(file);
    // an old PGlite backup holds the uploads kept in its data folder; no other old backup holds any
    if (!uploadsInsideData()) console.log(`an older backup without the uploads: ${config.uploadsDir} was left as it is`);
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
