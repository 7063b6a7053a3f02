/** What the audit trail endpoints answer (server response schemas; web types). */
import { z } from 'zod';
import { ROLES } from '../auth/roles';

const schoolRef = z.object({ id: z.string(), name: z.string() });

/** One entry of the audit trail. */
export const auditEntryResponse = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** null for a system action or a deleted user */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) }).nullable(),
  school: schoolRef.nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The record before and after the change, as the module recorded it. */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntryResponse>;

/** GET /api/audit: one page, newest first. */
export const auditPageResponse = z.object({ items: z.array(auditEntryResponse), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AuditPage = z.infer<typeof auditPageResponse>;

/** GET /api/audit/filters: the schools the reader sees. */
export const auditFiltersResponse = z.object({ schools: z.array(schoolRef) });
export type AuditFilters = z.infer<typeof auditFiltersResponse>;
