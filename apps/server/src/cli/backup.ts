/**
 * Backup and restore of the whole database.
 *   npm run backup               → backups/school-<timestamp>.(tar.gz | dump)
 *   npm run backup -- FILE       → that file
 *   npm run restore -- FILE      → replaces the database with the backup (the server must be stopped)
 * Embedded PGlite: a gzipped copy of its data folder (PGlite's dumpDataDir). PostgreSQL (DATABASE_URL):
 * pg_dump's custom format, restored with pg_restore --clean.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig, REPO_ROOT } from '../config';

const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

async function backup() {
  const ext = config.databaseUrl ? 'dump' : 'tar.gz';
  const file = path.resolve(process.env.INIT_CWD ?? REPO_ROOT, fileArg ?? path.join(REPO_ROOT, 'backups', `school-${stamp()}.${ext}`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (config.databaseUrl) {
    const res = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, config.databaseUrl], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error('pg_dump failed');
  } else {
    if (!fs.existsSync(config.dataDir)) throw new Error(`no embedded database at ${config.dataDir}`);
    const pg = new PGlite(config.dataDir);
    await pg.waitReady;
    const dump = await pg.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await pg.close();
  }
  console.log(`backup written to ${file} (${fs.statSync(file).size} bytes)`);
}

async function restore() {
  if (!fileArg) throw new Error('usage: npm run restore -- FILE');
  const file = path.resolve(process.env.INIT_CWD ?? REPO_ROOT, fileArg);
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  if (config.databaseUrl) {
    const res = spawnSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, file], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error('pg_restore failed');
  } else {
    // keep the current data beside the restored one until the restore has opened cleanly
    const previous = `${config.dataDir}.before-restore-${stamp()}`;
    if (fs.existsSync(config.dataDir)) fs.renameSync(config.dataDir, previous);
    try {
      const blob = new Blob([fs.readFileSync(file)]);
      const pg = new PGlite(config.dataDir, { loadDataDir: blob });
      await pg.waitReady;
      await pg.query('select 1');
      await pg.close();
    } catch (err) {
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      if (fs.existsSync(previous)) fs.renameSync(previous, config.dataDir);
      throw err;
    }
    console.log(`the previous data folder is kept at ${previous}`);
  }
  console.log(`restored ${file}`);
}

const run = command === 'backup' ? backup : command === 'restore' ? restore : null;
if (!run) {
  console.error('usage: backup.ts backup [FILE] | restore FILE');
  process.exit(2);
}
run().then(
  () => process.exit(0),
  (err) => {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(1);
  },
);
