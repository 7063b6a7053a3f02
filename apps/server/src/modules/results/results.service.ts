/**
 * Results: settings, score entry, computation, publication and the views built on them.
 * Computation is here and in results.compute.ts only; nothing else derives totals or positions.
 *
 * Exported for other areas (report cards, promotion, transcripts):
 *   computeClassTermResults, computeSchoolTermResults, sessionAverages, isTermPublished, getResultSettings.
 */
import { sortByClass } from '@school/shared/constants';
import { scoreProblem, type ResultOptions, type ScoreBatchInput, type ScoreSheet } from '@school/shared/results/scores';
import type { ResultSettingsInput } from '@school/shared/results/settings';
import { SCORE_COMPONENTS, type ClassTermResults, type ResultSettings } from '@school/shared/results/types';
import type { StudentTermView } from '@school/shared/results/views';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { csvCell } from '../../lib/csv';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { isOwner, isTeacher } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import { keepsEveryClassScores, mayReadResultsOf, seesUnpublishedResults } from '../../policies/results';
import { requireLatestResultsUnlocked } from '../result-pins/result-pins.service';
import { computeResults, cumulativeAverage, gradeFor } from './results.compute';
import * as repo from './results.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const CLASS_NOT_FOUND = 'Class not found';
export const TERM_NOT_FOUND = 'Term not found';
export const SUBJECT_NOT_FOUND = 'Subject not found';
export const STUDENT_NOT_FOUND = 'Student not found';
export const RESULTS_NOT_FOUND = 'Results not found';
export const LOCKED_AFTER_PUBLICATION = 'These results are published; only an administrator can change them';
export const termNotInClassSession = (term: string, cls: string) => `The ${term} term is not in the session of ${cls}`;
export const notTaught = (subject: string, cls: string) => `${subject} is not taught in ${cls}`;
export const youDoNotTeach = (subject: string, cls: string) => `You do not teach ${subject} in ${cls}`;
export const notInClass = (cls: string) => `A student in the list is not in ${cls}`;
export const duplicateStudent = (name: string) => `${name} appears more than once`;

// ---------------------------------------------------------------- exported computation

export async function getResultSettings(db: DbOrTx, schoolId: string): Promise<ResultSettings> {
  const { saved: _saved, ...settings } = await repo.getSettings(db, schoolId);
  return settings;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * The results of many (class, term) pairs of one school in a fixed number of queries (7), whatever
 * the number of pairs, students or subjects. Pairs whose class and term are not of the school and
 * of the same session are left out.
 */
async function computeMany(
  db: DbOrTx,
  schoolId: string,
  classes: Array<{ id: string; level: string; arm: string; academicSessionId: string; sessionName: string }>,
  terms: Array<{ id: string; name: string; academicSessionId: string }>,
): Promise<ClassTermResults[]> {
  const classIds = classes.map((c) => c.id);
  const termIds = terms.map((t) => t.id);
  const [settings, subjectRows, studentRows, scoreRows, publications] = await Promise.all([
    getResultSettings(db, schoolId),
    repo.subjectsOfClasses(db, schoolId, classIds),
    repo.studentsOfClasses(db, schoolId, classIds),
    repo.scoresOfClasses(db, schoolId, classIds, termIds),
    repo.publishedClassIds(db, schoolId, termIds),
  ]);
  const published = new Set(publications.map((p) => `${p.classId}:${p.termId}`));
  // bucket rows by class (and scores by class and term) once: linear in the rows, whatever the pairs
  const subjectsByClass = groupBy(subjectRows, (s) => s.classId);
  const studentsByClass = groupBy(studentRows, (s) => s.classId);
  const classesOfStudent = groupBy(studentRows, (s) => s.studentId);
  const scoresByPlace = new Map<string, typeof scoreRows>();
  for (const score of scoreRows) {
    for (const enrolment of classesOfStudent.get(score.studentId) ?? []) {
      const key = `${enrolment.classId}:${score.termId}`;
      const list = scoresByPlace.get(key);
      if (list) list.push(score);
      else scoresByPlace.set(key, [score]);
    }
  }
  const results: ClassTermResults[] = [];
  for (const cls of classes) {
    const subjects = subjectsByClass.get(cls.id) ?? [];
    const students = (studentsByClass.get(cls.id) ?? []).map((s) => ({ studentId: s.studentId, name: repo.studentName(s), admissionNumber: s.registrationNo }));
    for (const term of terms) {
      if (term.academicSessionId !== cls.academicSessionId) continue;
      results.push(
        computeResults({
          classId: cls.id,
          className: repo.className(cls.level, cls.arm),
          termId: term.id,
          termName: term.name,
          sessionName: cls.sessionName,
          published: published.has(`${cls.id}:${term.id}`),
          settings,
          subjects,
          students,
          scores: scoresByPlace.get(`${cls.id}:${term.id}`) ?? [],
        }),
      );
    }
  }
  return results;
}

/**
 * One class's results for a term, computed now from the scores and the school's current settings.
 * A class or term of another school, or a term outside the class's session, is a 404.
 */
export async function computeClassTermResults(
  db: DbOrTx,
  args: { schoolId: string; classId: string; termId: string },
): Promise<ClassTermResults> {
  if (!isUuid(args.classId)) throw notFound(CLASS_NOT_FOUND);
  if (!isUuid(args.termId)) throw notFound(TERM_NOT_FOUND);
  const place = await repo.classAndTerm(db, args.schoolId, args.classId, args.termId);
  if (!place) throw notFound(RESULTS_NOT_FOUND);
  if (place.classSessionId !== place.termSessionId) {
    const message = termNotInClassSession(place.termName, repo.className(place.level, place.arm));
    throw badRequest(message, { termId: message });
  }
  const [result] = await computeMany(
    db,
    args.schoolId,
    [{ id: place.classId, level: place.level, arm: place.arm, academicSessionId: place.classSessionId, sessionName: place.sessionName }],
    [{ id: place.termId, name: place.termName, academicSessionId: place.termSessionId }],
  );
  return result;
}

/** Every class's results for a term (the whole school's broadsheets), classes in level order. */
export async function computeSchoolTermResults(db: DbOrTx, args: { schoolId: string; termId: string }): Promise<ClassTermResults[]> {
  const term = isUuid(args.termId) ? await repo.findTerm(db, args.schoolId, args.termId) : null;
  if (!term) throw notFound(TERM_NOT_FOUND);
  const [classes, sessionTerms] = await Promise.all([
    repo.classesOfSession(db, args.schoolId, term.academicSessionId),
    repo.sessionNameOf(db, args.schoolId, term.academicSessionId),
  ]);
  return computeMany(
    db,
    args.schoolId,
    sortByClass(classes).map((c) => ({ ...c, academicSessionId: term.academicSessionId, sessionName: sessionTerms ?? '' })),
    [term],
  );
}

/**
 * Each student of a class: their cumulative average over the session, the mean of their term
 * averages over the terms in which they have any score (null when they have none). Published or
 * not: promotion and report cards decide what to show.
 */
export async function sessionAverages(
  db: DbOrTx,
  args: { schoolId: string; sessionId: string; classId: string },
): Promise<Map<string, number | null>> {
  if (!isUuid(args.classId) || !isUuid(args.sessionId)) return new Map();
  const [cls, terms, sessionName] = await Promise.all([
    repo.findClass(db, args.schoolId, args.classId),
    repo.termsOfSession(db, args.schoolId, args.sessionId),
    repo.sessionNameOf(db, args.schoolId, args.sessionId),
  ]);
  if (!cls || cls.academicSessionId !== args.sessionId) return new Map();
  const results = await computeMany(
    db,
    args.schoolId,
    [{ ...cls, sessionName: sessionName ?? '' }],
    terms.map((t) => ({ id: t.id, name: t.name, academicSessionId: args.sessionId })),
  );
  const byStudent = new Map<string, Array<number | null>>();
  for (const result of results) {
    for (const s of result.students) byStudent.set(s.studentId, [...(byStudent.get(s.studentId) ?? []), s.average]);
  }
  return new Map([...byStudent].map(([id, averages]) => [id, cumulativeAverage(averages)]));
}

/**
 * Whether a term's results are published: for one class, or (without classId) for every class of
 * the term's session (false when the session has no class).
 */
export async function isTermPublished(db: DbOrTx, args: { schoolId: string; classId?: string; termId: string }): Promise<boolean> {
  if (!isUuid(args.termId) || (args.classId !== undefined && !isUuid(args.classId))) return false;
  const rows = await repo.publishedClassIds(db, args.schoolId, [args.termId]);
  if (args.classId) return rows.some((r) => r.classId === args.classId);
  const term = await repo.findTerm(db, args.schoolId, args.termId);
  if (!term) return false;
  const classes = await repo.classesOfSession(db, args.schoolId, term.academicSessionId);
  const published = new Set(rows.map((r) => r.classId));
  return classes.length > 0 && classes.every((c) => published.has(c.id));
}

// ---------------------------------------------------------------- who is asking

interface Actor {
  ctx: RequestContext;
  schoolId: string;
  staff: { id: string; name: string } | null;
  /** Every class and subject, published or not (keepsEveryClassScores). */
  admin: boolean;
}

/** The school of the request (an actor without one has no results to see). */
function schoolOf(ctx: RequestContext, missing = RESULTS_NOT_FOUND): string {
  if (!ctx.schoolId) throw notFound(missing);
  return ctx.schoolId;
}

async function staffActor(app: FastifyInstance, ctx: RequestContext): Promise<Actor> {
  const schoolId = schoolOf(ctx);
  const staff = isTeacher(ctx) ? await repo.staffForUser(app.db, schoolId, ctx.user.id) : null;
  return { ctx, schoolId, staff, admin: keepsEveryClassScores(ctx) };
}

function auditBase(ctx: RequestContext, schoolId: string) {
  return { organisationId: ctx.organisationId, schoolId, userId: ctx.user.id, ip: ctx.ip };
}

// ---------------------------------------------------------------- settings

/** The school a settings request is about: the administrator's own, or the super administrator's choice. */
async function settingsSchool(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined) {
  if (isOwner(ctx)) {
    if (!isUuid(schoolId)) {
      const message = 'Please select a school';
      throw badRequest(message, { schoolId: message });
    }
    const school = await repo.findSchoolInOrganisation(app.db, ctx.organisationId, schoolId);
    if (!school) throw notFound('School not found');
    return school.id;
  }
  return schoolOf(ctx, 'School not found');
}

export async function readSettings(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined) {
  const id = await settingsSchool(app, ctx, schoolId);
  const settings = await repo.getSettings(app.db, id);
  return { schoolId: id, ...settings, gradingScale: [...settings.gradingScale].sort((a, b) => b.min - a.min) };
}

export async function updateSettings(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined, input: ResultSettingsInput) {
  const id = await settingsSchool(app, ctx, schoolId);
  await app.db.transaction(async (tx) => {
    const before = await repo.getSettings(tx, id);
    await repo.saveSettings(tx, id, input, ctx.user.id);
    const { saved: _saved, ...previous } = before;
    await audit(tx, { ...auditBase(ctx, id), action: 'result_settings.update', entity: 'result_settings', entityId: id, before: previous, after: input });
  });
  return readSettings(app, ctx, id);
}

// ---------------------------------------------------------------- options (teachers and administrators)

export async function getOptions(app: FastifyInstance, ctx: RequestContext): Promise<ResultOptions> {
  const actor = await staffActor(app, ctx);
  const session = await ctx.academicSession();
  const none: ResultOptions = { academicSessionId: session?.id ?? null, terms: [], classes: [], subjects: [], classSubjects: [] };
  if (!session) return none;
  const admin = actor.admin;
  if (!admin && !actor.staff) return none;
  const [terms, pairs] = await Promise.all([
    repo.termsOfSession(app.db, actor.schoolId, session.id),
    repo.classSubjectsOfSession(app.db, actor.schoolId, session.id, admin ? undefined : actor.staff!.id),
  ]);
  let classRows = [...new Map(pairs.map((p) => [p.classId, { id: p.classId, level: p.level, arm: p.arm }])).values()];
  if (admin) classRows = await repo.classesOfSession(app.db, actor.schoolId, session.id);
  const subjects = [...new Map(pairs.map((p) => [p.subjectId, { id: p.subjectId, name: p.subjectName }])).values()];
  return {
    academicSessionId: session.id,
    terms: terms.map((t) => ({ id: t.id, name: t.name, isCurrent: t.isCurrent })),
    classes: sortByClass(classRows).map((c) => ({ id: c.id, name: repo.className(c.level, c.arm) })),
    subjects: subjects.sort((a, b) => a.name.localeCompare(b.name)),
    classSubjects: pairs.map((p) => ({ classId: p.classId, subjectId: p.subjectId })),
  };
}

// ---------------------------------------------------------------- the score grid

interface SheetPlace {
  classId: string;
  termId: string;
  subjectId: string;
}

/** Checks the place and the actor's right to it; answers the class results and the subject. */
async function sheetContext(db: DbOrTx, actor: Actor, place: SheetPlace) {
  if (!isUuid(place.classId)) throw notFound(CLASS_NOT_FOUND);
  if (!isUuid(place.termId)) throw notFound(TERM_NOT_FOUND);
  if (!isUuid(place.subjectId)) throw notFound(SUBJECT_NOT_FOUND);
  const [where, subject, classSubjects] = await Promise.all([
    repo.classAndTerm(db, actor.schoolId, place.classId, place.termId),
    repo.findSubject(db, actor.schoolId, place.subjectId),
    repo.subjectsOfClass(db, actor.schoolId, place.classId),
  ]);
  if (!where) throw notFound(RESULTS_NOT_FOUND);
  if (!subject) throw notFound(SUBJECT_NOT_FOUND);
  const clsName = repo.className(where.level, where.arm);
  if (where.classSessionId !== where.termSessionId) {
    const message = termNotInClassSession(where.termName, clsName);
    throw badRequest(message, { termId: message });
  }
  const taught = classSubjects.find((s) => s.subjectId === subject.id);
  if (!taught) {
    const message = notTaught(subject.name, clsName);
    throw badRequest(message, { subjectId: message });
  }
  const admin = actor.admin;
  if (!admin && (!actor.staff || taught.teacherId !== actor.staff.id)) throw forbidden(youDoNotTeach(subject.name, clsName));
  return { where, subject, clsName, admin };
}

function sheetOf(results: ClassTermResults, subject: { id: string; name: string }, admin: boolean): ScoreSheet {
  const index = results.subjects.findIndex((s) => s.subjectId === subject.id);
  const summary = results.subjects[index];
  const locked = results.published && !admin;
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
    lockedReason: locked ? LOCKED_AFTER_PUBLICATION : null,
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
  };
}

export async function getSheet(app: FastifyInstance, ctx: RequestContext, place: SheetPlace): Promise<ScoreSheet> {
  const actor = await staffActor(app, ctx);
  const { subject, admin } = await sheetContext(app.db, actor, place);
  const results = await computeClassTermResults(app.db, { schoolId: actor.schoolId, classId: place.classId, termId: place.termId });
  return sheetOf(results, subject, admin);
}

/**
 * Saves a whole grid in one transaction: every row is checked first (400 naming the student and
 * field, nothing written), then scores are upserted (a row with no component removes the score).
 * After publication only administrators may save; the audit row keeps every changed row before and after.
 */
export async function saveSheet(app: FastifyInstance, ctx: RequestContext, input: ScoreBatchInput): Promise<ScoreSheet> {
  const actor = await staffActor(app, ctx);
  const { subject, admin, clsName, where } = await sheetContext(app.db, actor, input);
  return app.db.transaction(async (tx) => {
    const [settings, roster, published] = await Promise.all([
      getResultSettings(tx, actor.schoolId),
      repo.studentsOfClass(tx, actor.schoolId, input.classId),
      isTermPublished(tx, { schoolId: actor.schoolId, classId: input.classId, termId: input.termId }),
    ]);
    if (published && !admin) throw forbidden(LOCKED_AFTER_PUBLICATION);
    const names = new Map(roster.map((s) => [s.studentId, repo.studentName(s)]));
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
        const problem = scoreProblem(component, row[component], settings.maxima);
        if (problem) {
          const message = `${name}: ${problem}`;
          throw badRequest(message, { [`rows.${i}.${component}`]: message });
        }
      }
    });

    const existing = await repo.scoresOfSubject(tx, actor.schoolId, input.termId, subject.id, input.rows.map((r) => r.studentId));
    const previous = new Map(existing.map((s) => [s.studentId, s]));
    const before: Array<Record<string, unknown>> = [];
    const after: Array<Record<string, unknown>> = [];
    const upserts: Parameters<typeof repo.upsertScores>[1] = [];
    const removals: string[] = [];
    for (const row of input.rows) {
      const old = previous.get(row.studentId);
      const same = old && SCORE_COMPONENTS.every((c) => old[c] === row[c]);
      const empty = SCORE_COMPONENTS.every((c) => row[c] === null);
      if (same || (!old && empty)) continue;
      const values = { test1: row.test1, test2: row.test2, assignment: row.assignment, exam: row.exam };
      before.push({ studentId: row.studentId, name: names.get(row.studentId), ...(old ? pick(old) : { test1: null, test2: null, assignment: null, exam: null }) });
      after.push({ studentId: row.studentId, name: names.get(row.studentId), ...values });
      if (empty && old) removals.push(old.id);
      else upserts.push({ schoolId: actor.schoolId, studentId: row.studentId, subjectId: subject.id, termId: input.termId, ...values, enteredByUserId: ctx.user.id });
    }
    if (after.length > 0) {
      await repo.upsertScores(tx, upserts);
      await repo.deleteScores(tx, actor.schoolId, removals);
      await audit(tx, {
        ...auditBase(ctx, actor.schoolId),
        action: published ? 'scores.update_after_publication' : 'scores.update',
        entity: 'scores',
        entityId: `${input.termId}:${input.classId}:${subject.id}`,
        before: { class: clsName, term: where.termName, subject: subject.name, rows: before },
        after: { class: clsName, term: where.termName, subject: subject.name, rows: after },
      });
    }
    const results = await computeClassTermResults(tx, { schoolId: actor.schoolId, classId: input.classId, termId: input.termId });
    return sheetOf(results, subject, admin);
  });
}

const pick = (s: { test1: number | null; test2: number | null; assignment: number | null; exam: number | null }) => ({
  test1: s.test1,
  test2: s.test2,
  assignment: s.assignment,
  exam: s.exam,
});

// ---------------------------------------------------------------- administrators: broadsheet, publication, grades, transcript

export async function broadsheet(app: FastifyInstance, ctx: RequestContext, args: { classId: string; termId: string }) {
  return computeClassTermResults(app.db, { schoolId: schoolOf(ctx), classId: args.classId, termId: args.termId });
}

export function broadsheetCsv(results: ClassTermResults): string {
  const header = ['Position', 'Student', 'Admission number', ...results.subjects.map((s) => s.subjectName), 'Total', 'Average', 'Subjects'];
  const lines = [header];
  const byPosition = [...results.students].sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.name.localeCompare(b.name));
  for (const s of byPosition) {
    lines.push([
      s.position?.toString() ?? '',
      s.name,
      s.admissionNumber ?? '',
      ...s.subjects.map((r) => (r.total === null ? '' : `${r.total}${r.grade ? ` (${r.grade})` : ''}`)),
      String(s.total),
      s.average?.toFixed(2) ?? '',
      String(s.subjectsTaken),
    ]);
  }
  lines.push(['', 'Class average', '', ...results.subjects.map((s) => s.classAverage?.toFixed(2) ?? ''), '', results.classAverage?.toFixed(2) ?? '', '']);
  lines.push(['', 'Highest', '', ...results.subjects.map((s) => s.highest?.toString() ?? ''), '', '', '']);
  lines.push(['', 'Lowest', '', ...results.subjects.map((s) => s.lowest?.toString() ?? ''), '', '', '']);
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Publishes or withdraws a term's results: of one class, or (without classId) of every class of
 * the term's session. One audit row per request lists the classes it changed.
 */
export async function setPublication(
  app: FastifyInstance,
  ctx: RequestContext,
  input: { termId: string; classId?: string },
  publish: boolean,
): Promise<{ termId: string; classIds: string[]; published: boolean }> {
  const schoolId = schoolOf(ctx);
  const term = isUuid(input.termId) ? await repo.findTerm(app.db, schoolId, input.termId) : null;
  if (!term) throw notFound(TERM_NOT_FOUND);
  let classIds: string[];
  if (input.classId) {
    const where = isUuid(input.classId) ? await repo.classAndTerm(app.db, schoolId, input.classId, term.id) : null;
    if (!where) throw notFound(CLASS_NOT_FOUND);
    if (where.classSessionId !== where.termSessionId) {
      const message = termNotInClassSession(where.termName, repo.className(where.level, where.arm));
      throw badRequest(message, { termId: message });
    }
    classIds = [where.classId];
  } else {
    classIds = (await repo.classesOfSession(app.db, schoolId, term.academicSessionId)).map((c) => c.id);
  }
  return app.db.transaction(async (tx) => {
    const current = new Set((await repo.publishedClassIds(tx, schoolId, [term.id])).map((r) => r.classId));
    const changed = classIds.filter((id) => current.has(id) !== publish);
    if (changed.length > 0) {
      if (publish) await repo.publish(tx, schoolId, term.id, changed, ctx.user.id);
      else await repo.unpublish(tx, schoolId, term.id, changed);
      await audit(tx, {
        ...auditBase(ctx, schoolId),
        action: publish ? 'results.publish' : 'results.unpublish',
        entity: 'result_publication',
        entityId: term.id,
        before: { termId: term.id, term: term.name, classIds: changed, published: !publish },
        after: { termId: term.id, term: term.name, classIds: changed, published: publish },
      });
    }
    return { termId: term.id, classIds: changed, published: publish };
  });
}

/** The scale in use and, per subject, how many students got each grade. */
export async function gradeDistribution(app: FastifyInstance, ctx: RequestContext, args: { classId: string; termId: string }) {
  const results = await broadsheet(app, ctx, args);
  const settings = await getResultSettings(app.db, schoolOf(ctx));
  const scale = [...settings.gradingScale].sort((a, b) => b.min - a.min);
  const subjects = results.subjects.map((subject, index) => {
    const counts: Record<string, number> = Object.fromEntries(scale.map((b) => [b.grade, 0]));
    let graded = 0;
    for (const s of results.students) {
      const grade = s.subjects[index].grade;
      if (grade) {
        counts[grade] = (counts[grade] ?? 0) + 1;
        graded++;
      }
    }
    const passed = results.students.filter((s) => (s.subjects[index].total ?? -1) >= settings.passMark).length;
    return { subjectId: subject.subjectId, subjectName: subject.subjectName, counts, graded, passed };
  });
  return { className: results.className, termName: results.termName, sessionName: results.sessionName, scale, passMark: settings.passMark, subjects };
}

// ---------------------------------------------------------------- one student's results (students, parents, administrators)

/** The student whose results the caller may read (policies/results.ts `mayReadResultsOf`; the dashboards call without a route rule). */
async function readableStudent(db: DbOrTx, ctx: RequestContext, studentId: string) {
  const schoolId = schoolOf(ctx, STUDENT_NOT_FOUND);
  const student = isUuid(studentId) && (await mayReadResultsOf(db, ctx, studentId)) ? await repo.findStudent(db, schoolId, studentId) : null;
  if (!student) throw notFound(STUDENT_NOT_FOUND);
  return { schoolId, student };
}

/** Every (class, term) pair of a student's enrolments: the transcript's rows, oldest first. */
async function studentTerms(db: DbOrTx, schoolId: string, studentId: string) {
  const rows = await repo.enrolmentsOfStudent(db, schoolId, studentId);
  const classes = [...new Map(rows.map((r) => [r.classId, { id: r.classId, level: r.level, arm: r.arm, academicSessionId: r.sessionId, sessionName: r.sessionName }])).values()];
  const terms = [...new Map(rows.map((r) => [r.termId, { id: r.termId, name: r.termName, academicSessionId: r.sessionId, startDate: r.termStart }])).values()];
  return { classes, terms };
}

function studentView(results: ClassTermResults, studentId: string): StudentTermView | null {
  const row = results.students.find((s) => s.studentId === studentId);
  if (!row) return null;
  return {
    termId: results.termId,
    termName: results.termName,
    sessionName: results.sessionName,
    classId: results.classId,
    className: results.className,
    published: results.published,
    maxima: results.maxima,
    subjects: row.subjects.map((r, i) => ({ ...r, subjectName: results.subjects[i].subjectName, classAverage: results.subjects[i].classAverage, highest: results.subjects[i].highest, lowest: results.subjects[i].lowest })),
    total: row.total,
    average: row.average,
    position: row.position,
    subjectsTaken: row.subjectsTaken,
    studentCount: results.studentCount,
    classAverage: results.classAverage,
  };
}

/**
 * Every term of a student's enrolments with results: for students and parents only published
 * ones, for administrators all. Newest term first. Computed in a fixed number of queries.
 */
export async function studentResults(db: DbOrTx, ctx: RequestContext, studentId: string) {
  const { schoolId, student } = await readableStudent(db, ctx, studentId);
  const { classes, terms } = await studentTerms(db, schoolId, student.studentId);
  const all = await computeMany(db, schoolId, classes, terms);
  const start = new Map(terms.map((t) => [t.id, t.startDate]));
  const unpublishedToo = seesUnpublishedResults(ctx);
  const views = all
    .filter((r) => unpublishedToo || r.published)
    .map((r) => studentView(r, student.studentId))
    .filter((v): v is StudentTermView => v !== null && (v.subjectsTaken > 0 || v.published))
    .sort((a, b) => String(start.get(b.termId)).localeCompare(String(start.get(a.termId))));
  // result-checker PINs (ADR 0013): 403 PIN_REQUIRED for the newest term until unlocked; older locked terms left out
  const locked = await requireLatestResultsUnlocked(db, { schoolId, studentId: student.studentId, termIds: views.map((v) => v.termId), user: ctx.user });
  return { studentId: student.studentId, name: repo.studentName(student), admissionNumber: student.registrationNo, terms: views.filter((v) => !locked.has(v.termId)) };
}

/** A student's transcript: every session and term with results, oldest first, with session averages. */
export async function transcript(db: DbOrTx, ctx: RequestContext, studentId: string) {
  const { terms, ...rest } = await studentResults(db, ctx, studentId);
  const ordered = [...terms].reverse();
  const sessions = new Map<string, { sessionName: string; className: string; terms: StudentTermView[] }>();
  for (const term of ordered) {
    const entry = sessions.get(term.sessionName) ?? { sessionName: term.sessionName, className: term.className, terms: [] };
    entry.terms.push(term);
    sessions.set(term.sessionName, entry);
  }
  return {
    ...rest,
    sessions: [...sessions.values()].map((s) => ({ ...s, cumulativeAverage: cumulativeAverage(s.terms.map((t) => t.average)) })),
  };
}

export { gradeFor };
