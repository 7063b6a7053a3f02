/** What the academics services share: their messages, the actor, its school, session and audit fields. */
import type { Db, DbOrTx, Tx } from '../../db/client';
import { audit, type AuditEntry } from '../../lib/audit';
import { badRequest, type HttpError } from '../../lib/http-errors';
import { requireSchool, type RequestContext } from '../../policies/context';
import type { RequestUser } from '../../types';
import * as repo from './academics.repository';

export const NO_SESSION = 'Create an academic session first (Settings → Sessions & terms)';
export const NOT_A_TEACHER = 'Choose a teacher of this school';

export interface Actor {
  user: RequestUser;
  schoolId: string;
  ip: string;
}

/** Who acts: the user, their school and address. */
export function actorOf(ctx: RequestContext): Actor {
  return { user: ctx.user, schoolId: requireSchool(ctx), ip: ctx.ip };
}

/** The audit fields of an academics change. */
export const auditBase = (actor: Actor) => ({ organisationId: actor.user.organisationId, schoolId: actor.schoolId, userId: actor.user.id, ip: actor.ip });

/**
 * Makes a change and writes its audit row (`entry` of what `write` answered) in one transaction. When
 * the database refuses the change, `refused` may name the answer (a 409 for a clash, a record in use).
 */
export async function auditedWrite<T>(
  db: Db,
  actor: Actor,
  write: (tx: Tx) => Promise<T>,
  entry: (result: T) => Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'before' | 'after'>,
  refused: (error: unknown) => HttpError | undefined,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await write(tx);
      await audit(tx, { ...auditBase(actor), ...entry(result) });
      return result;
    });
  } catch (error) {
    throw refused(error) ?? error;
  }
}

/** The session the request looks at (header, the user's choice, or the Active one) — of the user's school. */
export async function sessionOf(ctx: RequestContext) {
  const session = await ctx.academicSession();
  return session && session.schoolId === ctx.schoolId ? session : null;
}

/** The chosen teacher of the school (none when no id), or a 400 on the field. */
export async function requireTeacher(db: DbOrTx, schoolId: string, id: string | null, field: string) {
  if (!id) return null;
  const teacher = await repo.findTeacher(db, schoolId, id);
  if (!teacher) throw badRequest(NOT_A_TEACHER, { [field]: NOT_A_TEACHER });
  return teacher;
}
