#!/usr/bin/env node
// Budget (issue 17, part 5): a whole school's report cards (3,000) built in one batch job in under
// 60 s, with progress, downloaded as one file. Reuses the large school of bench/large-school.mjs (run
// it first): starts the server on that database, signs in as admin@large.test, starts the build of
// every class's cards for a term of the Active session (TERM_NAME, default First: the newest term
// with scores), polls its progress every 200 ms as the web page does, then downloads the file. While the
// build runs, GET /api/auth/me is asked every 100 ms to show how the server answers meanwhile.
// Prints the build's seconds and cards/s, the file's size and pages, and the server's memory
// (resident set before the build and its peak, from /proc).
//
// Usage: node bench/school-report-cards.mjs   (DATABASE_URL as for bench/large-school.mjs; TERM_NAME, PORT, RUNS, BUDGET_S)
import fs from 'node:fs';
import postgres from 'postgres';
import { databaseUrl as url, login, startServer } from './lib/load.mjs';

/** @typedef {{ id: string; status: 'running' | 'done' | 'failed'; total: number; done: number; classes: number; size: number | null; error: string | null }} Job */

const port = Number(process.env.PORT ?? 3394);
const termName = process.env.TERM_NAME ?? 'First';
const runs = Number(process.env.RUNS ?? 1);
const budgetSeconds = Number(process.env.BUDGET_S ?? 60);

/** The large school's term of the Active session named `termName`. */
async function termOfLargeSchool() {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`
      select t.id from schools sc
      join academic_sessions s on s.school_id = sc.id and s.status = 'Active'
      join terms t on t.academic_session_id = s.id and t.name = ${termName}
      where sc.code = 'LGS'`;
    if (!row) throw new Error('no large school here: run node bench/large-school.mjs first');
    return /** @type {string} */ (row.id);
  } finally {
    await sql.end();
  }
}

/** The process's resident set now and its peak so far, in MiB (Linux). @param {number} pid */
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (/** @type {string} */ key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

const termId = await termOfLargeSchool();
const server = await startServer(port);
let ok = true;
try {
  const cookie = await login(server.base, 'admin@large.test');
  const csrf = /csrf_token=([^;]+)/.exec(cookie)?.[1] ?? '';
  const headers = { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf };
  // a first request, so the build is not the one that loads the routes' code
  await fetch(`${server.base}/api/report-cards/classes`, { headers });

  for (let run = 1; run <= runs; run++) {
    const before = memory(server.pid);
    const started = performance.now();
    const res = await fetch(`${server.base}/api/report-cards/school-jobs`, { method: 'POST', headers, body: JSON.stringify({ termId }) });
    if (res.status !== 202) throw new Error(`start: ${res.status} ${await res.text()}`);
    let job = /** @type {Job} */ (await res.json());
    /** @type {number[]} */
    const meLatencies = [];
    let building = true;
    const probe = (async () => {
      while (building) {
        const t0 = performance.now();
        await fetch(`${server.base}/api/auth/me`, { headers }).then((r) => r.arrayBuffer());
        meLatencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let polls = 0;
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      job = /** @type {Job} */ (await (await fetch(`${server.base}/api/report-cards/school-jobs/${job.id}`, { headers })).json());
      polls++;
    }
    const seconds = (performance.now() - started) / 1000;
    building = false;
    await probe;
    if (job.status !== 'done') throw new Error(`the build ${job.status}: ${job.error}`);
    const after = memory(server.pid);

    const downloadStarted = performance.now();
    const file = Buffer.from(await (await fetch(`${server.base}/api/report-cards/school-jobs/${job.id}/report-cards.pdf`, { headers })).arrayBuffer());
    const downloadMs = performance.now() - downloadStarted;
    const pages = file.toString('latin1').match(/\/Type \/Page /g)?.length ?? 0;
    const sorted = meLatencies.sort((a, b) => a - b);

    console.log(
      `run ${run}: ${job.total} cards of ${job.classes} classes in ${seconds.toFixed(1)} s = ${(job.total / seconds).toFixed(0)} cards/s ` +
        `(budget ${budgetSeconds} s: ${seconds < budgetSeconds ? 'ok' : 'OVER BUDGET'}), ${polls} progress polls`,
    );
    console.log(
      `  file ${(file.length / 1024 / 1024).toFixed(1)} MiB, ${pages} pages (${pages === job.total ? 'one per card' : 'MISMATCH'}), downloaded in ${downloadMs.toFixed(0)} ms`,
    );
    console.log(
      `  server memory: resident ${before.rss.toFixed(0)} MiB before, ${after.rss.toFixed(0)} MiB after, peak ${after.peak.toFixed(0)} MiB (peak before ${before.peak.toFixed(0)} MiB)`,
    );
    console.log(
      `  GET /api/auth/me during the build: ${sorted.length} asked, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
    );
    ok &&= seconds < budgetSeconds && pages === job.total && file.length === job.size;
  }
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
