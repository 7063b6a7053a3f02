/**
 * Figures computed from a whole school's data (the administrator's dashboard, the reports, the
 * attendance rates) are cached in this process under the school's version: `school_versions`, raised
 * once, at commit, by every transaction that changes any of the school's tables (migration 0012).
 * The session lookup reads the version before the request computes anything, so a value is always at
 * least as new as the key it is stored under; a change committed anywhere, by any process, moves the
 * key on. Several processes each keep their own cache and agree through the database (ADR 0021).
 *
 * Values are shared between requests: callers must not change what they get.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { schools, schoolVersions } from '../db/schema';
import type { RequestUser } from '../request-user';
import { organisationSchoolIds } from './schools';

/**
 * Tables with `school_id` that do not raise the version: bookkeeping no cached figure is read from.
 * Every other table with `school_id` has the `school_version` trigger (a test checks it). A new area's
 * table gets the trigger in its migration (docs/ADDING-AN-AREA.md), or is listed here with a reason.
 */
export const SCHOOL_VERSION_EXEMPT = [
  'school_versions', // the counter itself
  'audit_log', // written beside the change it records
  'outbox', // mail waiting to go
  'messages', // SMS and WhatsApp waiting to go, and their delivery (written by the worker all day)
  'message_opt_outs', // numbers that asked for no more messages
  'notice_reads', // one user's unread marks
  'report_card_jobs', // progress of a PDF being built
  'school_report_card_jobs', // progress of a school's PDF being built
  'school_report_card_job_parts', // that PDF's bytes
  'uploads', // file metadata
  'application_tokens', // a public applicant's form token
  'result_pin_unlocks', // a PIN's uses
  'attendance_absence_notices', // which guardians were told today
  'serial_code_hashes', // the public code check's index, spread by the hash (ADR 0026); written with serial_codes, which raise it
] as const;

const MAX_ENTRIES = 500;

export class SchoolCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  /**
   * `enabled: false` (SCHOOL_CACHE=off) computes every time: for measuring the uncached cost. At most
   * `maxEntries` values are kept, the least recently used going first.
   */
  constructor(
    private readonly enabled = true,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /**
   * The value under `key`, computing it once on a miss: requests that miss together share one
   * computation. A failed computation is not kept.
   */
  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const hit = this.entries.get(key);
    if (hit) {
      // most recently used last: the oldest is evicted first
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as Promise<T>;
    }
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }

  /**
   * The values under `keys`, in their order; the keys missing from the cache are computed together by
   * one `computeMissing` call (which answers a value for each), and kept. Requests that miss together
   * share it, as `get` does.
   */
  async getMany<T>(keys: string[], computeMissing: (missing: string[]) => Promise<Map<string, T>>): Promise<T[]> {
    if (!this.enabled) {
      const values = await computeMissing(keys);
      return keys.map((key) => valueOf(values, key));
    }
    const found = new Map<string, Promise<unknown>>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const hit = this.entries.get(key);
      if (hit) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        found.set(key, hit);
      } else missing.push(key);
    }
    if (missing.length) {
      const batch = computeMissing(missing);
      for (const key of missing) {
        const pending = batch.then((values) => valueOf(values, key));
        found.set(key, pending);
        this.entries.set(key, pending);
        pending.catch(() => {
          if (this.entries.get(key) === pending) this.entries.delete(key);
        });
      }
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return Promise.all(keys.map((key) => found.get(key) as Promise<T>));
  }

  get size() {
    return this.entries.size;
  }
}

function valueOf<T>(values: Map<string, T>, key: string): T {
  if (!values.has(key)) throw new Error(`the computation gave no value for ${key}`);
  return values.get(key)!;
}

/** A school's version (0 before its first change). */
async function schoolVersion(db: DbOrTx, schoolId: string): Promise<number> {
  const [row] = await db.select({ version: schoolVersions.version }).from(schoolVersions).where(eq(schoolVersions.schoolId, schoolId));
  return row?.version ?? 0;
}

/**
 * The versions of every school of an organisation as one key part. The schools' ids come first (from
 * `schools`, a reference table), so that the versions are read by school (ADR 0026).
 */
export async function organisationVersionsKey(db: DbOrTx, organisationId: string): Promise<string> {
  const ids = await organisationSchoolIds(db, organisationId);
  if (ids.length === 0) return `${organisationId}:`;
  const rows = await db
    .select({ schoolId: schools.id, version: sql<number>`coalesce(${schoolVersions.version}, 0)`.mapWith(Number) })
    .from(schools)
    .leftJoin(schoolVersions, sql`${schoolVersions.schoolId} = ${schools.id}`)
    .where(and(eq(schools.organisationId, organisationId), inArray(schools.id, ids)))
    .orderBy(schools.id);
  return `${organisationId}:` + rows.map((r) => `${r.schoolId}@${r.version}`).join(',');
}

/**
 * `compute()`, cached under the school's current version and `name` + `params` (everything the value
 * depends on besides the school's data: the term, the date, the caller's class filter…). The signed-in
 * user's own school's version comes with the session; another school's is read. `viewers: true` keeps
 * it in the viewers' cache (`app.viewerCache`): values of one student or family, many and small, which
 * must not push the school-wide figures out of theirs.
 */
export async function schoolCached<T>(
  app: FastifyInstance,
  request: Pick<FastifyRequest, 'user'>,
  schoolId: string,
  name: string,
  params: unknown,
  compute: () => Promise<T>,
  { viewers = false } = {},
): Promise<T> {
  const user = request.user;
  const version = user && user.schoolId === schoolId && user.schoolVersion !== null ? user.schoolVersion : await schoolVersion(app.db, schoolId);
  return (viewers ? app.viewerCache : app.schoolCache).get(`${schoolId}@${version}|${name}|${JSON.stringify(params)}`, compute);
}

/** `compute()`, cached under the versions of every school of the organisation. */
export async function organisationCached<T>(
  app: FastifyInstance,
  organisationId: string,
  name: string,
  params: unknown,
  compute: () => Promise<T>,
): Promise<T> {
  const version = await organisationVersionsKey(app.db, organisationId);
  return app.schoolCache.get(`${version}|${name}|${JSON.stringify(params)}`, compute);
}

/**
 * Values computed from one school's data, cached under the school's version as the request saw it
 * (the request context's `schoolCache`): keys are the caller's, prefixed with the school and version.
 */
export interface ScopedCache {
  getMany<T>(keys: string[], computeMissing: (missing: string[]) => Promise<Map<string, T>>): Promise<T[]>;
}

export function scopedCache(app: FastifyInstance, user: Pick<RequestUser, 'schoolId' | 'schoolVersion'>): ScopedCache {
  const schoolId = user.schoolId;
  const version = user.schoolVersion;
  return {
    async getMany<T>(keys: string[], computeMissing: (missing: string[]) => Promise<Map<string, T>>) {
      // without a school (an owner) or its version, nothing is kept
      if (!schoolId || version === null) {
        const values = await computeMissing(keys);
        return keys.map((key) => valueOf(values, key));
      }
      const prefix = `${schoolId}@${version}|`;
      return app.schoolCache.getMany(
        keys.map((key) => prefix + key),
        async (missing) => {
          const values = await computeMissing(missing.map((key) => key.slice(prefix.length)));
          return new Map([...values].map(([key, value]) => [prefix + key, value]));
        },
      );
    },
  };
}
