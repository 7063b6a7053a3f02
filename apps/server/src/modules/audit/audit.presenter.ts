import type { Role } from '@school/shared/auth/roles';
import type { AuditEntryView } from '@school/shared/audit/responses';
import type { AuditRow } from './audit.repository';

const SECRET_KEY = /password|hash|token|secret/i;

/** A copy of a stored before/after value with anything secret-looking blanked out. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '[hidden]' : redactSecrets(inner)]));
  }
  return value;
}

export function presentAuditEntry(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName!, email: row.actorEmail!, role: row.actorRole as Role } : null,
    school: row.schoolId ? { id: row.schoolId, name: row.schoolName! } : null,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: redactSecrets(row.before),
    after: redactSecrets(row.after),
    ip: row.ip,
  };
}
