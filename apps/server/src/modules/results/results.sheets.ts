/** The score grid: one subject of a class and term, read and saved by teachers and administrators. */
import type { ClassTermResults, Maxima, ScoreSheet } from '@school/shared/results/responses';
import { scoreProblem, SHEET_CHANGED, type ScoreBatchInput, type ScoreRowInput } from '@school/shared/results/scores';
import { SCORE_COMPONENTS } from '@school/shared/results/types';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { RequestContext } from '../../policies/context';
import { personName } from '../../lib/names';
import * as academics from '../academics/academics.api';
import * as repo from './results.repository';
import * as versions from './results.versions.repository';
import { className } from '@school/shared/academics/schemas';
import {
  duplicateStudent,
  LOCKED_AFTER_PUBLICATION,
  notInClass,
  notTaught,
  placeNotFound,
  SUBJECT_NOT_FOUND,
  termNotInClassSession,
  youDoNotTeach,
} from './results.messages';
import { auditBase, staffActor, type Actor } from './results.actor';
import { computeClassTermResults, getResultSettings, isTermPublished } from './results.engine';
import { sheetApproval } from './results.approvals';
import { sheetSubmittedLock } from '@school/shared/results/approvals';

export interface SheetPlace {
  classId: string;
  termId: string;
  subjectId: string;
}

type ClassAndTerm = NonNullable<Awaited<ReturnType<typeof repo.classAndTerm>>>;
type ClassSubject = Awaited<ReturnType<typeof repo.subjectsOfClasses>>[number];

/** A sheet whose place and the actor's right to it were checked (sheetContext, classSheets): what a save writes with. */
export interface OpenSheet {
  place: SheetPlace;
  where: ClassAndTerm;
  subject: { id: string; name: string };
  clsName: string;
  admin: boolean;
}

/** The class and term of a place, found together in the same session (404, 400 otherwise). */
function checkClassAndTerm(where: ClassAndTerm | null, place: { classId: string; termId: string }): ClassAndTerm {
  if (!where) throw notFound(placeNotFound(place));
  if (where.classSessionId !== where.termSessionId) {
    const message = termNotInClassSession(where.termName, className(where.level, where.arm));
    throw badRequest(message, { termId: message });
  }
  return where;
}

/** The subject's sheet of the class when the actor may write it: an administrator any, a teacher the subjects they teach (403). */
function openSheet(actor: Actor, where: ClassAndTerm, taught: ClassSubject, place: SheetPlace): OpenSheet {
  const clsName = className(where.level, where.arm);
  const subject = { id: taught.subjectId, name: taught.subjectName };
  const admin = actor.admin;
  if (!admin && (!actor.staff || taught.teacherId !== actor.staff.id)) throw forbidden(youDoNotTeach(subject.name, clsName));
  return { place, where, subject, clsName, admin };
}

/** Checks the place and the actor's right to it; answers the class results and the subject. */
async function sheetContext(db: DbOrTx, actor: Actor, place: SheetPlace): Promise<OpenSheet> {
  const [found, subject, classSubjects] = await Promise.all([
    repo.classAndTerm(db, actor.schoolId, place.classId, place.termId),
    academics.findSubject(db, actor.schoolId, place.subjectId),
    repo.subjectsOfClasses(db, actor.schoolId, [place.classId]),
  ]);
  if (!found) throw notFound(placeNotFound(place));
  if (!subject) throw notFound(SUBJECT_NOT_FOUND);
  const where = checkClassAndTerm(found, place);
  const taught = classSubjects.find((s) => s.subjectId === subject.id);
  if (!taught) {
    const message = notTaught(subject.name, className(where.level, where.arm));
    throw badRequest(message, { subjectId: message });
  }
  return openSheet(actor, where, taught, place);
}

/**
 * Every subject's sheet of a class and term (in the grid's order, by subject name), each checked as
 * sheetContext checks one: the class and term (404, 400), then the actor's right to each sheet (403).
 */
export async function classSheets(app: FastifyInstance, ctx: RequestContext, place: { classId: string; termId: string }) {
  const actor = await staffActor(app, ctx);
  const [found, classSubjects] = await Promise.all([
    repo.classAndTerm(app.db, actor.schoolId, place.classId, place.termId),
    repo.subjectsOfClasses(app.db, actor.schoolId, [place.classId]),
  ]);
  const where = checkClassAndTerm(found, place);
  const sheets = classSubjects.map((taught) => ({
    ...openSheet(actor, where, taught, { ...place, subjectId: taught.subjectId }),
    subjectCode: taught.subjectCode,
  }));
  return { actor, where, className: className(where.level, where.arm), sheets };
}

type SheetApproval = Awaited<ReturnType<typeof sheetApproval>>;

function sheetOf(results: ClassTermResults, subject: { id: string; name: string }, admin: boolean, approval: SheetApproval, version: string): ScoreSheet {
  const index = results.subjects.findIndex((s) => s.subjectId === subject.id);
  const summary = results.subjects[index];
  const locked = (results.published || approval.locked) && !admin;
  const { locked: _locked, ...shown } = approval;
  return {
    termId: results.termId,
    termName: results.termName,
    classId: results.classId,
    className: results.className,
    subjectId: subject.id,
    subjectName: subject.name,
    maxima: results.maxima,
    published: results.published,
    canEdit: !locked,
    lockedReason: !locked ? null : results.published ? LOCKED_AFTER_PUBLICATION : sheetSubmittedLock(subject.name, results.className),
    approval: { ...shown, canSubmit: shown.canSubmit && !results.published },
    rows: results.students.map((s) => {
      const r = s.subjects[index];
      return {
        studentId: s.studentId,
        name: s.name,
        admissionNumber: s.admissionNumber,
        test1: r.test1,
        test2: r.test2,
        assignment: r.assignment,
        exam: r.exam,
        total: r.total,
        grade: r.grade,
        remark: r.remark,
        position: r.position,
        incomplete: r.incomplete,
      };
    }),
    classAverage: summary.classAverage,
    highest: summary.highest,
    lowest: summary.lowest,
    version,
  };
}

export async function getSheet(app: FastifyInstance, ctx: RequestContext, place: SheetPlace): Promise<ScoreSheet> {
  const actor = await staffActor(app, ctx);
  const { subject, admin } = await sheetContext(app.db, actor, place);
  // the grid shows today's scores, also after publication (an administrator's corrections wait there to be re-published)
  const [results, approval, version] = await Promise.all([
    computeClassTermResults(app.db, { schoolId: actor.schoolId, classId: place.classId, termId: place.termId, live: true }),
    sheetApproval(app.db, actor.schoolId, place, admin),
    versions.sheetVersion(app.db, actor.schoolId, place),
  ]);
  return sheetOf(results, subject, admin, approval, version);
}

/** A student of the class as a save checks rows against it. */
export interface RosterStudent {
  studentId: string;
  /** surname first, as the grid shows it */
  name: string;
  admissionNumber: string;
}

/**
 * Checks what is to be saved against the class's students and the school's maxima, and answers the
 * rows to save; a refusal is thrown (a 400, nothing written).
 */
export type RowsCheck = (check: { roster: RosterStudent[]; maxima: Maxima; className: string }) => ScoreRowInput[];

/**
 * Saves a whole grid in one transaction: every row is checked first (400 naming the student and
 * field, nothing written), then scores are upserted (a row with no component removes the score).
 * After publication only administrators may save; the audit row keeps every changed row before and after.
 * With a `baseVersion` that is no longer the sheet's, nothing is written and the answer is 409 with
 * the sheet as saved now (issue 21).
 */
export async function saveSheet(app: FastifyInstance, ctx: RequestContext, input: ScoreBatchInput): Promise<ScoreSheet> {
  try {
    return await saveScores(app, ctx, input, checkGridRows(input), 'grid', input.baseVersion);
  } catch (error) {
    if (!(error instanceof SheetChanged)) throw error;
    const place = { classId: input.classId, termId: input.termId, subjectId: input.subjectId };
    throw conflict(SHEET_CHANGED, undefined, { current: await getSheet(app, ctx, place) });
  }
}

/** A save named on an older version of the sheet (issue 21): its transaction rolls back, and the caller answers 409. */
export class SheetChanged extends Error {}

/** The grid's check: every row a student of the class, once, each score within its maximum (400 naming the student and field). */
function checkGridRows(input: ScoreBatchInput): RowsCheck {
  return ({ roster, maxima, className: clsName }) => {
    const names = new Map(roster.map((s) => [s.studentId, s.name]));
    const seen = new Set<string>();
    input.rows.forEach((row, i) => {
      const name = names.get(row.studentId);
      if (!name) {
        const message = notInClass(clsName);
        throw badRequest(message, { [`rows.${i}.studentId`]: message });
      }
      if (seen.has(row.studentId)) {
        const message = duplicateStudent(name);
        throw badRequest(message, { [`rows.${i}.studentId`]: message });
      }
      seen.add(row.studentId);
      for (const component of SCORE_COMPONENTS) {
        const problem = scoreProblem(component, row[component], maxima);
        if (problem) {
          const message = `${name}: ${problem}`;
          throw badRequest(message, { [`rows.${i}.${component}`]: message });
        }
      }
    });
    return input.rows;
  };
}

/** The class's students as a save checks rows against them, surname first. */
export async function rosterOf(db: DbOrTx, schoolId: string, classId: string): Promise<RosterStudent[]> {
  const students = await repo.studentsOfClasses(db, schoolId, [classId]);
  return students.map((s) => ({ studentId: s.studentId, name: personName(s, { order: 'surname-first' }), admissionNumber: s.registrationNo }));
}

export type SaveSource = 'grid' | 'upload' | 'broadsheet';

/**
 * The one way scores are saved (the grid, an uploaded file): the place and the actor's right to it,
 * closed to teachers after publication, then `check` answers the rows (or refuses them: nothing is
 * written), and the changed rows are written and audited in one transaction. Answers the saved sheet.
 */
export async function saveScores(
  app: FastifyInstance,
  ctx: RequestContext,
  place: SheetPlace,
  check: RowsCheck,
  source: SaveSource = 'grid',
  baseVersion?: string | null,
): Promise<ScoreSheet> {
  const actor = await staffActor(app, ctx);
  const sheet = await sheetContext(app.db, actor, place);
  return app.db.transaction(async (tx) => {
    const { approval } = await writeSheet(tx, ctx, actor, sheet, check, source, baseVersion);
    const [results, version] = await Promise.all([
      computeClassTermResults(tx, { schoolId: actor.schoolId, classId: place.classId, termId: place.termId, live: true }),
      versions.sheetVersion(tx, actor.schoolId, place),
    ]);
    return sheetOf(results, sheet.subject, sheet.admin, approval, version);
  });
}

/**
 * saveScores' write of one sheet, in the caller's transaction `tx` (several sheets saved all or
 * nothing): closed to teachers after publication and once submitted, then `check` answers the rows
 * (a refusal is thrown), and the changed rows are written and audited. Answers how many students'
 * scores changed.
 */
export async function writeSheet(
  tx: DbOrTx,
  ctx: RequestContext,
  actor: Actor,
  sheet: OpenSheet,
  check: RowsCheck,
  source: SaveSource,
  baseVersion?: string | null,
) {
  const { place, subject, admin, clsName, where } = sheet;
  // saves of one sheet take turns, so a version checked here is still the sheet's when it is written
  await versions.lockSheet(tx, actor.schoolId, place);
  if (baseVersion !== undefined && (await versions.sheetVersion(tx, actor.schoolId, place)) !== baseVersion) throw new SheetChanged();
  const [settings, roster, published, approval] = await Promise.all([
    getResultSettings(tx, actor.schoolId),
    rosterOf(tx, actor.schoolId, place.classId),
    isTermPublished(tx, { schoolId: actor.schoolId, classId: place.classId, termId: place.termId }),
    sheetApproval(tx, actor.schoolId, place, admin),
  ]);
  if (published && !admin) throw forbidden(LOCKED_AFTER_PUBLICATION);
  // a submitted sheet is closed to its teacher until the class teacher returns it
  if (approval.locked) throw forbidden(sheetSubmittedLock(subject.name, clsName));
  const names = new Map(roster.map((s) => [s.studentId, s.name]));
  const rows = check({ roster, maxima: settings.maxima, className: clsName });

  const existing = await repo.scoresOfSubject(
    tx,
    actor.schoolId,
    place.termId,
    subject.id,
    rows.map((r) => r.studentId),
  );
  const previous = new Map(existing.map((s) => [s.studentId, s]));
  const before: Array<Record<string, unknown>> = [];
  const after: Array<Record<string, unknown>> = [];
  const upserts: Parameters<typeof repo.upsertScores>[1] = [];
  const removals: string[] = [];
  for (const row of rows) {
    const old = previous.get(row.studentId);
    const same = old && SCORE_COMPONENTS.every((c) => old[c] === row[c]);
    const empty = SCORE_COMPONENTS.every((c) => row[c] === null);
    if (same || (!old && empty)) continue;
    const values = { test1: row.test1, test2: row.test2, assignment: row.assignment, exam: row.exam };
    before.push({
      studentId: row.studentId,
      name: names.get(row.studentId),
      ...(old ? pick(old) : { test1: null, test2: null, assignment: null, exam: null }),
    });
    after.push({ studentId: row.studentId, name: names.get(row.studentId), ...values });
    if (empty && old) removals.push(old.id);
    else
      upserts.push({
        schoolId: actor.schoolId,
        studentId: row.studentId,
        subjectId: subject.id,
        termId: place.termId,
        ...values,
        enteredByUserId: ctx.user.id,
      });
  }
  if (after.length > 0) {
    await repo.upsertScores(tx, upserts);
    await repo.deleteScores(tx, actor.schoolId, removals);
    // families keep seeing the published record until the class is re-published
    if (published) await repo.markScoresChanged(tx, actor.schoolId, place.termId, place.classId);
    await audit(tx, {
      ...auditBase(ctx, actor.schoolId),
      action: published ? 'scores.update_after_publication' : 'scores.update',
      entity: 'scores',
      entityId: `${place.termId}:${place.classId}:${subject.id}`,
      before: { class: clsName, term: where.termName, subject: subject.name, rows: before },
      after: { class: clsName, term: where.termName, subject: subject.name, rows: after, ...(source !== 'grid' ? { source } : {}) },
    });
  }
  return { changed: after.length, approval };
}

const pick = (s: { test1: number | null; test2: number | null; assignment: number | null; exam: number | null }) => ({
  test1: s.test1,
  test2: s.test2,
  assignment: s.assignment,
  exam: s.exam,
});
