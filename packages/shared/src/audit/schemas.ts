import { z } from 'zod';
import type { Role } from '../auth/roles';
import { optionalDateField } from '../fields';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function optionalText(max = 100) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
}

function optionalId(message: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || UUID.test(value), { error: message });
}

/** GET /api/audit: one page of the audit trail, newest first. Dates are days in the school's zone. */
export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    schoolId: optionalId('Unknown school'),
    userId: optionalId('Unknown user'),
    /** Part of the actor's name or email. */
    actor: optionalText(),
    /** The kind of record, e.g. staff, user, academic_session (exact, any case). */
    entity: optionalText(),
    /** The action or its beginning, e.g. 'staff.' or 'auth.login'. */
    action: optionalText(),
    from: optionalDateField('Invalid date'),
    to: optionalDateField('Invalid date'),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    error: 'The start date must not be after the end date',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export interface AuditEntryView {
  id: string;
  createdAt: string;
  actor: { id: string; name: string; email: string; role: Role } | null;
  school: { id: string; name: string } | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface AuditFilters {
  schools: Array<{ id: string; name: string }>;
}
