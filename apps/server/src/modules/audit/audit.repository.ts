import { DEFAULT_TIME_ZONE } from '@school/shared/constants';
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, organisationAuditLog, schools } from '../../db/schema';
import { type AccountSummary, accountsByIds } from '../../lib/accounts';
import { organisationSchoolIds } from '../../lib/schools';

/** Whose entries a reader sees: a super administrator their organisation's, an administrator their school's. */
export type AuditScope = { organisationId: string } | { schoolId: string };

export interface AuditFilter {
  page: number;
  pageSize: number;
  schoolId?: string;
  userId?: string;
  actor?: string;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The columns both audit tables have: a school's audit_log and the organisation's own organisation_audit_log. */
type AuditTable = typeof auditLog | typeof organisationAuditLog;

/**
 * Where the entries in scope are, each source read by its key (ADR 0026): a school's administrator reads
 * the school's audit_log; a super administrator their schools' (named one by one: an explicit fan-out to
 * their shards) and the organisation's own entries (its settings, schools, cameras …), unless a school is
 * chosen.
 */
async function sourcesOf(db: DbOrTx, scope: AuditScope, filter: AuditFilter): Promise<Array<{ table: AuditTable; where: SQL }>> {
  if ('schoolId' in scope) return [{ table: auditLog, where: eq(auditLog.schoolId, scope.schoolId) }];
  if (filter.schoolId) return [{ table: auditLog, where: eq(auditLog.schoolId, filter.schoolId) }];
  const ids = await organisationSchoolIds(db, scope.organisationId);
  const own = { table: organisationAuditLog, where: eq(organisationAuditLog.organisationId, scope.organisationId) };
  return ids.length > 0 ? [{ table: auditLog, where: inArray(auditLog.schoolId, ids) }, own] : [own];
}

function filterConditions(table: AuditTable, filter: AuditFilter): Array<SQL | undefined> {
  const conditions: Array<SQL | undefined> = [];
  if (filter.userId) conditions.push(eq(table.userId, filter.userId));
  if (filter.entity) conditions.push(sql`lower(${table.entity}) = ${filter.entity.toLowerCase()}`);
  if (filter.action) conditions.push(sql`${table.action} ilike ${`${escapeLike(filter.action)}%`}`);
  // the dates are whole days in the schools' zone (Africa/Lagos)
  if (filter.from) conditions.push(sql`${table.createdAt} >= (${filter.from}::date)::timestamp at time zone ${DEFAULT_TIME_ZONE}`);
  if (filter.to) conditions.push(sql`${table.createdAt} < (${filter.to}::date + 1)::timestamp at time zone ${DEFAULT_TIME_ZONE}`);
  return conditions;
}

/**
 * The accounts that wrote the entries matching each source's `where`, and which of them match `actor` by
 * part of their name or e-mail (any case). The entries' statements, then the accounts' (ADR 0026: a
 * statement never joins the school's rows with `users`).
 */
async function actorsMatching(db: DbOrTx, sources: Array<{ table: AuditTable; where: SQL | undefined }>, actor: string) {
  const writers = await Promise.all(
    sources.map(({ table, where }) =>
      db
        .selectDistinct({ userId: table.userId })
        .from(table)
        .where(and(where, isNotNull(table.userId))),
    ),
  );
  const accounts = await accountsByIds(
    db,
    writers.flat().map((w) => w.userId),
  );
  const part = actor.toLowerCase();
  const ids = [...accounts.values()].filter((a) => a.name.toLowerCase().includes(part) || a.email.toLowerCase().includes(part)).map((a) => a.id);
  return { accounts, ids };
}

/**
 * One page of the audit trail, newest first, with the actor and the school, and the number matching. From
 * two sources (a super administrator's view), each gives its newest `page × pageSize` entries and the page
 * is cut from the two merged.
 */
export async function listAuditEntries(db: DbOrTx, scope: AuditScope, filter: AuditFilter) {
  let sources = (await sourcesOf(db, scope, filter)).map(({ table, where }) => ({ table, where: and(where, ...filterConditions(table, filter)) }));
  let actors: Map<string, AccountSummary> | null = null;
  if (filter.actor) {
    const matching = await actorsMatching(db, sources, filter.actor);
    actors = matching.accounts;
    sources = sources.map(({ table, where }) => ({ table, where: and(where, matching.ids.length > 0 ? inArray(table.userId, matching.ids) : sql`false`) }));
  }

  const offset = (filter.page - 1) * filter.pageSize;
  const single = sources.length === 1;
  const read = await Promise.all(
    sources.map(async ({ table, where }) => {
      const [entries, [counted]] = await Promise.all([
        db
          .select({
            id: table.id,
            createdAt: table.createdAt,
            action: table.action,
            entity: table.entity,
            entityId: table.entityId,
            before: table.before,
            after: table.after,
            ip: table.ip,
            userId: table.userId,
            schoolId: table === auditLog ? auditLog.schoolId : sql<string | null>`null`,
          })
          .from(table)
          .where(where)
          .orderBy(desc(table.createdAt), desc(table.id))
          .limit(single ? filter.pageSize : offset + filter.pageSize)
          .offset(single ? offset : 0),
        db.select({ total: count() }).from(table).where(where),
      ]);
      return { entries, total: counted!.total };
    }),
  );
  const merged = read.flatMap((r) => r.entries);
  const entries = single
    ? merged
    : merged.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(offset, offset + filter.pageSize);
  const total = read.reduce((sum, r) => sum + r.total, 0);

  // the schools' names and the actors: those found for the filter already, or the page's, by id
  const schoolIds = [...new Set(entries.map((e) => e.schoolId).filter((id): id is string => id !== null))];
  const [names, accounts] = await Promise.all([
    schoolIds.length > 0 ? db.select({ id: schools.id, name: schools.name }).from(schools).where(inArray(schools.id, schoolIds)) : [],
    actors ??
      accountsByIds(
        db,
        entries.map((e) => e.userId),
      ),
  ]);
  const schoolName = new Map(names.map((n) => [n.id, n.name]));
  const rows = entries.map(({ userId, schoolId, ...entry }) => {
    const account = userId ? accounts.get(userId) : undefined;
    return {
      ...entry,
      schoolId: schoolId ?? null,
      schoolName: schoolId ? (schoolName.get(schoolId) ?? null) : null,
      actorId: account?.id ?? null,
      actorName: account?.name ?? null,
      actorEmail: account?.email ?? null,
      actorRole: account?.role ?? null,
    };
  });
  return { rows, total };
}

export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>['rows'][number];

/** The schools a reader may filter by. */
export function schoolsInScope(db: DbOrTx, scope: AuditScope) {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where('schoolId' in scope ? eq(schools.id, scope.schoolId) : eq(schools.organisationId, scope.organisationId))
    .orderBy(asc(schools.name));
}

export async function schoolInScope(db: DbOrTx, scope: AuditScope, schoolId: string): Promise<boolean> {
  if ('schoolId' in scope) return scope.schoolId === schoolId;
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, schoolId), eq(schools.organisationId, scope.organisationId)))
    .limit(1);
  return Boolean(row);
}
