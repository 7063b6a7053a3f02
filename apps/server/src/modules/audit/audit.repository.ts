import { DEFAULT_TIME_ZONE } from '@school/shared/constants';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, schools, users } from '../../db/schema';

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

async function scopeCondition(db: DbOrTx, scope: AuditScope): Promise<SQL | undefined> {
  if ('schoolId' in scope) return eq(auditLog.schoolId, scope.schoolId);
  // entries about the organisation itself (no school: ADR 0026 moves them to organisation_audit_log), and entries
  // of any of its schools, named one by one (an explicit fan-out to their shards)
  const ids = (await db.select({ id: schools.id }).from(schools).where(eq(schools.organisationId, scope.organisationId))).map((s) => s.id);
  const own = eq(auditLog.organisationId, scope.organisationId);
  return ids.length > 0 ? or(own, inArray(auditLog.schoolId, ids)) : own;
}

/** One page of the audit trail, newest first, with the actor and the school, and the number matching. */
export async function listAuditEntries(db: DbOrTx, scope: AuditScope, filter: AuditFilter) {
  const conditions: Array<SQL | undefined> = [await scopeCondition(db, scope)];
  if (filter.schoolId) conditions.push(eq(auditLog.schoolId, filter.schoolId));
  if (filter.userId) conditions.push(eq(auditLog.userId, filter.userId));
  if (filter.actor) {
    const pattern = `%${escapeLike(filter.actor)}%`;
    conditions.push(or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`));
  }
  if (filter.entity) conditions.push(sql`lower(${auditLog.entity}) = ${filter.entity.toLowerCase()}`);
  if (filter.action) conditions.push(sql`${auditLog.action} ilike ${`${escapeLike(filter.action)}%`}`);
  // the dates are whole days in the schools' zone (Africa/Lagos)
  if (filter.from) conditions.push(sql`${auditLog.createdAt} >= (${filter.from}::date)::timestamp at time zone ${DEFAULT_TIME_ZONE}`);
  if (filter.to) conditions.push(sql`${auditLog.createdAt} < (${filter.to}::date + 1)::timestamp at time zone ${DEFAULT_TIME_ZONE}`);
  const where = and(...conditions);

  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        ip: auditLog.ip,
        actorId: users.id,
        actorName: users.name,
        actorEmail: users.email,
        actorRole: users.role,
        schoolId: schools.id,
        schoolName: schools.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(schools, eq(schools.id, auditLog.schoolId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    filter.actor
      ? db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(where)
      : db.select({ total: count() }).from(auditLog).where(where),
  ]);
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
