/**
 * The school calendar's holidays (issue 18, ADR 0033): listed per session for the school's staff, set
 * by its administrators. A holiday lies inside one term, shares no day with another holiday and covers
 * no day a register was taken; each change is audited. Changes run under the school's lock (the one
 * the sessions and terms take), so two overlapping holidays cannot both pass the check.
 */
import {
  holidayOutsideTermMessage,
  holidayOverlapMessage,
  holidayOverRegisterMessage,
  weekdaysBetween,
  type HolidayListResponse,
  type HolidayResponse,
  type HolidayValues,
} from '@school/shared/academics/holidays';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import { schoolIdsOf } from '../../lib/schools';
import type { RequestContext } from '../../policies/context';
import * as holidays from './academic-sessions.holidays.repository';
import * as repo from './academic-sessions.repository';

type Actor = Pick<RequestContext, 'user' | 'ip' | 'organisationId' | 'schoolId'>;
type Reader = Pick<RequestContext, 'organisationId' | 'schoolId'>;

export const HOLIDAY_NOT_FOUND = 'Holiday not found';

interface TermSpan {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
}

function present(row: holidays.HolidayRow, terms: TermSpan[]): HolidayResponse {
  const term = terms.find((t) => t.startDate <= row.startDate && row.endDate <= t.endDate) ?? null;
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    weekdays: weekdaysBetween(row.startDate, row.endDate),
    termId: term?.id ?? null,
    termName: term?.name ?? null,
  };
}

/** The session's school among those the actor reaches (the policy has checked the session is in reach). */
async function sessionInReach(db: DbOrTx, ctx: Reader, sessionId: string) {
  const schoolId = await repo.schoolIdOfSession(db, await schoolIdsOf(db, ctx), sessionId);
  const session = schoolId ? await repo.findSessionInSchool(db, schoolId, sessionId) : null;
  if (!session) throw notFound('Academic session not found');
  return session;
}

/** The holidays touching the session's terms, earliest first. */
export async function listHolidays(app: FastifyInstance, ctx: Reader, sessionId: string): Promise<HolidayListResponse> {
  const session = await sessionInReach(app.db, ctx, sessionId);
  const terms = await repo.termsOfSession(app.db, session.schoolId, session.id);
  if (terms.length === 0) return { items: [] };
  const from = terms.reduce((min, t) => (t.startDate < min ? t.startDate : min), terms[0].startDate);
  const to = terms.reduce((max, t) => (t.endDate > max ? t.endDate : max), terms[0].endDate);
  const rows = await holidays.holidaysBetween(app.db, session.schoolId, from, to);
  return { items: rows.map((row) => present(row, terms)) };
}

/** The checks every new or changed holiday passes, in the transaction that writes it (400 naming the field). */
async function checkHoliday(tx: DbOrTx, schoolId: string, input: HolidayValues, where: { sessionId?: string; sessionName?: string; exceptId?: string }) {
  const term = await holidays.termHolding(tx, schoolId, input.startDate, input.endDate, where.sessionId);
  if (!term) {
    const message = holidayOutsideTermMessage(where.sessionName);
    throw badRequest(message, { startDate: message });
  }
  const other = await holidays.overlappingHoliday(tx, schoolId, input.startDate, input.endDate, where.exceptId);
  if (other) {
    const message = holidayOverlapMessage(other);
    throw badRequest(message, { startDate: message });
  }
  const registerDay = await holidays.firstRegisterBetween(tx, schoolId, input.startDate, input.endDate);
  if (registerDay) {
    const message = holidayOverRegisterMessage(registerDay);
    throw badRequest(message, { startDate: message });
  }
  return term;
}

const auditBase = (actor: Actor, schoolId: string) => ({ organisationId: actor.user.organisationId, schoolId, userId: actor.user.id, ip: actor.ip });
const shown = (h: { name: string; startDate: string; endDate: string }) => ({ name: h.name, startDate: h.startDate, endDate: h.endDate });

export async function addHoliday(app: FastifyInstance, actor: Actor, sessionId: string, input: HolidayValues): Promise<HolidayResponse> {
  const session = await sessionInReach(app.db, actor, sessionId);
  const row = await app.db.transaction(async (tx) => {
    await repo.lockSchool(tx, session.schoolId);
    await checkHoliday(tx, session.schoolId, input, { sessionId: session.id, sessionName: session.name });
    const created = await holidays.insertHoliday(tx, { schoolId: session.schoolId, ...shown(input), createdByUserId: actor.user.id });
    await audit(tx, {
      ...auditBase(actor, session.schoolId),
      action: 'holiday.created',
      entity: 'school_holiday',
      entityId: created.id,
      after: { ...shown(created), academicSessionId: session.id },
    });
    return created;
  });
  return present(row, await repo.termsOfSession(app.db, session.schoolId, session.id));
}

async function holidayInReach(db: DbOrTx, ctx: Reader, id: string) {
  const row = await holidays.findHoliday(db, await schoolIdsOf(db, ctx), id);
  if (!row) throw notFound(HOLIDAY_NOT_FOUND);
  return row;
}

/** Renames or moves a holiday; it must still lie within a term of the school (any session). */
export async function updateHoliday(app: FastifyInstance, actor: Actor, id: string, input: HolidayValues): Promise<HolidayResponse> {
  const { schoolId } = await holidayInReach(app.db, actor, id);
  const { row, sessionId } = await app.db.transaction(async (tx) => {
    await repo.lockSchool(tx, schoolId);
    const before = await holidayInReach(tx, actor, id);
    const term = await checkHoliday(tx, schoolId, input, { exceptId: id });
    const updated = (await holidays.updateHoliday(tx, schoolId, id, shown(input)))!;
    await audit(tx, {
      ...auditBase(actor, schoolId),
      action: 'holiday.updated',
      entity: 'school_holiday',
      entityId: id,
      before: shown(before),
      after: shown(updated),
    });
    return { row: updated, sessionId: term.academicSessionId };
  });
  return present(row, await repo.termsOfSession(app.db, schoolId, sessionId));
}

export async function removeHoliday(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  const { schoolId } = await holidayInReach(app.db, actor, id);
  await app.db.transaction(async (tx) => {
    await repo.lockSchool(tx, schoolId);
    const removed = await holidays.deleteHoliday(tx, schoolId, id);
    if (!removed) throw notFound(HOLIDAY_NOT_FOUND);
    await audit(tx, { ...auditBase(actor, schoolId), action: 'holiday.deleted', entity: 'school_holiday', entityId: id, before: shown(removed) });
  });
}
