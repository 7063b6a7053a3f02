/**
 * Issue 17, part 8: two app processes behind a proxy act as one. Two real server processes
 * (`src/main.ts`, each with its own data folder, so its own in-process caches and secrets file) run on
 * one database behind a small Node proxy that sends each request to one of them, in turn or as the
 * test asks (`x-upstream`), and says which answered (`x-served-by`). A browser-like client (cookies,
 * the CSRF header) signs in through one and acts through the other, a class's report-card PDF built
 * on one is followed and downloaded on the other, and the administrator's dashboard, which each
 * process caches, shows a write made through the other at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './config';
import type { Database } from './db/client';
import * as schema from './db/schema';
import { createClass, createClassSubject, createEnrolment, createStudent, createSubject, termOf, type Tenant, TEST_PASSWORD } from './test/factories';
import { pdfStrings } from './test/pdf';
import { createTenant, freshDatabase } from './test/test-app';

type Upstream = 'a' | 'b';

/** A free TCP port on 127.0.0.1 (the kernel's choice, released for the process that will listen on it). */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface AppProcess {
  name: Upstream;
  port: number;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

/** Starts `src/main.ts` on the database, as a deployment would on another machine: its own port, data folder and caches. */
async function startProcess(name: Upstream, databaseUrl: string, dataDir: string): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, 'uploads'),
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process ${name} stopped: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 90_000) {
      await stop();
      throw new Error(`process ${name} did not answer within 90 s: ${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, port, child, output, stop };
}

/** The proxy: each request to the upstream the request names (`x-upstream`), else to the next in turn. */
function startProxy(upstreams: AppProcess[]): Promise<{ base: string; close(): Promise<void> }> {
  let turn = 0;
  const server = http.createServer((req, res) => {
    const asked = upstreams.find((u) => u.name === req.headers['x-upstream']);
    const upstream = asked ?? upstreams[turn++ % upstreams.length];
    const forward = http.request({ host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': upstream.name });
      answer.pipe(res);
    });
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

interface Answer {
  status: number;
  servedBy: string | null;
  headers: Headers;
  bytes: Buffer;
  json<T = any>(): T;
}

/** What a browser does through the proxy: keeps cookies, echoes the CSRF cookie in the header on writes. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(method: string, url: string, opts: { via?: Upstream; body?: unknown; csrf?: boolean } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (opts.via) headers['x-upstream'] = opts.via;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && opts.csrf !== false && this.cookies.has('csrf_token')) headers['x-csrf-token'] = this.cookies.get('csrf_token')!;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired =
        value === '' || attributes.some((a) => /^\s*max-age=0$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, servedBy: res.headers.get('x-served-by'), headers: res.headers, bytes, json: () => JSON.parse(bytes.toString()) };
  }
  get(url: string, via?: Upstream) {
    return this.request('GET', url, { via });
  }
  post(url: string, body: unknown, via?: Upstream, csrf?: boolean) {
    return this.request('POST', url, { body, via, csrf });
  }
}

let database: Database & { url: string };
let folder: string;
let a: AppProcess;
let b: AppProcess;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let t: Tenant;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  t = await createTenant(db);
  const cls = await createClass(db, t, { level: 'JSS 1', arm: 'A' });
  const maths = await createSubject(db, t, { name: 'Mathematics' });
  await createClassSubject(db, t, { classId: cls.id, subjectId: maths.id });
  await createEnrolment(db, t, { studentId: t.student.id, classId: cls.id });
  const bisi = await createStudent(db, t, { firstName: 'Bisi', lastName: 'Adebayo', classId: cls.id });
  const second = await termOf(db, t, 'Second');
  for (const [studentId, exam] of [
    [t.student.id, 50],
    [bisi.id, 55],
  ] as const) {
    await db
      .insert(schema.scores)
      .values({ schoolId: t.school.id, studentId, subjectId: maths.id, termId: second.id, test1: 12, test2: 13, assignment: 8, exam });
  }
  Object.assign(ids, { classId: cls.id, termId: second.id });

  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'two-processes-'));
  [a, b] = await Promise.all([startProcess('a', database.url, path.join(folder, 'a')), startProcess('b', database.url, path.join(folder, 'b'))]);
  proxy = await startProxy([a, b]);
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  await database?.close();
}, 60_000);

/** A browser signed in as the administrator through `via` (its CSRF cookie from the other process). */
async function signedIn(via: Upstream) {
  const browser = new Browser(proxy.base);
  // what the web app asks on load: the answer sets the CSRF cookie
  expect((await browser.get('/api/auth/session', via === 'a' ? 'b' : 'a')).status).toBe(200);
  const res = await browser.post('/api/auth/login', { email: t.users.admin.email, password: TEST_PASSWORD }, via);
  expect(res.status).toBe(200);
  expect(res.servedBy).toBe(via);
  return browser;
}

describe('two app processes behind a proxy', () => {
  it('take turns when the request names neither', async () => {
    const browser = new Browser(proxy.base);
    const served = [];
    for (let i = 0; i < 4; i++) {
      const res = await browser.get('/api/health');
      expect(res.status).toBe(200);
      served.push(res.servedBy);
    }
    expect(new Set(served)).toEqual(new Set(['a', 'b']));
  });

  it('sign in through one, act through the other (cookie session and CSRF), sign out through it for both', async () => {
    const browser = new Browser(proxy.base);
    // the CSRF cookie is issued by a (with the page's first question), the sign-in (a write) is checked by b
    const first = await browser.get('/api/auth/session', 'a');
    expect(first.servedBy).toBe('a');
    expect(first.json()).toEqual({ user: null });
    const login = await browser.post('/api/auth/login', { email: t.users.admin.email, password: TEST_PASSWORD }, 'b');
    expect(login.status).toBe(200);
    const me = await browser.get('/api/auth/me', 'a');
    expect(me.status).toBe(200);
    expect(me.servedBy).toBe('a');
    expect(me.json().user).toMatchObject({ email: t.users.admin.email, role: 'admin', schoolId: t.school.id });

    const comment = `/api/report-cards/${t.student.id}/principal-comment?termId=${ids.termId}`;
    const withoutHeader = await browser.request('PUT', comment, { body: { principalComment: 'Forged' }, via: 'b', csrf: false });
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.json().message).toBe('Invalid CSRF token');
    const written = await browser.request('PUT', comment, { body: { principalComment: 'A steady term.' }, via: 'b' });
    expect(written.status).toBe(200);
    const card = await browser.get(`/api/report-cards/${t.student.id}?termId=${ids.termId}`, 'a');
    expect(card.json().principalComment).toBe('A steady term.');

    expect((await browser.post('/api/auth/logout', undefined, 'b')).status).toBe(204);
    // the session is gone for both: replay the old cookie through a
    const replay = await fetch(`${proxy.base}/api/auth/me`, {
      headers: {
        'x-upstream': 'a',
        cookie: `sid=${
          login.headers
            .getSetCookie()
            .join(';')
            .match(/sid=([^;]+)/)![1]
        }`,
      },
    });
    expect(replay.status).toBe(401);
  });

  it("a class's report-card PDF built on one is followed and downloaded on the other", async () => {
    const browser = await signedIn('a');
    const start = await browser.post('/api/report-cards/class-jobs', { classId: ids.classId, termId: ids.termId }, 'a');
    expect(start.status).toBe(202);
    expect(start.servedBy).toBe('a');
    let job = start.json();
    for (let i = 0; i < 200 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await browser.get(`/api/report-cards/class-jobs/${job.id}`, 'b');
      expect(res.servedBy).toBe('b');
      job = res.json();
    }
    expect(job).toMatchObject({ status: 'done', done: 2, total: 2 });
    const file = await browser.get(`/api/report-cards/class-jobs/${job.id}/report-cards.pdf`, 'b');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfStrings(file.bytes)).toEqual(expect.arrayContaining(['Obi Ada', 'Adebayo Bisi', 'Total: 83', 'Total: 88', 'A steady term.']));

    // the whole school's file the other way round: started on b, downloaded from a
    const school = await browser.post('/api/report-cards/school-jobs', { termId: ids.termId }, 'b');
    expect(school.status).toBe(202);
    let schoolJob = school.json();
    for (let i = 0; i < 200 && schoolJob.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      schoolJob = (await browser.get(`/api/report-cards/school-jobs/${schoolJob.id}`, 'a')).json();
    }
    expect(schoolJob).toMatchObject({ status: 'done', done: 2, total: 2 });
    const schoolFile = await browser.get(`/api/report-cards/school-jobs/${schoolJob.id}/report-cards.pdf`, 'a');
    expect(schoolFile.servedBy).toBe('a');
    expect(schoolFile.bytes.length).toBe(schoolJob.size);
    expect(await pdfStrings(schoolFile.bytes)).toEqual(expect.arrayContaining(['Obi Ada', 'Adebayo Bisi']));
  });

  it("the administrator's dashboard, cached by each process, shows a write through the other at once", async () => {
    const browser = await signedIn('b');
    const dashboard = async (via: Upstream) => {
      const res = await browser.get('/api/dashboard/admin', via);
      expect(res.status).toBe(200);
      expect(res.servedBy).toBe(via);
      return res.json() as { staff: { total: number }; students: { total: number } };
    };
    // both processes have the figures in their caches
    const before = await dashboard('a');
    expect(await dashboard('b')).toEqual(before);
    expect(await dashboard('a')).toEqual(before);

    const staff = {
      name: 'Kunle Bello',
      staffType: 'Non-academic staff',
      email: '',
      phone: '0803 555 0101',
      gender: 'male',
      address: '3 Broad Street, Lagos',
      employedOn: '2024-01-08',
    };
    expect((await browser.post('/api/staff', staff, 'b')).status).toBe(201);
    expect((await dashboard('a')).staff.total).toBe(before.staff.total + 1);

    expect((await browser.post('/api/staff', { ...staff, name: 'Ngozi Eze', gender: 'female' }, 'a')).status).toBe(201);
    expect((await dashboard('b')).staff.total).toBe(before.staff.total + 2);
    expect((await dashboard('a')).staff.total).toBe(before.staff.total + 2);
  });
});
