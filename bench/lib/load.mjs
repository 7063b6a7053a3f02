// The load runner shared by the large-school benchmarks (attendance, dashboards, reports) and
// bench/embedded.mjs. Starts the server on the benchmark database, signs users in, and drives one
// endpoint at a time with autocannon (npm): CLIENTS connections (default 50) for DURATION seconds
// (default 10) after a WARMUP-second warm-up (default 2), printing p50, p95, p99 and req/s.
//
// The budget (DESIGN.md §8) is relative: an endpoint keeps at least RATIO_BUDGET (default 0.25) of a
// bare Fastify hello-world's throughput measured in the same run with the same tool and connections,
// and p95 < BUDGET_MS (default 50 ms). `benchmark()` starts that hello-world in a child process and
// measures it before the first endpoint and after each one (the machine's load drifts over a run);
// `finish()` prints each endpoint's ratio and p95 against the budgets and answers whether all were kept.
//
// Latencies are autocannon's own (from writing a request to the end of its answer), taken from its
// `response` events so that p95 is exact: its summary gives p90 and p97.5 but no p95, in whole ms.
// The repository's earlier runner (plain node:http with kept-alive sockets) did not agree with
// autocannon on hello-world in the same run (2026-11-27, busy machine, 8 alternating 10 s runs each):
// 3,800–11,000 req/s against 3,800–12,700, from 0.5× to 2.2× the autocannon run beside it (median
// 0.9×), and it spent up to twice autocannon's CPU per request (0.06–0.07 ms against 0.03–0.05), taken
// from the cores the server shares with it. It is gone.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
export const clients = Number(process.env.CLIENTS ?? 50);
export const seconds = Number(process.env.DURATION ?? 10);
export const warmupSeconds = Number(process.env.WARMUP ?? 2);
export const BUDGET_MS = Number(process.env.BUDGET_MS ?? 50);
export const RATIO_BUDGET = Number(process.env.RATIO_BUDGET ?? 0.25);
export const helloSeconds = Number(process.env.HELLO_DURATION ?? 5);

/**
 * Starts the API (no web app) on the benchmark database; `stop()` ends it. `env` overrides the
 * settings (an undefined value leaves one unset; bench/lighthouse.mjs serves the web app on PGlite).
 * @param {number} port
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [cwd] the checkout whose server runs (bench/embedded.mjs compares two)
 * @param {string[]} [nodeArgs] flags for node before the entry point (bench/cpu.mjs: --cpu-prof)
 */
export async function startServer(port, env = {}, cwd = root, nodeArgs = []) {
  const base = `http://127.0.0.1:${port}`;
  // another process on the port would answer for this server (two benchmarks run at once)
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is in use: set PORT`);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
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
 * A bare Fastify answering {hello: 'world'} on a free port, in a child process: what this machine
 * gives any Node server right now. `cwd` is a checkout whose apps/server has Fastify.
 * @param {string} [cwd]
 * @returns {Promise<{ base: string; pid: number; stop: () => void }>}
 */
export async function startHelloWorld(cwd = root) {
  const code = `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(app.server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: path.join(cwd, 'apps/server'), stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () => void child.kill('SIGTERM');
  process.once('exit', stop);
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', () => reject(new Error('the hello-world server stopped')));
  });
  return { base: `http://127.0.0.1:${port}`, pid: /** @type {number} */ (child.pid), stop };
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

/**
 * Signs each of `emails` in, a few at a time (argon2 is slow on purpose), and answers their Cookie
 * headers in the same order.
 * @param {string} base
 * @param {string[]} emails
 */
export async function loginAll(base, emails, concurrency = 4) {
  /** @type {string[]} */
  const cookies = new Array(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < emails.length) {
        const i = next++;
        cookies[i] = await login(base, emails[i]);
      }
    }),
  );
  return cookies;
}

/**
 * @typedef {object} MeasureOptions
 * @property {number} [width] the name column's width
 * @property {number} [duration] seconds measured (default DURATION)
 * @property {number} [warmup] seconds of warm-up before (default WARMUP)
 * @property {boolean} [once] with several cookies: each request signed in as the next one, each cookie
 *   used once (as many requests as cookies, no warm-up), e.g. many families' dashboards each asked once
 */

/**
 * @typedef {object} Result
 * @property {string} name
 * @property {number} p50 ms
 * @property {number} p95 ms
 * @property {number} p99 ms
 * @property {number} rps answers per second
 * @property {number} requests answers counted
 * @property {number} errors non-2xx answers, connection errors and time-outs
 */

/** @param {number[]} sorted ascending @param {number} p 0 … 100: the nearest-rank percentile */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (/** @type {number} */ v) => `${v.toFixed(1).padStart(7)} ms`;

/** @typedef {{ path: string; cookie: string }} Target a path to GET and the Cookie header to send ('' for none) */

/**
 * One autocannon run; answers the latencies it saw (sorted), its errors and its rate. One target: one
 * instance with `clients` connections. Several: `clients` instances of one connection each, the i-th
 * on target i (in turn), or (`once`) one instance whose every request takes the next target, each
 * target once.
 * @param {string} base
 * @param {Target[]} targets
 * @param {{ duration?: number; once?: boolean }} how
 */
async function cannon(base, targets, { duration, once = false }) {
  /** @param {Target} target */
  const headersOf = (target) => ({ 'accept-encoding': 'gzip', ...(target.cookie ? { cookie: target.cookie } : {}) });
  /** @type {autocannon.Options[]} */
  let runs;
  if (once) {
    let next = 0;
    /** @param {autocannon.Request} req */
    const setupRequest = (req) => {
      const target = targets[next++ % targets.length];
      return { ...req, path: target.path, headers: headersOf(target) };
    };
    runs = [{ url: base + targets[0].path, connections: Math.min(clients, targets.length), amount: targets.length, requests: [{ setupRequest }] }];
  } else if (targets.length === 1) {
    runs = [{ url: base + targets[0].path, connections: clients, duration, headers: headersOf(targets[0]) }];
  } else {
    runs = Array.from({ length: clients }, (_, i) => {
      const target = targets[i % targets.length];
      return { url: base + target.path, connections: 1, duration, headers: headersOf(target) };
    });
  }
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let last = 0;
  const started = performance.now();
  const results = await Promise.all(
    runs.map(
      (options) =>
        /** @type {Promise<autocannon.Result>} */ (
          new Promise((resolve, reject) => {
            const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
            // autocannon's latency: from writing the request to the end of its answer
            instance.on('response', (_client, status, _bytes, time) => {
              latencies.push(time);
              if (status < 200 || status >= 300) errors++;
              last = performance.now();
            });
          })
        ),
    ),
  );
  for (const result of results) errors += result.errors + result.timeouts;
  return { latencies: latencies.sort((a, b) => a - b), errors, rps: latencies.length / ((last - started) / 1000) };
}

/**
 * Drives GET `path` with `clients` connections for `seconds` after a warm-up, signed in with `cookie`,
 * and prints and answers its figures. Several cookies (and as many paths, or one for all): each
 * connection signed in as a different user, or with `once` each request, every user once.
 * @param {string} base
 * @param {string} name
 * @param {string | string[]} path
 * @param {string | string[]} cookie
 * @param {MeasureOptions} [options]
 * @returns {Promise<Result>}
 */
export async function measure(base, name, path, cookie, { width = 12, once = false, duration = seconds, warmup = warmupSeconds } = {}) {
  const cookies = Array.isArray(cookie) ? cookie : [cookie];
  const paths = Array.isArray(path) ? path : [path];
  if (paths.length > 1 && paths.length !== cookies.length) throw new Error(`${name}: ${paths.length} paths for ${cookies.length} cookies`);
  /** @type {Target[]} */
  const targets = cookies.map((c, i) => ({ path: paths[paths.length > 1 ? i : 0], cookie: c }));
  // every sign-in must hold: a lost session would measure 401s (with `once`, the run's errors tell)
  for (const target of once ? [] : targets) {
    const res = await fetch(base + target.path, { headers: target.cookie ? { cookie: target.cookie } : {} });
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  if (!once && warmup > 0) await cannon(base, targets, { duration: warmup });
  const { latencies, errors, rps } = await cannon(base, targets, { duration, once });
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p));
  console.log(
    `${name.padEnd(width)} p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  ${rps.toFixed(0).padStart(6)} req/s  ${String(latencies.length).padStart(6)} answers${errors ? `  ${errors} ERRORS` : ''}`,
  );
  return { name, p50, p95, p99, rps, requests: latencies.length, errors };
}

/**
 * A run measured against the bare Fastify hello-world: `benchmark()` starts it and measures it,
 * `run()` measures an endpoint and then hello-world again (HELLO_DURATION seconds, default 5), so that
 * each endpoint's rate is compared with the mean of the hello-world runs just before and just after
 * it (the machine's load drifts over a run); `finish()` prints each endpoint's ratio and p95 against
 * the budgets, stops hello-world and answers whether every endpoint kept both without errors.
 * @param {{ width?: number; cwd?: string }} [options] `cwd`: the checkout whose Fastify serves hello-world
 */
export async function benchmark({ width = 12, cwd = root } = {}) {
  console.log(
    `autocannon, ${clients} connections, ${seconds} s each after ${warmupSeconds} s of warm-up, hello-world (${helloSeconds} s) between them; ` +
      `budget: ≥ ${RATIO_BUDGET} of hello-world's req/s, p95 < ${BUDGET_MS} ms`,
  );
  const hello = await startHelloWorld(cwd);
  const w = Math.max(width, 14);
  const helloRun = (warmup = 0) => measure(hello.base, '  hello-world', '/', '', { width: w, duration: helloSeconds, warmup });
  let previous = await helloRun(warmupSeconds);
  const helloRates = [previous.rps];
  /** @type {{ result: Result; hello: number }[]} */
  const rows = [];
  return {
    /**
     * @param {string} base
     * @param {string} name
     * @param {string | string[]} path
     * @param {string | string[]} cookie
     * @param {MeasureOptions} [options]
     */
    async run(base, name, path, cookie, options = {}) {
      const result = await measure(base, name, path, cookie, { width: w, ...options });
      const next = await helloRun();
      rows.push({ result, hello: (previous.rps + next.rps) / 2 });
      helloRates.push(next.rps);
      previous = next;
      return result;
    },
    async finish() {
      hello.stop();
      const mean = helloRates.reduce((a, b) => a + b, 0) / helloRates.length;
      console.log(
        `\nhello-world ${Math.min(...helloRates).toFixed(0)}–${Math.max(...helloRates).toFixed(0)} req/s (mean ${mean.toFixed(0)}) over ${helloRates.length} runs; ` +
          `each endpoint's ratio is to the mean of the runs just before and after it`,
      );
      let ok = true;
      for (const { result: r, hello: rate } of rows) {
        const ratio = r.rps / rate;
        const kept = ratio >= RATIO_BUDGET && r.p95 < BUDGET_MS && r.errors === 0;
        ok &&= kept;
        const misses = [ratio < RATIO_BUDGET && 'req/s', r.p95 >= BUDGET_MS && 'p95', r.errors && 'errors'].filter(Boolean).join(', ');
        console.log(
          `${r.name.padEnd(w)} ${ratio.toFixed(2).padStart(5)} × hello-world's ${rate.toFixed(0).padStart(5)} req/s (≥ ${RATIO_BUDGET})  p95 ${ms(r.p95)} (< ${BUDGET_MS})  ${kept ? 'ok' : `OVER BUDGET: ${misses}`}`,
        );
      }
      return ok;
    },
  };
}

/**
 * Measures each [name, path, cookie] between two hello-world runs; true when every one kept the
 * budgets without errors.
 * @param {string} base
 * @param {[name: string, path: string | string[], cookie: string | string[]][]} rows
 * @param {MeasureOptions} [options]
 */
export async function measureAll(base, rows, options = {}) {
  const bench = await benchmark(options);
  for (const [name, path, cookie] of rows) await bench.run(base, name, path, cookie, options);
  return bench.finish();
}
