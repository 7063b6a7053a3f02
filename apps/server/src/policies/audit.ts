/**
 * The audit trail is read by the people who run schools: an owner reads their organisation's
 * entries (the organisation's own and every school's), a school's administrator their school's.
 */
import { ADMINISTRATORS, isOwner } from './actors';
import type { RequestContext } from './context';
import { matrixRoute } from './policy';

export const auditPolicy = {
  read: matrixRoute('audit.read', 'security', 'view', { actors: ADMINISTRATORS }),
  readFilters: matrixRoute('audit.readFilters', 'security', 'view', { actors: ADMINISTRATORS }),
};

/** Whose entries the actor reads: the organisation's (an owner) or their school's; null for a school user without a school. */
export function auditScope(ctx: Pick<RequestContext, 'user' | 'organisationId' | 'schoolId'>): { organisationId: string } | { schoolId: string } | null {
  if (isOwner(ctx)) return { organisationId: ctx.organisationId };
  return ctx.schoolId ? { schoolId: ctx.schoolId } : null;
}
