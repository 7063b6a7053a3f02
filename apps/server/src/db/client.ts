import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { SERVER_ROOT } from '../config';
import { startEmbeddedPostgres } from './embedded';
import * as schema from './schema';

export type Schema = typeof schema;
/** The common face of the PGlite and postgres.js drivers; repositories take this or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Raw `db.execute` results: PGlite answers `{ rows }`, postgres.js an array; read both. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the embedded PostgreSQL that this process started or found running in the data folder (ADR 0025) */
  embedded?: boolean;
  /** how many SQL statements this process has sent (PostgreSQL; tests count a request's queries with it) */
  statements(): number;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Drizzle runs every unnamed query through postgres.js with `prepare: false`, and postgres.js then
 * asks the server to describe each query before running it: two round trips and a fresh plan per
 * query. This makes every query a per-connection prepared statement (postgres.js's own default,
 * keyed by the query text), inside transactions too. On the large school it took a register request
 * from five described-and-planned queries to five executions of cached plans (ADR 0021).
 */
function preparing(client: postgres.Sql, inspect?: (query: string) => void): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
          inspect?.(query);
          return target.unsafe(query, params, { ...options, prepare: true });
        };
      }
      if (key === 'begin' || key === 'savepoint') {
        const original = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const fn = args.at(-1) as (tx: postgres.Sql) => unknown;
          return original.apply(target, [...args.slice(0, -1), (tx: postgres.Sql) => fn(preparing(tx, inspect))]);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/** The database the app's data lives in inside the embedded cluster. */
const EMBEDDED_DATABASE = 'schoolsuite';

/**
 * The embedded cluster's connections, each a PostgreSQL process of ~11 MiB once it has run the app's
 * queries: twice the cores (PostgreSQL's rule of thumb; the app and the database share those cores),
 * at most 10 as for DATABASE_URL. On 2 cores 4 answer the dashboards as fast as 10 did (ADR 0025,
 * addendum of 2026-11-27). Idle connections close after 30 s.
 */
export const EMBEDDED_POOL_SIZE = Math.min(10, 2 * os.availableParallelism());

/**
 * DATABASE_URL → that PostgreSQL server. A data folder → the embedded PostgreSQL in `<dataDir>/postgres`
 * (started here, stopped by close()). Neither → an in-memory PGlite (reading an old PGlite data folder
 * for its import, ADR 0025; `pglite` passes one in).
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir?: string | null;
  pglite?: PGlite;
  log?: (line: string) => void;
  /** sees each statement the app sends before it goes (tests check that it names its shard: ADR 0026) */
  inspect?: (query: string) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres((debug) => postgres(opts.databaseUrl!, { max: 10, onnotice: () => {}, idle_timeout: 30, debug }), opts.inspect);
  }
  if (opts.dataDir && !opts.pglite) return openEmbedded(opts.dataDir, opts.log);
  const pg = opts.pglite ?? new PGlite();
  await pg.waitReady;
  const db = drizzlePglite(pg, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    statements: () => 0,
    migrate: () => migratePglite(db as any, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (!pg.closed) await pg.close();
    },
  };
}

function openPostgres(connect: (debug: () => void) => postgres.Sql, inspect?: (query: string) => void): Database {
  let statements = 0;
  const sqlClient = connect(() => statements++);
  const db = drizzlePostgres(preparing(sqlClient, inspect), { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    statements: () => statements,
    migrate: () => migratePostgres(db as any, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => sqlClient.end({ timeout: 5 }),
  };
}

async function openEmbedded(dataDir: string, log?: (line: string) => void): Promise<Database> {
  const cluster = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { log });
  const options = { host: cluster.host, port: cluster.port, user: cluster.user, onnotice: () => {} };
  try {
    const admin = postgres({ ...options, database: 'postgres', max: 1 });
    try {
      const [found] = await admin`select 1 as found from pg_database where datname = ${EMBEDDED_DATABASE}`;
      if (!found) await admin.unsafe(`create database ${EMBEDDED_DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  const database = openPostgres((debug) => postgres({ ...options, database: EMBEDDED_DATABASE, max: EMBEDDED_POOL_SIZE, idle_timeout: 30, debug }));
  return {
    ...database,
    embedded: true,
    async close() {
      await database.close();
      await cluster.stop();
    },
  };
}
