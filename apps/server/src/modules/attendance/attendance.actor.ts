/** Who asks about attendance and the classes and register dates they may reach, with the helpers the service shares. */
import type { AttendanceTerm } from '@school/shared/attendance/responses';
import { FUTURE_DATE, NOT_A_SCHOOL_DAY, OUT_OF_TERM } from '@school/shared/attendance/schemas';
import { CLASS_LEVELS } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { mayTakeRegister, seesEveryRegister } from '../../policies/attendance';
import type { RequestContext } from '../../policies/context';
import { termOfDate, todayIn, weekday } from './attendance.calendar';
import * as repo from './attendance.repository';
import { className } from '@school/shared/academics/schemas';

export const CLASS_NOT_FOUND = 'Class not found';
export const STUDENT_NOT_FOUND = 'Student not found';
export const TERM_NOT_FOUND = 'Term not found';
export const NOT_CLASS_TEACHER = (className: string) => `Only the class teacher of ${className} can take its register`;

const levelRank = (level: string) => {
  const i = (CLASS_LEVELS as readonly string[]).indexOf(level);
  return i < 0 ? CLASS_LEVELS.length : i;
};
/** Classes in level order, then by arm. */
export function sortClasses<T extends { level: string; arm: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => levelRank(a.level) - levelRank(b.level) || a.arm.localeCompare(b.arm, 'en', { numeric: true }));
}
/** A term as the attendance screens show it. */
export const presentTerm = (t: repo.TermRow): AttendanceTerm => ({
  id: t.id,
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  isCurrent: t.isCurrent,
});
/** A student's name as the attendance screens show it. */

export interface Actor {
  ctx: RequestContext;
  userId: string;
  organisationId: string;
  schoolId: string;
  schoolName: string;
  timeZone: string;
  staff: { id: string; name: string } | null;
}

/** The actor of an attendance request: school (name, time zone) and staff record; null without a school. */
export async function actorOf(app: FastifyInstance, ctx: RequestContext): Promise<Actor | null> {
  const user = ctx.user;
  if (!ctx.schoolId) return null;
  const found = await repo.schoolAndStaff(app.db, ctx.schoolId, user.id);
  if (!found) return null;
  return {
    ctx,
    userId: user.id,
    organisationId: user.organisationId,
    schoolId: ctx.schoolId,
    schoolName: found.schoolName,
    timeZone: found.timeZone,
    staff: found.staff,
  };
}

/** Whether the actor sees every class's register. */
export const everyClass = (a: Actor) => seesEveryRegister(a.ctx);

/** The class, if the actor may take its register (policies/attendance.ts `mayTakeRegister`). */
export async function classForRegister(db: DbOrTx, actor: Actor, classId: string) {
  // a user of the school without a staff record has no register to take: for them the class does not exist
  const cls = everyClass(actor) || actor.staff ? await repo.findClassWithTerms(db, actor.schoolId, classId) : null;
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  if (!mayTakeRegister(actor.ctx, cls, actor.staff?.id ?? null)) throw forbidden(NOT_CLASS_TEACHER(className(cls.level, cls.arm)));
  return cls;
}

/** The term of a register date: not in the future, Monday to Friday, inside a term of the class's session (400 otherwise). */
export function termForDate(actor: Actor, cls: repo.ClassRow & { terms: repo.TermRow[] }, date: string) {
  if (date > todayIn(actor.timeZone)) throw badRequest(FUTURE_DATE, { date: FUTURE_DATE });
  const dow = weekday(date);
  if (dow === 0 || dow === 6) throw badRequest(NOT_A_SCHOOL_DAY, { date: NOT_A_SCHOOL_DAY });
  const term = termOfDate(cls.terms, date);
  if (!term) {
    const message = OUT_OF_TERM(cls.sessionName);
    throw badRequest(message, { date: message });
  }
  return term;
}
