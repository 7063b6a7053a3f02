import { z } from 'zod';
import { optionalDateField, UUID } from '../fields';

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
