import { getTableName } from 'drizzle-orm';
import { type AnyPgColumn, type ForeignKey, type PgTable, primaryKey } from 'drizzle-orm/pg-core';
import { PLACEMENT } from './placement';

type ExtraConfig = (columns: Record<string, AnyPgColumn>) => unknown[];
type Reference = ForeignKey['reference'];

// drizzle-orm's own keys on a table object (drizzle-orm/table.js, pg-core/table.js)
const INLINE_FOREIGN_KEYS = Symbol.for('drizzle:PgInlineForeignKeys');
const EXTRA_CONFIG_BUILDER = Symbol.for('drizzle:ExtraConfigBuilder');

/**
 * A table of one school's rows, keyed the way a database sharded by school needs (ADR 0026): a row's
 * `id` is unique within its school, so the primary key is `(school_id, id)`; and each reference to
 * another school table is to the same school's row, `(school_id, x_id) → (school_id, id)`, so that no
 * row can point into another school and every join has the school on both sides. References to
 * `schools`, `organisations` and `cameras` stay as they are; those to `users` are dropped (another group).
 *
 * The table is declared as any other (`id: id()`, `classId: classId('cascade')`); this rewrites its
 * primary key and its references in place, so that the app's queries and drizzle-kit see the same keys
 * as the database (migration 0015). A reference that is SET NULL on delete becomes, in the migration's
 * SQL, `ON DELETE SET NULL (x_id)`: the school column is never nulled.
 */
export function inSchool<T extends PgTable>(table: T): T {
  const columns = table as unknown as Record<string, AnyPgColumn>;
  const schoolId = columns.schoolId;
  if (!schoolId) throw new Error(`${getTableName(table)} has no school_id`);
  const id = columns.id as (AnyPgColumn & { primary: boolean }) | undefined;
  if (id?.primary) {
    id.primary = false;
    const record = table as unknown as Record<symbol, ExtraConfig | undefined>;
    const extras = record[EXTRA_CONFIG_BUILDER];
    record[EXTRA_CONFIG_BUILDER] = (t) => [...(extras?.(t) ?? []), primaryKey({ columns: [t.schoolId!, t.id!] })];
  }
  const inline = table as unknown as Record<symbol, Array<{ reference: Reference }>>;
  const foreignKeys = inline[INLINE_FOREIGN_KEYS] ?? [];
  // references to an account are kept as ids without a foreign key: accounts are another group (ADR 0026);
  // what deleting an account does to these rows is ACCOUNT_REFERENCES' (db/placement.ts). Read lazily, as
  // drizzle reads the references, once every table is defined.
  Object.defineProperty(table, INLINE_FOREIGN_KEYS, {
    get: () => foreignKeys.filter((fk) => getTableName(fk.reference().foreignTable) !== 'users'),
    configurable: true,
  });
  for (const fk of foreignKeys) {
    const reference = fk.reference;
    fk.reference = () => {
      const found = reference();
      if (found.columns.length !== 1 || PLACEMENT[getTableName(found.foreignTable)]?.group !== 'school') return found;
      const target = found.foreignTable as unknown as Record<string, AnyPgColumn>;
      return { ...found, columns: [schoolId, ...found.columns], foreignColumns: [target.schoolId!, ...found.foreignColumns] };
    };
  }
  return table;
}
