// The load runner shared by the large-school benchmarks (attendance, dashboards, reports): starts the
// server on the benchmark database, signs users in, and drives one endpoint at a time with CLIENTS
// concurrent clients for DURATION seconds after a 2 s warm-up, printing p50, p95, p99 and req/s.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
export const clients = Number(process.env.CLIENTS ?? 50);
export const seconds = Number(process.env.DURATION ?? 10);
export const BUDGET_MS = Number(process.env.BUDGET_MS ?? 50);

/** @param {number[]} sorted ascending @param {number} p 0 … 100 */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Starts the API (no web app) on the benchmark database; `stop()` ends it. `env` overrides the
 * settings (an undefined value leaves one unset; bench/lighthouse.mjs serves the web app on PGlite).
 * @param {number} port
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [cwd] the checkout whose server runs (bench/embedded.mjs compares two)
 */
export async function startServer(port, env = {}, cwd = root) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT: '100000',
      NODE_ENV: 'production',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 180_000) {
      child.kill('SIGTERM');
      throw new Error('the server did not answer within 180 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: /** @type {number} */ (child.pid),
    stop: () => {
      child.kill('SIGTERM');
      return new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
    },
  };
}

/**
 * The name and value a Set-Cookie header sets.
 * @param {string} header
 * @returns {[string, string]}
 */
function cookiePair(header) {
  const [name, value] = header.split(';')[0].split('=');
  return [name, value];
}

/**
 * Signs in (CSRF cookie and header, as the web app does) and answers the Cookie header to send.
 * @param {string} base
 * @param {string} email
 */
export async function login(base, email, password = 'demo12345') {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { token } = /** @type {{ token: string }} */ (await csrf.json());
  const cookies = new Map(csrf.headers.getSetCookie().map(cookiePair));
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  for (const c of res.headers.getSetCookie()) cookies.set(...cookiePair(c));
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** @typedef {{ width?: number }} MeasureOptions the width of the name column */

// The load runs on the server's own two cores, so the client is plain node:http over kept-alive
// sockets (one per client), not fetch: fetch cost the runner about half a core at 1,000 req/s, and
// that time was counted into the server's latencies.
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

/**
 * GET with kept-alive sockets; answers the status and the body's size (as sent, gzipped).
 * @param {string} url
 * @param {http.OutgoingHttpHeaders} headers
 * @returns {Promise<{ ok: boolean; bytes: number }>}
 */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      const status = res.statusCode ?? 0;
      res.on('end', () => resolve({ ok: status >= 200 && status < 300, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Drives GET `path` with `clients` concurrent clients; prints and answers its latencies.
 * @param {string} base
 * @param {string} name
 * @param {string} path
 * @param {string} cookie
 * @param {MeasureOptions} [options]
 */
export async function measure(base, name, path, cookie, { width = 12 } = {}) {
  const first = await fetch(base + path, { headers: { cookie } });
  if (!first.ok) throw new Error(`${name}: ${first.status} ${await first.text()}`);
  const bytes = (await first.arrayBuffer()).byteLength;
  const run = async (/** @type {number} */ ms) => {
    /** @type {number[]} */
    const latencies = [];
    let errors = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const res = await get(base + path, { cookie, 'accept-encoding': 'gzip' });
          latencies.push(performance.now() - t0);
          if (!res.ok) errors++;
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), errors };
  };
  await run(2000); // warm-up
  const { latencies, errors } = await run(seconds * 1000);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p));
  const ms = (/** @type {number} */ v) => `${v.toFixed(1).padStart(7)} ms`;
  console.log(
    `${name.padEnd(width)} p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s  ${String(bytes).padStart(7)} B${errors ? `  ${errors} errors` : ''}  ${p95 < BUDGET_MS ? 'ok' : 'OVER BUDGET'}`,
  );
  return { name, p50, p95, p99, errors };
}

/**
 * Runs `measure` for each [name, path, cookie]; true when every one kept the budget without errors.
 * @param {string} base
 * @param {[name: string, path: string, cookie: string][]} rows
 * @param {MeasureOptions} [options]
 */
export async function measureAll(base, rows, options) {
  console.log(`${clients} concurrent clients, ${seconds} s each, budget p95 < ${BUDGET_MS} ms`);
  const results = [];
  for (const [name, path, cookie] of rows) results.push(await measure(base, name, path, cookie, options));
  return results.every((r) => r.p95 < BUDGET_MS && r.errors === 0);
}
