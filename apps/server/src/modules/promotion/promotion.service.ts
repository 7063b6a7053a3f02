import {
  GRADUATE_ONLY_FINAL,
  PROMOTE_NOT_FINAL,
  TO_SESSION_NOT_LATER,
  type PromoteValues,
  type PromotionOutcome,
  type PromotionQuery,
} from '@school/shared/academics/promotion';
import type { PromotionResult, PromotionStudent, PromotionView } from '@school/shared/academics/responses';
import { className, sessionYears } from '@school/shared/academics/schemas';
import { CLASS_LEVELS, isClassLevel, nextClassLevel, sortByClass } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import type { RequestContext } from '../../policies/context';
import { getResultSettings, sessionAverages } from '../results/results.service';
import * as repo from './promotion.repository';
import { personName } from '../../lib/names';

export const SESSION_NOT_FOUND = 'Academic session not found';
export const CLASS_NOT_FOUND = 'Class not found';
export const NOT_IN_CLASSES = 'A student in the list is not in the classes being promoted';

const FINAL_LEVEL = CLASS_LEVELS[CLASS_LEVELS.length - 1];
const key = (level: string, arm: string) => `${level}|${arm.toLowerCase()}`;

function schoolOf(ctx: RequestContext): string {
  const schoolId = ctx.schoolId;
  if (!schoolId) throw notFound('School not found');
  return schoolId;
}

/** The proposal from the pass mark: no scores at all counts as a pass (a late joiner is not held back by default). */
export function proposedOutcome(level: string, average: number | null, passMark: number): PromotionOutcome {
  const passed = average === null || average >= passMark;
  if (level === FINAL_LEVEL) return passed ? 'graduate' : 'repeat';
  return passed ? 'promote' : 'repeat';
}

/** The level and arm an outcome takes a student of `cls` to, or null for graduation. */
function destination(cls: { level: string; arm: string }, outcome: PromotionOutcome): { level: string; arm: string } | null {
  if (outcome === 'graduate') return null;
  if (outcome === 'repeat') return { level: cls.level, arm: cls.arm };
  const next = isClassLevel(cls.level) ? nextClassLevel(cls.level) : null;
  return next ? { level: next, arm: cls.arm } : null;
}

async function sessions(db: DbOrTx, schoolId: string, fromId: string, toId: string) {
  const [from, to] = await Promise.all([repo.findSession(db, schoolId, fromId), repo.findSession(db, schoolId, toId)]);
  if (!from || !to) throw notFound(SESSION_NOT_FOUND);
  const a = sessionYears(from.name);
  const b = sessionYears(to.name);
  if (!a || !b || b.first <= a.first) throw badRequest(TO_SESSION_NOT_LATER, { toSessionId: TO_SESSION_NOT_LATER });
  return { from, to };
}

/** Averages of the students of several classes (one computation per class). */
async function averagesOf(db: DbOrTx, schoolId: string, sessionId: string, classIds: string[]) {
  const all = new Map<string, number | null>();
  for (const classId of classIds) {
    for (const [studentId, average] of await sessionAverages(db, { schoolId, sessionId, classId })) all.set(studentId, average);
  }
  return all;
}

export async function view(app: FastifyInstance, ctx: RequestContext, query: PromotionQuery): Promise<PromotionView> {
  const schoolId = schoolOf(ctx);
  const db = app.db;
  const { from, to } = await sessions(db, schoolId, query.fromSessionId, query.toSessionId);
  const [settings, fromClasses, toClasses, counts] = await Promise.all([
    getResultSettings(db, schoolId),
    repo.classesOfSession(db, schoolId, from.id),
    repo.classesOfSession(db, schoolId, to.id),
    repo.classCounts(db, schoolId, from.id, to.id),
  ]);
  const classes = sortByClass(fromClasses)
    .filter((c) => counts.has(c.id))
    .map((c) => ({
      classId: c.id,
      className: className(c.level, c.arm),
      level: c.level,
      studentCount: counts.get(c.id)!.students,
      placedCount: counts.get(c.id)!.placed,
    }));
  let students: PromotionStudent[] = [];
  if (query.classId) {
    const cls = fromClasses.find((c) => c.id === query.classId);
    if (!cls) throw notFound(CLASS_NOT_FOUND);
    const toById = new Map(toClasses.map((c) => [c.id, c]));
    const [rows, averages] = await Promise.all([
      repo.studentsOfClasses(db, schoolId, from.id, to.id, [cls.id]),
      sessionAverages(db, { schoolId, sessionId: from.id, classId: cls.id }),
    ]);
    students = rows
      .filter((r) => r.status !== 'withdrawn')
      .map((r) => {
        const average = averages.get(r.studentId) ?? null;
        const proposed = proposedOutcome(cls.level, average, settings.passMark);
        const goes = destination(cls, proposed);
        const placed = r.placedClassId ? toById.get(r.placedClassId) : undefined;
        return {
          studentId: r.studentId,
          name: personName(r, { order: 'surname-first' }),
          registrationNo: r.registrationNo,
          average: average === null ? null : Math.round(average * 100) / 100,
          proposed,
          proposedClassName: goes ? className(goes.level, goes.arm) : null,
          placedIn: placed ? { classId: placed.id, className: className(placed.level, placed.arm) } : null,
          graduated: r.status === 'graduated',
        };
      });
  }
  return { fromSession: from, toSession: to, passMark: settings.passMark, classes, students };
}

/**
 * Places every not-yet-placed student of the chosen class (or of every class) in the target session,
 * in one transaction: promote to the next level's class of the same arm, repeat in the same level's
 * class, or graduate (SSS 3). Missing classes of the target session are created with the subjects of
 * the same class of the source session. Students already placed (or graduated) are left alone, so a
 * second run changes nothing.
 */
export async function promote(app: FastifyInstance, ctx: RequestContext, input: PromoteValues): Promise<PromotionResult> {
  const schoolId = schoolOf(ctx);
  const user = ctx.user;
  return app.db.transaction(async (tx) => {
    await repo.lockSchool(tx, schoolId);
    const { from, to } = await sessions(tx, schoolId, input.fromSessionId, input.toSessionId);
    const [settings, fromClasses, toClasses] = await Promise.all([
      getResultSettings(tx, schoolId),
      repo.classesOfSession(tx, schoolId, from.id),
      repo.classesOfSession(tx, schoolId, to.id),
    ]);
    let chosen = fromClasses;
    if (input.classId) {
      chosen = fromClasses.filter((c) => c.id === input.classId);
      if (chosen.length === 0) throw notFound(CLASS_NOT_FOUND);
    }
    const classById = new Map(fromClasses.map((c) => [c.id, c]));
    const rows = (
      await repo.studentsOfClasses(
        tx,
        schoolId,
        from.id,
        to.id,
        chosen.map((c) => c.id),
      )
    ).filter((r) => r.status !== 'withdrawn');
    const byStudent = new Map(rows.map((r) => [r.studentId, r]));

    const decided = new Map<string, PromotionOutcome>();
    for (const d of input.decisions) {
      const row = byStudent.get(d.studentId);
      if (!row) throw badRequest(NOT_IN_CLASSES, { decisions: NOT_IN_CLASSES });
      const level = classById.get(row.classId)!.level;
      if (d.outcome === 'graduate' && level !== FINAL_LEVEL) throw badRequest(GRADUATE_ONLY_FINAL, { decisions: GRADUATE_ONLY_FINAL });
      if (d.outcome === 'promote' && level === FINAL_LEVEL) throw badRequest(PROMOTE_NOT_FINAL, { decisions: PROMOTE_NOT_FINAL });
      decided.set(d.studentId, d.outcome);
    }

    const pending = rows.filter((r) => !r.placedClassId && r.status === 'active');
    const averages = await averagesOf(tx, schoolId, from.id, [...new Set(pending.map((r) => r.classId))]);
    const targets = new Map(toClasses.map((c) => [key(c.level, c.arm), c.id]));
    const sources = new Map(fromClasses.map((c) => [key(c.level, c.arm), c.id]));
    const classesCreated: string[] = [];
    const enrolRows: Array<{ schoolId: string; academicSessionId: string; classId: string; studentId: string }> = [];
    const graduates: string[] = [];
    const outcomes: Record<string, PromotionOutcome> = {};
    const result: PromotionResult = { promoted: 0, repeated: 0, graduated: 0, unchanged: rows.length - pending.length, classesCreated };

    for (const row of pending) {
      const cls = classById.get(row.classId)!;
      const outcome = decided.get(row.studentId) ?? proposedOutcome(cls.level, averages.get(row.studentId) ?? null, settings.passMark);
      outcomes[row.studentId] = outcome;
      const goes = destination(cls, outcome);
      if (!goes) {
        graduates.push(row.studentId);
        continue;
      }
      let targetId = targets.get(key(goes.level, goes.arm));
      if (!targetId) {
        const created = await repo.insertClass(tx, { schoolId, academicSessionId: to.id, level: goes.level, arm: goes.arm });
        if (!created) throw new Error(`class ${goes.level} ${goes.arm} could not be created`);
        targetId = created.id;
        targets.set(key(goes.level, goes.arm), targetId);
        classesCreated.push(className(goes.level, goes.arm));
        const template = sources.get(key(goes.level, goes.arm));
        if (template) await repo.copySubjects(tx, schoolId, template, targetId);
      }
      enrolRows.push({ schoolId, academicSessionId: to.id, classId: targetId, studentId: row.studentId });
      if (outcome === 'promote') result.promoted++;
      else result.repeated++;
    }
    await repo.enrol(tx, enrolRows);
    result.graduated = (await repo.graduate(tx, schoolId, graduates)).length;

    if (pending.length > 0) {
      await audit(tx, {
        organisationId: user.organisationId,
        schoolId,
        userId: user.id,
        action: 'promotion.run',
        entity: 'academic_session',
        entityId: to.id,
        before: null,
        after: { from: from.name, to: to.name, classId: input.classId, ...result, outcomes },
        ip: ctx.ip,
      });
    }
    return result;
  });
}
