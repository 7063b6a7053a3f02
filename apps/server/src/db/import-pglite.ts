import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from './client';

/**
 * Until ADR 0025 the embedded database was PGlite, its files directly in the data folder. A school that
 * upgrades keeps every record: on the first start of the embedded PostgreSQL, when its database is still
 * empty and an old PGlite folder is there, the old database is brought to the current migrations and
 * every table is copied across (COPY in PostgreSQL's text format, which round-trips every type), in one
 * transaction. The PGlite files stay where they are, untouched, until the school removes them.
 */
export function hasPgliteData(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION')) && fs.existsSync(path.join(dataDir, 'base'));
}

export interface ImportReport {
  tables: number;
  rows: number;
}

export async function importFromPglite(source: PGlite | string, target: Database): Promise<ImportReport> {
  const pglite = typeof source === 'string' ? new PGlite(source) : source;
  const old = await openDatabase({ databaseUrl: null, pglite });
  try {
    await old.migrate();
    const tables = (await pglite.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).rows.map(
      (t) => t.name,
    );
    let rows = 0;
    await target.db.transaction(async (tx) => {
      // Foreign keys are checked by triggers; as the cluster's superuser, copy in any order without them.
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of tables) {
        const counted = await pglite.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
        const count = counted.rows[0]?.n ?? 0;
        if (!count) continue;
        const copied = await pglite.query(`copy "${table}" to '/dev/blob'`);
        const text = copied.blob ? await copied.blob.text() : '';
        await copyInto(tx, table, text);
        rows += count;
      }
      await tx.execute(sql`set local session_replication_role = origin`);
      // sequences (none today) continue after the highest copied value
      const sequences = rowsOf<{ table: string; column: string }>(
        await tx.execute(
          sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
        ),
      );
      for (const { table, column } of sequences) {
        await tx.execute(
          sql.raw(`select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`),
        );
      }
    });
    return { tables: tables.length, rows };
  } finally {
    if (typeof source === 'string') await old.close();
  }
}

/** COPY FROM STDIN needs the driver's stream; rows in text format go in as the same statement's data. */
async function copyInto(tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0], table: string, text: string) {
  // drizzle's postgres-js session exposes the postgres.js client of this transaction
  const client = (tx as unknown as { session: { client: import('postgres').Sql } }).session.client;
  const writable = await client.unsafe(`copy "${table}" from stdin`).writable();
  await new Promise<void>((resolve, reject) => {
    writable.on('error', reject);
    writable.on('finish', resolve);
    writable.end(text);
  });
}
