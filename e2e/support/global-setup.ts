import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { FAKE_TERMII_API_KEY } from './gateway-keys';

/**
 * Starts the real server (built web app + API) on a fresh embedded database, seeded with the demo
 * school exactly as `npm start` does (scripts/start.mjs: the server's bundle, built when stale), on a
 * free port of 127.0.0.1. Stops it and removes the data after.
 */
const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | null = null;
let paystack: ChildProcess | null = null;
let termii: ChildProcess | null = null;
let dataDir = '';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The local Paystack (apps/server/src/test/fake-paystack.ts) the server under test talks to. */
    paystackURL: string;
    /** The local Termii (apps/server/src/test/fake-termii.ts): SMS sent are read at GET /__sent. */
    termiiURL: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function setup(project: TestProject) {
  const webDist = process.env.WEB_DIST ? path.resolve(root, process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-e2e-'));
  fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres`, which must reach its folder
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // the local Paystack: its checkout's "Pay" posts the signed webhook to the server under test
  const paystackURL = `http://127.0.0.1:${await freePort()}`;
  paystack = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fake-paystack.ts', new URL(paystackURL).port], {
    cwd: root,
    env: { ...process.env, PAYSTACK_WEBHOOK_URL: `${baseURL}/api/payments/paystack/webhook` },
    stdio: 'ignore',
  });
  // the local Termii: the SMS gateway of the server under test (issue 20)
  const termiiURL = `http://127.0.0.1:${await freePort()}`;
  termii = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fake-termii.ts', new URL(termiiURL).port], {
    cwd: root,
    env: { ...process.env, FAKE_TERMII_API_KEY: FAKE_TERMII_API_KEY },
    stdio: 'ignore',
  });
  let output = '';
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1', // built and checked above (WEB_DIST may name another build)
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      DATABASE_URL: '',
      EXPOSE_OUTBOX: '1',
      LOGIN_IP_LIMIT: '1000',
      PAYSTACK_BASE_URL: paystackURL,
      TERMII_BASE_URL: termiiURL,
      MESSAGE_WORKER_INTERVAL_MS: '500',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('paystackURL', paystackURL);
  project.provide('termiiURL', termiiURL);
}

export async function teardown() {
  if (paystack && paystack.exitCode === null) paystack.kill('SIGTERM');
  if (termii && termii.exitCode === null) termii.kill('SIGTERM');
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
