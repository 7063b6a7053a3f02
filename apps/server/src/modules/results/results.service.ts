/**
 * Results: settings, options, broadsheets, publication and the views of one student's results.
 * The engine (results.engine.ts, results.compute.ts) computes; the score grid is results.sheets.ts.
 *
 * Exported for other areas (report cards, promotion, transcripts):
 *   computeClassTermResults, computeSchoolTermResults, sessionAverages, isTermPublished, getResultSettings.
 */
import { sortByClass } from '@school/shared/constants';
import type { Broadsheet, ClassTermResults, ResultOptions, StudentTermView, UnscoredClass } from '@school/shared/results/responses';
import type { FeeGateInput } from '@school/shared/results/fee-gate';
import type { ResultSettingsInput } from '@school/shared/results/settings';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { csvCell } from '../../lib/csv';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isOwner } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import type { ScopedCache } from '../../lib/school-cache';
import { mayReadResultsOf, seesUnpublishedResults } from '../../policies/results';
import { requireLatestResultsUnlocked } from '../result-pins/result-pins.service';
import { cumulativeAverage } from './results.compute';
import { personName } from '../../lib/names';
import * as academics from '../academics/academics.api';
import * as repo from './results.repository';
import { className } from '@school/shared/academics/schemas';
import { CLASS_NOT_FOUND, STUDENT_NOT_FOUND, TERM_NOT_FOUND, termNotInClassSession } from './results.messages';
import { auditBase, schoolOf, staffActor } from './results.actor';
import { feeGateOf, requireFeesCleared, saveFeeGate } from './results.fee-gate';
import { computeClassTermResults, computeMany, computeManyCached, getResultSettings } from './results.engine';
import { notReadyToPublish, saveSteps as saveApprovalSteps, stepsOf as approvalStepsOf } from './results.approvals';
import { type ApprovalStepsInput, NOT_READY_TO_PUBLISH } from '@school/shared/results/approvals';
import { randomUUID } from 'node:crypto';
import { queueResultsTexts } from './results.texts';
import { sentTexts } from '../messaging/messaging.api';
import type { SentTexts } from '@school/shared/messaging/responses';

export * from './results.messages';
export { computeClassTermResults, computeSchoolTermResults, getResultSettings, isTermPublished, sessionAverages } from './results.engine';
export { getSheet, saveSheet } from './results.sheets';
export { feeGateOf, requireFeesCleared, withheldFor } from './results.fee-gate';
export { approveClasses, listApprovals, returnClass, returnSheet, reviewClass, submitSheet } from './results.approvals';

// ---------------------------------------------------------------- settings

/** The school a settings request is about: the administrator's own, or the super administrator's choice (an id, or none). */
async function settingsSchool(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined) {
  if (isOwner(ctx)) {
    if (!schoolId) {
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

export async function readFeeGate(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined) {
  const id = await settingsSchool(app, ctx, schoolId);
  return { schoolId: id, ...(await feeGateOf(app.db, id)) };
}

export async function readApprovalSteps(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined) {
  const id = await settingsSchool(app, ctx, schoolId);
  return { schoolId: id, ...(await approvalStepsOf(app.db, id)) };
}

export async function updateApprovalSteps(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined, input: ApprovalStepsInput) {
  return saveApprovalSteps(app, ctx, await settingsSchool(app, ctx, schoolId), input);
}

export async function updateFeeGate(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined, input: FeeGateInput) {
  return saveFeeGate(app, ctx, await settingsSchool(app, ctx, schoolId), input);
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
    academics.termsOfSession(app.db, actor.schoolId, session.id),
    academics.classSubjectsOfSession(app.db, actor.schoolId, session.id, admin ? undefined : actor.staff!.id),
  ]);
  let classRows = [...new Map(pairs.map((p) => [p.classId, { id: p.classId, level: p.level, arm: p.arm }])).values()];
  if (admin) classRows = await academics.classesOfSession(app.db, actor.schoolId, session.id);
  const subjects = [...new Map(pairs.map((p) => [p.subjectId, { id: p.subjectId, name: p.subjectName }])).values()];
  return {
    academicSessionId: session.id,
    terms: terms.map((t) => ({ id: t.id, name: t.name, isCurrent: t.isCurrent })),
    classes: sortByClass(classRows).map((c) => ({ id: c.id, name: className(c.level, c.arm) })),
    subjects: subjects.sort((a, b) => a.name.localeCompare(b.name)),
    classSubjects: pairs.map((p) => ({ classId: p.classId, subjectId: p.subjectId })),
  };
}

// ---------------------------------------------------------------- administrators: broadsheet, publication, grades, transcript

export async function broadsheet(app: FastifyInstance, ctx: RequestContext, args: { classId: string; termId: string }): Promise<ClassTermResults> {
  return computeClassTermResults(app.db, { schoolId: schoolOf(ctx), classId: args.classId, termId: args.termId });
}

/** The broadsheet as the page shows it: the results (as published, once they are) and the publication's dates. */
export async function broadsheetView(app: FastifyInstance, ctx: RequestContext, args: { classId: string; termId: string }): Promise<Broadsheet> {
  const [results, publication] = await Promise.all([broadsheet(app, ctx, args), repo.publicationOf(app.db, schoolOf(ctx), args.termId, args.classId)]);
  return {
    ...results,
    publication: publication
      ? { publishedAt: publication.publishedAt.toISOString(), scoresChangedAt: publication.scoresChangedAt?.toISOString() ?? null }
      : null,
  };
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

export type PublicationInput = { termId: string; classId?: string; allowUnscored?: boolean; onlyReady?: boolean };
export type PublicationAction = 'publish' | 'unpublish' | 'republish';

export const UNSCORED_SUBJECTS = 'Some subjects have no scores yet. Publish anyway?';
export const NOT_PUBLISHED_YET = 'These results are not published yet.';

/** The subjects of each computed class in which no student has any score (classes without students left out). */
function unscoredOf(results: ClassTermResults[]): UnscoredClass[] {
  return results
    .map((r) => ({ classId: r.classId, className: r.className, subjects: r.subjects.filter((s) => s.highest === null).map((s) => s.subjectName) }))
    .filter((c) => c.subjects.length > 0 && results.find((r) => r.classId === c.classId)!.studentCount > 0);
}

/** What a re-publication changed for the audit: each student whose average or position moved, joined or left. */
function changesOf(before: ClassTermResults | undefined, after: ClassTermResults) {
  const old = new Map((before?.students ?? []).map((s) => [s.studentId, s]));
  const now = new Map(after.students.map((s) => [s.studentId, s]));
  const changes: Array<{
    student: string;
    before: { average: number | null; position: number | null } | null;
    after: { average: number | null; position: number | null } | null;
  }> = [];
  for (const s of after.students) {
    const was = old.get(s.studentId);
    if (!was || was.average !== s.average || was.position !== s.position)
      changes.push({
        student: s.name,
        before: was ? { average: was.average, position: was.position } : null,
        after: { average: s.average, position: s.position },
      });
  }
  for (const s of before?.students ?? [])
    if (!now.has(s.studentId)) changes.push({ student: s.name, before: { average: s.average, position: s.position }, after: null });
  return { className: after.className, studentCount: { before: before?.studentCount ?? null, after: after.studentCount }, changes };
}

/**
 * Publishes, withdraws or re-publishes a term's results: of one class, or (without classId) of every
 * class of the term's session. Publishing keeps each class's results as computed now: that record is
 * what everyone reads until the class is re-published (results.engine.ts computeMany). Publishing or
 * re-publishing a class with a subject nobody has a score in answers 409 listing them, unless
 * `allowUnscored`. One audit row per request lists the classes it changed (a re-publication, each
 * student whose average or position moved).
 */
export async function setPublication(
  app: FastifyInstance,
  ctx: RequestContext,
  input: PublicationInput,
  action: PublicationAction,
): Promise<{ termId: string; classIds: string[]; published: boolean; texts?: SentTexts }> {
  const schoolId = schoolOf(ctx);
  const term = await academics.findTerm(app.db, schoolId, input.termId);
  if (!term) throw notFound(TERM_NOT_FOUND);
  const sessionClasses = await academics.classesOfSession(app.db, schoolId, term.academicSessionId);
  let classIds: string[];
  if (input.classId) {
    const where = await repo.classAndTerm(app.db, schoolId, input.classId, term.id);
    if (!where) throw notFound(CLASS_NOT_FOUND);
    if (where.classSessionId !== where.termSessionId) {
      const message = termNotInClassSession(where.termName, className(where.level, where.arm));
      throw badRequest(message, { termId: message });
    }
    classIds = [where.classId];
  } else {
    classIds = sessionClasses.map((c) => c.id);
  }
  const publish = action !== 'unpublish';
  let texted = 0;
  const done = await app.db.transaction(async (tx) => {
    const current = new Set((await repo.publishedClassIds(tx, schoolId, [term.id])).map((r) => r.classId));
    let changed = action === 'republish' ? classIds.filter((id) => current.has(id)) : classIds.filter((id) => current.has(id) !== publish);
    if (action === 'republish' && changed.length === 0) throw badRequest(NOT_PUBLISHED_YET);
    if (action === 'publish') {
      // the approval chain (ADR 0032): each step the school uses must be done; `onlyReady` publishes the classes that are
      const notReady = await notReadyToPublish(
        tx,
        schoolId,
        term.id,
        sessionClasses.filter((c) => changed.includes(c.id)),
      );
      if (notReady.length > 0) {
        const ready = changed.filter((id) => !notReady.some((n) => n.classId === id));
        if (!input.onlyReady || ready.length === 0) throw conflict(NOT_READY_TO_PUBLISH, undefined, { notReady });
        changed = ready;
      }
    }
    if (changed.length === 0) return { termId: term.id, classIds: [], published: publish };
    const base = { ...auditBase(ctx, schoolId), entity: 'result_publication', entityId: term.id };
    if (!publish) {
      await repo.unpublish(tx, schoolId, term.id, changed);
      await audit(tx, {
        ...base,
        action: 'results.unpublish',
        before: { termId: term.id, term: term.name, classIds: changed, published: true },
        after: { termId: term.id, term: term.name, classIds: changed, published: false },
      });
      return { termId: term.id, classIds: changed, published: false };
    }
    const wanted = new Set(changed);
    const classArgs = sessionClasses
      .filter((c) => wanted.has(c.id))
      .map((c) => ({ ...c, academicSessionId: term.academicSessionId, sessionName: term.sessionName }));
    const termArg = { id: term.id, name: term.name, academicSessionId: term.academicSessionId };
    const computed = await computeMany(tx, schoolId, classArgs, [termArg], { live: true });
    const unscored = unscoredOf(computed);
    if (unscored.length > 0 && !input.allowUnscored) throw conflict(UNSCORED_SUBJECTS, undefined, { unscored });
    const before = action === 'republish' ? await computeMany(tx, schoolId, classArgs, [termArg]) : [];
    await repo.publish(
      tx,
      schoolId,
      term.id,
      computed.map((results) => ({ classId: results.classId, results: { ...results, published: true } })),
      ctx.user.id,
    );
    await audit(tx, {
      ...base,
      action: action === 'republish' ? 'results.republish' : 'results.publish',
      before:
        action === 'republish'
          ? { termId: term.id, term: term.name, classIds: changed, published: true }
          : { termId: term.id, term: term.name, classIds: changed, published: false },
      after: {
        termId: term.id,
        term: term.name,
        classIds: changed,
        published: true,
        ...(unscored.length > 0 ? { unscored } : {}),
        ...(action === 'republish'
          ? {
              classes: computed.map((r) =>
                changesOf(
                  before.find((b) => b.classId === r.classId),
                  r,
                ),
              ),
            }
          : {}),
      },
    });
    // the families hear of it by SMS or WhatsApp (ADR 0039): one batch per publication, once per student and guardian
    const batchId = randomUUID();
    texted = await queueResultsTexts(app, tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      schoolName: ctx.user.schoolName ?? 'Your school',
      origin: ctx.origin,
      term: { id: term.id, name: term.name },
      studentIds: computed.flatMap((r) => r.students.filter((s) => s.subjectsTaken > 0).map((s) => s.studentId)),
      batchId,
    });
    // the answer names the batch, so that the page follows its sending
    const texts = await sentTexts(tx, [schoolId], batchId);
    return { termId: term.id, classIds: changed, published: true, ...(texts ? { texts } : {}) };
  });
  if (texted > 0) app.messageWorker.kick();
  return done;
}

/**
 * Keeps the results of publications that have none (made before results were kept, or by the demo
 * seed's SQL), computed from today's scores: what they showed until now. Runs once at start-up, one
 * school at a time; a publication kept meanwhile by another process is left as it is.
 */
export async function keepPublishedResults(db: DbOrTx): Promise<number> {
  let kept = 0;
  for (const schoolId of await repo.allSchoolIds(db)) {
    const pending = await repo.unkeptPublications(db, schoolId);
    if (pending.length === 0) continue;
    const byTerm = new Map<string, string[]>();
    for (const p of pending) byTerm.set(p.termId, [...(byTerm.get(p.termId) ?? []), p.classId]);
    for (const [termId, classIds] of byTerm) {
      const term = await academics.findTerm(db, schoolId, termId);
      if (!term) continue;
      const wanted = new Set(classIds);
      const classArgs = (await academics.classesOfSession(db, schoolId, term.academicSessionId))
        .filter((c) => wanted.has(c.id))
        .map((c) => ({ ...c, academicSessionId: term.academicSessionId, sessionName: term.sessionName }));
      const computed = await computeMany(db, schoolId, classArgs, [term], { live: true });
      for (const results of computed) {
        await repo.keepResults(db, schoolId, termId, results.classId, { ...results, published: true });
        kept++;
      }
    }
  }
  return kept;
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
  const student = (await mayReadResultsOf(db, ctx, studentId)) ? await repo.findStudent(db, schoolId, studentId) : null;
  if (!student) throw notFound(STUDENT_NOT_FOUND);
  return { schoolId, student };
}

/** Every (class, term) pair of a student's enrolments: the transcript's rows, oldest first. */
async function studentTerms(db: DbOrTx, schoolId: string, studentId: string) {
  const rows = await repo.enrolmentsOfStudent(db, schoolId, studentId);
  const classes = [
    ...new Map(
      rows.map((r) => [r.classId, { id: r.classId, level: r.level, arm: r.arm, academicSessionId: r.sessionId, sessionName: r.sessionName }]),
    ).values(),
  ];
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
    subjects: row.subjects.map((r, i) => ({
      ...r,
      subjectName: results.subjects[i].subjectName,
      classAverage: results.subjects[i].classAverage,
      highest: results.subjects[i].highest,
      lowest: results.subjects[i].lowest,
    })),
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
  const all = await computeManyCached(db, ctx.schoolCache, schoolId, classes, terms);
  const start = new Map(terms.map((t) => [t.id, t.startDate]));
  const unpublishedToo = seesUnpublishedResults(ctx);
  const views = all
    .filter((r) => unpublishedToo || r.published)
    .map((r) => studentView(r, student.studentId))
    .filter((v): v is StudentTermView => v !== null && (v.subjectsTaken > 0 || v.published))
    .sort((a, b) => String(start.get(b.termId)).localeCompare(String(start.get(a.termId))));
  // the fee gate: 402 with what is owed while the school withholds results from families who owe
  if (views.length > 0) await requireFeesCleared(db, ctx, schoolId, student.studentId);
  // result-checker PINs (ADR 0013): 403 PIN_REQUIRED for the newest term until unlocked; older locked terms left out
  const locked = await requireLatestResultsUnlocked(db, { schoolId, studentId: student.studentId, termIds: views.map((v) => v.termId), user: ctx.user });
  return {
    studentId: student.studentId,
    name: personName(student, { order: 'surname-first' }),
    admissionNumber: student.registrationNo,
    terms: views.filter((v) => !locked.has(v.termId)),
  };
}

/**
 * The newest published term of a student, as `studentResults(...).terms.find((t) => t.published)` answers it
 * (PINs honoured the same way), for the dashboards. A family sees published terms only, so only that one
 * (class, term) is computed, not the whole history; a viewer who also sees unpublished terms gets it from
 * `studentResults`, whose newest term decides the PIN.
 */
export async function latestPublishedResults(db: DbOrTx, ctx: RequestContext, studentId: string): Promise<StudentTermView | null> {
  if (seesUnpublishedResults(ctx)) return (await studentResults(db, ctx, studentId)).terms.find((t) => t.published) ?? null;
  const { schoolId, student } = await readableStudent(db, ctx, studentId);
  const view = await newestPublishedView(db, ctx.schoolCache, schoolId, student.studentId);
  if (!view) return null;
  await requireLatestResultsUnlocked(db, { schoolId, studentId: student.studentId, termIds: [view.termId], user: ctx.user });
  return view;
}

/**
 * The newest published term of a student of the school as a family sees it, before any PIN: the same
 * for every viewer, so the dashboards may keep it under the school's version. The caller checks that
 * the viewer may read the student's results, then the PIN (`requireLatestResultsUnlocked`).
 */
export async function newestPublishedView(db: DbOrTx, cache: ScopedCache, schoolId: string, studentId: string): Promise<StudentTermView | null> {
  const { classes, terms } = await studentTerms(db, schoolId, studentId);
  const start = new Map(terms.map((t) => [t.id, t.startDate]));
  const newest = (
    await repo.publishedClassIds(
      db,
      schoolId,
      terms.map((t) => t.id),
    )
  )
    .filter((p) => classes.some((c) => c.id === p.classId && terms.some((t) => t.id === p.termId && t.academicSessionId === c.academicSessionId)))
    .sort((a, b) => String(start.get(b.termId)).localeCompare(String(start.get(a.termId))))[0];
  if (!newest) return null;
  const cls = classes.find((c) => c.id === newest.classId)!;
  const term = terms.find((t) => t.id === newest.termId)!;
  const [results] = await computeManyCached(db, cache, schoolId, [cls], [term]);
  return results ? studentView(results, studentId) : null;
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
