/** Who writes in the finance area, and the audit fields every finance change records. */
import type { RequestUser } from '../../types';

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
  origin: string;
}

/** The audit fields of a finance change. */
export const auditBase = (ctx: WriteContext) => ({ organisationId: ctx.actor.organisationId, schoolId: ctx.schoolId, userId: ctx.actor.id, ip: ctx.ip });
