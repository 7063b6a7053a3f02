import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { SERVER_ROOT } from '../config';
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
function preparing(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params, { ...options, prepare: true });
      }
      if (key === 'begin' || key === 'savepoint') {
        const original = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const fn = args.at(-1) as (tx: postgres.Sql) => unknown;
          return original.apply(target, [...args.slice(0, -1), (tx: postgres.Sql) => fn(preparing(tx))]);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir?: string | null; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    const sqlClient = postgres(opts.databaseUrl, { max: 10, onnotice: () => {}, idle_timeout: 30 });
    const db = drizzlePostgres(preparing(sqlClient), { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db as any, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => sqlClient.end({ timeout: 5 }),
    };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    client = new PGlite(opts.dataDir ?? undefined);
  }
  await client.waitReady;
  const pg = client;
  const db = drizzlePglite(pg, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as any, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (!pg.closed) await pg.close();
    },
  };
}
