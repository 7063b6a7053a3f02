import {
  defaultTermDates,
  termDatesOutsideSession,
  type CreateSessionValues,
  type SetCurrentTermInput,
  type UpdateTermsValues,
} from '@school/shared/academics/schemas';
import type { AcademicSessionListResponse } from '@school/shared/academics/responses';
import type { SessionStatus } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { RequestContext } from '../../policies/context';
import { presentSession } from './academic-sessions.presenter';
import * as repo from './academic-sessions.repository';
import { schoolIdsOf } from '../../lib/schools';

/** Who acts, for which organisation and school, and from where (the audit keeps it). */
type Actor = Pick<RequestContext, 'user' | 'ip' | 'organisationId' | 'schoolId'>;
type Reader = Pick<RequestContext, 'organisationId' | 'schoolId'>;

export const ONE_ACTIVE_SESSION = 'A school always has one Active session: activate another session instead';
export const CURRENT_TERM_OUTSIDE_ACTIVE = 'Only a term of the Active session can be the current term';

/**
 * The school whose sessions a settings request manages. An administrator manages their own school
 * (naming another answers 404); a super administrator names a school of their organisation, or gets
 * its first school.
 */
export async function settingsSchool(db: DbOrTx, ctx: Reader, schoolId: string | undefined) {
  const wanted = schoolId || null;
  if (ctx.schoolId) {
    if (wanted && wanted !== ctx.schoolId) throw notFound('School not found');
    const school = await repo.findSchoolInOrganisation(db, ctx.organisationId, ctx.schoolId);
    if (!school) throw notFound('School not found');
    return school;
  }
  if (wanted) {
    const school = await repo.findSchoolInOrganisation(db, ctx.organisationId, wanted);
    if (!school) throw notFound('School not found');
    return school;
  }
  const [first] = await repo.listSchoolsOfOrganisation(db, ctx.organisationId);
  if (!first) throw notFound('School not found');
  return first;
}

/**
 * The school whose session `id` a settings request changes: the one named with ?schoolId=, else the
 * session's own (the route's policy has checked that the actor may reach the session), looked up
 * among the actor's school or, for a super administrator, the organisation's schools.
 */
async function schoolOfSession(db: DbOrTx, ctx: Reader, schoolId: string | undefined, id: string) {
  if (schoolId) return settingsSchool(db, ctx, schoolId);
  const schoolIds = await schoolIdsOf(db, ctx);
  return settingsSchool(db, ctx, (await repo.schoolIdOfSession(db, schoolIds, id)) ?? undefined);
}

export async function listForSettings(app: FastifyInstance, ctx: Reader, schoolId: string | undefined) {
  const school = await settingsSchool(app.db, ctx, schoolId);
  const [schools, items] = await Promise.all([
    ctx.schoolId ? Promise.resolve([school]) : repo.listSchoolsOfOrganisation(app.db, ctx.organisationId),
    repo.listSessionsWithTerms(app.db, school.id),
  ]);
  return { school, schools, items: items.map((s) => presentSession(s, s.terms)) };
}

async function sessionOrNotFound(db: DbOrTx, schoolId: string, id: string) {
  const session = await repo.findSessionInSchool(db, schoolId, id);
  if (!session) throw notFound('Academic session not found');
  return session;
}

const auditBase = (actor: Actor, schoolId: string) => ({
  organisationId: actor.user.organisationId,
  schoolId,
  userId: actor.user.id,
  ip: actor.ip,
});

/**
 * Makes a session the school's Active one: the previous Active session becomes Inactive, and when the
 * school's current term is not in this session, its First term becomes current. Call inside a
 * transaction that holds the school's lock.
 */
async function activate(tx: DbOrTx, actor: Actor, schoolId: string, session: repo.SessionRow) {
  const previous = await repo.deactivateActiveSessions(tx, schoolId, session.id);
  for (const row of previous) {
    await audit(tx, {
      ...auditBase(actor, schoolId),
      action: 'academic_session.status_changed',
      entity: 'academic_session',
      entityId: row.id,
      before: { name: row.name, status: 'Active' },
      after: { name: row.name, status: row.status, reason: `${session.name} was activated` },
    });
  }
  const updated = await repo.setSessionStatus(tx, schoolId, session.id, 'Active');
  const current = await repo.findCurrentTerm(tx, schoolId);
  if (!current || current.academicSessionId !== session.id) {
    const first = (await repo.termsOfSession(tx, schoolId, session.id)).find((t) => t.name === 'First');
    if (first) {
      await repo.makeTermCurrent(tx, schoolId, first.id);
      await audit(tx, {
        ...auditBase(actor, schoolId),
        action: 'term.made_current',
        entity: 'term',
        entityId: first.id,
        before: current ? { termId: current.id, name: current.name, academicSessionId: current.academicSessionId } : null,
        after: { termId: first.id, name: first.name, academicSessionId: session.id },
      });
    }
  }
  return updated;
}

export async function createSession(app: FastifyInstance, actor: Actor, schoolId: string | undefined, input: CreateSessionValues) {
  const school = await settingsSchool(app.db, actor, schoolId);
  const name = input.name.trim();
  const status: SessionStatus = input.status ?? 'Pending';
  const duplicate = () => conflict(`${name} already exists`, { name: `${name} already exists` });
  if (await repo.findSessionByName(app.db, school.id, name)) throw duplicate();
  try {
    const created = await app.db.transaction(async (tx) => {
      await repo.lockSchool(tx, school.id);
      let session = await repo.insertSession(tx, { schoolId: school.id, name, status: status === 'Active' ? 'Pending' : status });
      const termRows = await repo.insertTerms(
        tx,
        defaultTermDates(name).map((t) => ({ schoolId: school.id, academicSessionId: session.id, ...t })),
      );
      await audit(tx, {
        ...auditBase(actor, school.id),
        action: 'academic_session.created',
        entity: 'academic_session',
        entityId: session.id,
        after: { name, status, terms: termRows.map((t) => ({ name: t.name, startDate: t.startDate, endDate: t.endDate })) },
      });
      if (status === 'Active') session = await activate(tx, actor, school.id, session);
      return session;
    });
    return presentSession(created, await repo.termsOfSession(app.db, school.id, created.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function changeSessionStatus(app: FastifyInstance, actor: Actor, schoolId: string | undefined, id: string, status: SessionStatus) {
  const school = await schoolOfSession(app.db, actor, schoolId, id);
  await sessionOrNotFound(app.db, school.id, id);
  const updated = await app.db.transaction(async (tx) => {
    await repo.lockSchool(tx, school.id);
    // read again under the lock: another request may have changed it meanwhile
    const session = await sessionOrNotFound(tx, school.id, id);
    if (session.status === status) return session;
    if (session.status === 'Active') throw badRequest(ONE_ACTIVE_SESSION, { status: ONE_ACTIVE_SESSION });
    const changed = status === 'Active' ? await activate(tx, actor, school.id, session) : await repo.setSessionStatus(tx, school.id, id, status);
    await audit(tx, {
      ...auditBase(actor, school.id),
      action: 'academic_session.status_changed',
      entity: 'academic_session',
      entityId: id,
      before: { name: session.name, status: session.status },
      after: { name: session.name, status },
    });
    return changed;
  });
  return presentSession(updated, await repo.termsOfSession(app.db, school.id, id));
}

export async function updateTerms(app: FastifyInstance, actor: Actor, schoolId: string | undefined, id: string, input: UpdateTermsValues) {
  const school = await schoolOfSession(app.db, actor, schoolId, id);
  const session = await sessionOrNotFound(app.db, school.id, id);
  const dates = input.terms.map((t) => ({ name: t.name, startDate: t.startDate, endDate: t.endDate }));
  const outside = termDatesOutsideSession(session.name, dates);
  const firstError = Object.values(outside)[0];
  if (firstError) throw badRequest(firstError, outside);

  await app.db.transaction(async (tx) => {
    await repo.lockSchool(tx, school.id);
    const existing = await repo.termsOfSession(tx, school.id, id);
    const before = existing.map((t) => ({ name: t.name, startDate: t.startDate, endDate: t.endDate }));
    const missing: typeof dates = [];
    for (const term of dates) {
      const row = existing.find((t) => t.name === term.name);
      if (row) await repo.setTermDates(tx, school.id, row.id, term);
      else missing.push(term);
    }
    await repo.insertTerms(
      tx,
      missing.map((t) => ({ schoolId: school.id, academicSessionId: id, ...t })),
    );
    await audit(tx, {
      ...auditBase(actor, school.id),
      action: 'academic_session.terms_changed',
      entity: 'academic_session',
      entityId: id,
      before: { name: session.name, terms: before },
      after: { name: session.name, terms: dates },
    });
  });
  return presentSession(session, await repo.termsOfSession(app.db, school.id, id));
}

export async function setCurrentTerm(app: FastifyInstance, actor: Actor, schoolId: string | undefined, id: string, input: SetCurrentTermInput) {
  const school = await schoolOfSession(app.db, actor, schoolId, id);
  await sessionOrNotFound(app.db, school.id, id);
  await app.db.transaction(async (tx) => {
    await repo.lockSchool(tx, school.id);
    const session = await sessionOrNotFound(tx, school.id, id);
    const term = (await repo.termsOfSession(tx, school.id, id)).find((t) => t.id === input.termId);
    if (!term) throw notFound('Term not found');
    if (session.status !== 'Active') throw badRequest(CURRENT_TERM_OUTSIDE_ACTIVE, { termId: CURRENT_TERM_OUTSIDE_ACTIVE });
    const current = await repo.findCurrentTerm(tx, school.id);
    if (current?.id === term.id) return;
    await repo.makeTermCurrent(tx, school.id, term.id);
    await audit(tx, {
      ...auditBase(actor, school.id),
      action: 'term.made_current',
      entity: 'term',
      entityId: term.id,
      before: current ? { termId: current.id, name: current.name, academicSessionId: current.academicSessionId } : null,
      after: { termId: term.id, name: term.name, academicSessionId: id },
    });
  });
  const session = await sessionOrNotFound(app.db, school.id, id);
  return presentSession(session, await repo.termsOfSession(app.db, school.id, id));
}

/** The school's academic sessions with their terms, and the one this user is looking at (the top bar's list). */
export async function sessionsOfViewer(app: FastifyInstance, ctx: RequestContext): Promise<AcademicSessionListResponse> {
  const schoolId = await repo.schoolIdForUser(app.db, ctx);
  if (!schoolId) return { items: [], selectedId: null };
  const [items, selected] = await Promise.all([repo.listSessionsWithTerms(app.db, schoolId), ctx.academicSession()]);
  return { items: items.map((s) => presentSession(s, s.terms)), selectedId: selected?.id ?? null };
}
