import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { expect, inject } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { TEST_PASSWORD } from './factories';
import { loadStatementParser, type ProblemKind, statementChecker } from './statement-scope';

/**
 * The rules of ADR 0026 the tests hold every statement to (src/test/statement-scope.ts): a statement
 * over a school-group table that does not name its school fails the test that sent it, as does one over
 * a user-group table that does not name its account, one over a table spread by another key
 * (camera_clips, rate_limits, serial_code_hashes, user_emails, the organisation's audit and outbox)
 * without it, one over an unplaced table, and one joining tables of two groups. The fan-outs the product
 * means to make are listed, with their reasons, in statement-scope.ts.
 */
const ENFORCED: ReadonlySet<ProblemKind> = new Set(['school', 'user', 'other', 'unplaced', 'groups']);

/**
 * Checks each statement. STATEMENT_SCOPE=report fails none and writes every problem to
 * $STATEMENT_SCOPE_DIR (default: the temporary folder), one JSON line per statement, to survey;
 * with STATEMENT_SCOPE_DIR set the problems not yet enforced are written there too.
 */
function statementScope(): (query: string) => void {
  const check = statementChecker();
  const report = process.env.STATEMENT_SCOPE === 'report';
  const reported = new Set<string>();
  const dir = process.env.STATEMENT_SCOPE_DIR ?? (report ? os.tmpdir() : null);
  const file = dir && path.join(dir, `statement-scope-${process.pid}.jsonl`);
  return (query) => {
    const problems = check(query);
    if (problems.length === 0) return;
    const enforced = problems.filter((p) => ENFORCED.has(p.kind));
    if (!report && enforced.length > 0) {
      throw new Error(`statement does not name its shard (ADR 0026): ${enforced.map((p) => p.text).join('; ')}\n${query}`);
    }
    if (!file || reported.has(query)) return;
    reported.add(query);
    const testPath = path.relative(process.cwd(), expect.getState().testPath ?? '?');
    fs.appendFileSync(file, `${JSON.stringify({ testPath, problems: problems.map((p) => `${p.kind}: ${p.text}`), query })}\n`);
  };
}

/**
 * A fresh, migrated database for one test file, on the PostgreSQL server of the run (src/test/global-setup.ts:
 * an embedded PostgreSQL, or TEST_DATABASE_URL), dropped when the database is closed. `url` reaches it
 * (for another process: src/two-processes.test.ts).
 */
export async function freshDatabase(): Promise<Database & { url: string }> {
  const serverUrl = databaseServerUrl();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await loadStatementParser();
  let checking = false;
  const scope = statementScope();
  const database = await openDatabase({ databaseUrl: url.toString(), inspect: (query) => checking && scope(query) });
  await database.migrate();
  checking = true;
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** The PostgreSQL server the test run uses (a URL to its `postgres` database). */
export function databaseServerUrl(): string {
  return inject('databaseServerUrl');
}

export async function createTestApp(config: Partial<Config> = {}): Promise<FastifyInstance> {
  const database = await freshDatabase();
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-uploads-'));
  const app = await buildApp({ database, serveWeb: false, config: { logLevel: 'silent', exposeOutbox: true, uploadsDir, ...config } });
  app.addHook('onClose', async () => fs.rmSync(uploadsDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

// the record factories live in factories.ts; the tests that only need a tenant import them from here
export { createOrganisation, createSchool, createTenant, createUser, TEST_PASSWORD } from './factories';

/** A cookie jar over app.inject that does what the browser does: cookies and the CSRF header. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private app: FastifyInstance) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && !this.cookies.has('csrf_token')) await this.request({ method: 'GET', url: '/api/auth/csrf' });
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && this.cookies.has('csrf_token') && headers['x-csrf-token'] === undefined) headers['x-csrf-token'] = this.cookies.get('csrf_token')!;
    const res = await this.app.inject({ ...opts, method: method as InjectOptions['method'], headers });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as any, headers });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as any });
  }
  cookie(name: string) {
    return this.cookies.get(name);
  }
  async login(email: string, password = TEST_PASSWORD) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().user;
  }
}
