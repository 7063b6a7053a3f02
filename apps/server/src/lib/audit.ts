import type { DbOrTx } from '../db/client';
import { auditLog, organisationAuditLog } from '../db/schema';

export interface AuditEntry {
  /** every action is within an organisation: the operator's too (on the organisation it acts on) */
  organisationId: string;
  /** the school whose data changed; none for the organisation's own (its settings, schools, cameras …) */
  schoolId?: string | null;
  userId?: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * Writes one audit row; call it inside the transaction of the write it describes. A school's go to its
 * audit_log, the organisation's own to organisation_audit_log (ADR 0026: each spread by its key).
 */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const row = {
    organisationId: entry.organisationId,
    userId: entry.userId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  };
  if (entry.schoolId) await db.insert(auditLog).values({ ...row, schoolId: entry.schoolId });
  else await db.insert(organisationAuditLog).values(row);
}
