import { randomUUID } from 'node:crypto';
import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import { getTableName, inArray, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client';
import { PLACEMENT } from './db/placement';
import * as schema from './db/schema';
import { admits } from './policies/policy';
import { createTestApp, TestClient } from './test/test-app';
import { buildWorld, type World } from './test/world';
import type { RouteEntry } from './types';

/**
 * Sends odd payloads to every write route of the route table, as a role the route admits: every
 * field a NUL string, an unpaired surrogate, a long string, the wrong type, an array, null; a body
 * past the 1 MB limit, a deeply nested one, a multipart form. No answer may be a 5xx, and a
 * refused (4xx) request must leave every table as it was. Routes added later are covered unaided.
 */
let app: FastifyInstance;
let clients: Partial<Record<Role, TestClient>>;
let anonymous: TestClient;
let world: World;

/** Tables a refused request may still write to, and why. */
const BOOKKEEPING = new Set([
  'auth_sessions', // a signed-in request now and then slides its session's last-seen time
  'rate_limits', // public forms count each attempt against the per-address limit, refused or not
]);

const ROLE_PREFERENCE: Role[] = ['admin', 'super_admin', 'teacher', 'parent', 'student'];

/** The role to call a route as: the first its policy admits, or null for a public route (called signed out). */
function roleFor(route: RouteEntry): Role | null {
  if (route.policy.access.kind === 'public') return null;
  return ROLE_PREFERENCE.find((role) => admits(route.policy, { role, matrix: DEFAULT_PERMISSION_MATRIX })) ?? 'admin';
}

beforeAll(async () => {
  app = await createTestApp();
  world = await buildWorld(app.db, { uploadsDir: app.config.uploadsDir });
  anonymous = new TestClient(app);
  clients = {};
  for (const role of ROLE_PREFERENCE) {
    clients[role] = new TestClient(app);
    await clients[role].login(world.a.users[role].email);
  }
}, 120_000);
afterAll(async () => {
  await app.close();
});

/**
 * A concrete URL: for each parameter, the signed-in family's (or school's) record of the kind the
 * route's policy names, so that the body is reached past the record rules (test/world.ts). A DELETE
 * always gets a random id, so that it cannot remove the records the other routes use.
 */
function concreteUrl(route: RouteEntry) {
  return route.url.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const kind = route.policy.params[param]?.kind;
    return (route.method !== 'DELETE' && kind && world.fixtures[kind]?.own) || randomUUID();
  });
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

const COMMON_FIELDS = [
  'name',
  'title',
  'description',
  'body',
  'comment',
  'reason',
  'email',
  'phone',
  'address',
  'code',
  'classId',
  'studentId',
  'termId',
  'subjectId',
  'invoiceId',
  'amount',
  'date',
  'status',
  'mode',
  'week',
];

/** The route's JSON body schema from the OpenAPI document (built from its zod schema); common fields when it has none. */
function bodySchema(route: RouteEntry): JsonSchema {
  const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
  const spec = app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
  const found = spec.paths[path]?.[route.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
  if (found?.properties && Object.keys(found.properties).length) return found;
  return { type: 'object', properties: Object.fromEntries(COMMON_FIELDS.map((f) => [f, { type: 'string' }])) };
}

/** The schema's shape with every leaf (string, number, …) replaced by `leaf(its schema)`, nested objects and arrays kept. */
function fill(s: JsonSchema, leaf: (s: JsonSchema) => unknown): unknown {
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (variant) return fill(variant, leaf);
  if (s.properties) return Object.fromEntries(Object.entries(s.properties).map(([key, child]) => [key, fill(child, leaf)]));
  if (s.type === 'array') return [fill(s.items ?? {}, leaf)];
  return leaf(s);
}

const isText = (s: JsonSchema) => [s.type].flat().includes('string') || s.type === undefined;

/** The odd requests for one route: a name and what to send. */
function payloads(route: RouteEntry): Array<{ kind: string; request: Partial<InjectOptions> }> {
  const body = bodySchema(route);
  const fields = Object.keys(body.properties!);
  const each = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));
  return [
    { kind: 'NUL in every text', request: { payload: fill(body, () => 'a\u0000b') as object } },
    { kind: 'unpaired surrogate', request: { payload: fill(body, () => 'x\uD800') as object } },
    { kind: 'long strings', request: { payload: each('x'.repeat(Math.floor(1_000_000 / fields.length))) } },
    { kind: 'wrong types', request: { payload: fill(body, (s) => (isText(s) ? 42 : 'not-a-number')) as object } },
    { kind: 'arrays', request: { payload: each(['x', 1]) } },
    { kind: 'nulls', request: { payload: each(null) } },
    { kind: '1.5 MB body', request: { payload: { [fields[0]]: 'x'.repeat(1_500_000) } } },
    // serialised by hand: JSON.stringify itself would overflow the stack
    {
      kind: 'deep nesting',
      request: { payload: `{"${fields[0]}":${'['.repeat(20_000)}"deep"${']'.repeat(20_000)}}`, headers: { 'content-type': 'application/json' } },
    },
    { kind: 'multipart', request: multipart(fields) },
  ];
}

/** A multipart form with every field a NUL string and a file whose name holds one. */
function multipart(fields: string[]): Partial<InjectOptions> {
  const boundary = `----fuzz${randomUUID()}`;
  const parts = fields.map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f}"\r\n\r\na\u0000b\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\u0000\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const TABLES = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => is(t, PgTable))
  .map((t) => getTableName(t))
  .filter((t) => !BOOKKEEPING.has(t));

const valueList = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Each table's row count and newest row version (xmin): any committed insert, update or delete changes one.
 * A table spread by school is read school by school, every school of the database named (ADR 0026),
 * camera_clips camera by camera, serial_code_hashes by the codes of every school, a table spread by
 * organisation organisation by organisation, the user group by the ids of every organisation's accounts and
 * user_emails by their addresses.
 * One statement per colocation group (the school tables with the reference ones, the user group, each
 * table of another key alone: a statement never joins two groups), all in one read-only repeatable-read
 * transaction, so that they read one snapshot as the single statement did.
 */
async function tableFingerprints(): Promise<Record<string, string>> {
  const [schoolIds, cameraIds, organisationIds] = await Promise.all(
    [schema.schools, schema.cameras, schema.organisations].map(async (t) => (await app.db.select({ id: t.id }).from(t)).map((r) => r.id)),
  );
  const codeHashes = schoolIds.length
    ? (await app.db.select({ hash: schema.serialCodes.codeHash }).from(schema.serialCodes).where(inArray(schema.serialCodes.schoolId, schoolIds))).map(
        (r) => r.hash,
      )
    : [];
  const accounts = organisationIds.length
    ? await app.db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users).where(inArray(schema.users.organisationId, organisationIds))
    : [];
  const userIds = accounts.map((a) => a.id);
  const keyed: Record<string, string[]> = {
    school_id: schoolIds,
    camera_id: cameraIds,
    code_hash: codeHashes,
    organisation_id: organisationIds,
    id: userIds,
    user_id: userIds,
    email: accounts.map((a) => a.email.toLowerCase()),
  };
  const fingerprints: Record<string, string> = {};
  const parts = new Map<string, SQL[]>();
  for (const t of TABLES) {
    const placed = PLACEMENT[t];
    const key = placed && placed.group !== 'reference' ? placed.key : null;
    const ids = key ? keyed[key] : null;
    // a table spread by a key none of whose values exist yet holds no rows
    if (ids?.length === 0) fingerprints[t] = 'none';
    else {
      const where = ids ? sql` where ${sql.identifier(key!)} in (${valueList(ids)})` : sql``;
      const group = placed?.group === 'other' ? `other:${t}` : placed?.group === 'user' ? 'user group' : 'school group';
      if (!parts.has(group)) parts.set(group, []);
      parts
        .get(group)!
        .push(sql`select ${sql.raw(`'${t}'`)} as t, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as f from ${sql.identifier(t)}${where}`);
    }
  }
  const rows = await app.db.transaction(
    async (tx) => {
      const answers: Array<{ t: string; f: string }> = [];
      for (const group of parts.values()) answers.push(...rowsOf<{ t: string; f: string }>(await tx.execute(sql.join(group, sql` union all `))));
      return answers;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { ...fingerprints, ...Object.fromEntries(rows.map((r) => [r.t, r.f])) };
}

/** The next transaction id: it stays put while nothing writes, so the table fingerprints are only read after it moved. */
async function nextTransactionId(): Promise<string> {
  return rowsOf<{ x: string }>(await app.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0].x;
}

/** Watches the database: `changedTables()` names the tables written since the previous call. */
async function watchTables() {
  let tables = await tableFingerprints();
  let xid = await nextTransactionId();
  return async function changedTables(): Promise<string[]> {
    const nowXid = await nextTransactionId();
    if (nowXid === xid) return [];
    const now = await tableFingerprints();
    const changed = Object.keys(now).filter((t) => now[t] !== tables[t]);
    [tables, xid] = [now, nowXid];
    return changed;
  };
}

let ip = 0;

describe('odd payloads on every write route', () => {
  it('never answer 5xx, and a refused request writes nothing', async () => {
    const writes = app.routeTable.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const changedTables = await watchTables();
    for (const route of writes) {
      const role = roleFor(route);
      const client = role ? clients[role]! : anonymous;
      for (const { kind, request } of payloads(route)) {
        // each from its own address, so per-IP limits do not turn later requests into 429s
        const res = await client.request({
          method: route.method as InjectOptions['method'],
          url: concreteUrl(route),
          remoteAddress: `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          ...request,
        });
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const changed = await changedTables();
        const where = `${role ?? 'anonymous'} ${route.method} ${route.url} [${kind}] → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) failures.push(where);
        if (role && res.statusCode === 401) failures.push(`${where}: the session was lost`);
        if (res.statusCode >= 400 && res.statusCode < 500 && changed.length) failures.push(`${where}: wrote to ${changed.join(', ')}`);
      }
    }
    const sent = Object.values(statuses).reduce((a, b) => a + b, 0);
    console.log(`fuzz: ${sent} requests to ${writes.length} write routes, by status: ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
  }, 300_000);
});
