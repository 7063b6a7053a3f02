/**
 * The approval chain before results publish (issue 18, ADR 0032): a subject's teacher submits the
 * sheet (closed to them until it is returned), the class teacher reviews the class (or returns a sheet
 * with a note), the principal (an administrator) approves classes, one by one, by selection or a whole
 * level, or returns one to its class teacher. A school switches each step on or off; publication then
 * asks that every step in use is done (`notReadyToPublish`). Every move is audited.
 */
import { className } from '@school/shared/academics/schemas';
import {
  ALREADY_PUBLISHED,
  type ApprovalStage,
  type Approvals,
  type ApprovalStepsInput,
  type ApproveClassesInput,
  type ApproveClassesResult,
  type ClassApproval,
  NOT_REVIEWED,
  NOTHING_SCORED,
  type ReturnClassInput,
  type ReturnSheetInput,
  type ReviewClassInput,
  STEP_OFF,
  type SubmitSheetInput,
  unsubmittedSubjects,
} from '@school/shared/results/approvals';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import type { RequestContext } from '../../policies/context';
import { approvalScope, approvesResults, mayReviewClass, maySubmitSheet } from '../../policies/results';
import * as academics from '../academics/academics.api';
import { auditBase, staffActor } from './results.actor';
import { approvalsLink, classCompleteMail, classReturnedMail, classReviewedMail, type MailPlace, sheetLink, sheetReturnedMail } from './results.approvals.mail';
import * as repo from './results.approvals.repository';
import { CLASS_NOT_FOUND, TERM_NOT_FOUND, termNotInClassSession } from './results.messages';
import * as results from './results.repository';

export const NOT_APPROVED = 'Not approved by the principal yet';
export const NOTHING_TO_RETURN = 'There is nothing to return: the class has not been reviewed or approved';
export const SHEET_NOT_SUBMITTED = 'This sheet is not submitted';
export const classTeacherOnly = (cls: string) => `Only the class teacher of ${cls} can do this`;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- steps

export const stepsOf = repo.stepsOf;

export async function saveSteps(app: FastifyInstance, ctx: RequestContext, schoolId: string, input: ApprovalStepsInput) {
  await app.db.transaction(async (tx) => {
    const before = await repo.stepsOf(tx, schoolId);
    await repo.saveSteps(tx, schoolId, input, ctx.user.id);
    await audit(tx, {
      ...auditBase(ctx, schoolId),
      action: 'results.approval_steps.update',
      entity: 'result_approval_steps',
      entityId: schoolId,
      before,
      after: input,
    });
  });
  return { schoolId, ...input };
}

// ---------------------------------------------------------------- where each class stands

interface ClassState {
  classId: string;
  className: string;
  level: string;
  classTeacherId: string | null;
  sheets: Array<{ subjectId: string; subjectName: string; teacherId: string | null; teacherName: string | null; submission: repo.SubmissionRow | null }>;
  approval: repo.ClassApprovalRow | null;
  publishedAt: Date | null;
}

const isSubmitted = (s: repo.SubmissionRow | null) => s !== null && s.returnedAt === null;
/** The subjects of the class whose sheet is not in: the review waits for none (`reviewClass`). */
const unsubmittedOf = (state: Pick<ClassState, 'sheets'>) => state.sheets.filter((s) => !isSubmitted(s.submission)).map((s) => s.subjectName);

/** Where a class stands under the school's steps, and what it still waits for (null: nothing). */
export function standing(
  steps: ApprovalStepsInput,
  state: Pick<ClassState, 'sheets' | 'approval' | 'publishedAt'>,
): { stage: ApprovalStage; waitingFor: string | null } {
  const unsubmitted = unsubmittedOf(state);
  const reviewed = Boolean(state.approval?.reviewedAt);
  const approved = Boolean(state.approval?.approvedAt);
  if (state.publishedAt) return { stage: 'published', waitingFor: null };
  const stage: ApprovalStage = approved
    ? 'approved'
    : reviewed
      ? 'reviewed'
      : steps.submission && state.sheets.length > 0 && unsubmitted.length === 0
        ? 'submitted'
        : 'entering';
  let waitingFor: string | null = null;
  if (steps.submission && unsubmitted.length > 0) waitingFor = unsubmittedSubjects(unsubmitted);
  else if (steps.review && !reviewed) waitingFor = NOT_REVIEWED;
  else if (steps.approval && !approved) waitingFor = NOT_APPROVED;
  return { stage, waitingFor };
}

/** The classes' sheets, submissions, approvals and publications for a term: a fixed number of queries. */
async function statesOf(
  db: DbOrTx,
  schoolId: string,
  termId: string,
  classes: Array<{ id: string; level: string; arm: string; classTeacherId: string | null }>,
  lock = false,
) {
  const ids = classes.map((c) => c.id);
  const [subjects, submissions, approvals, published] = await Promise.all([
    results.subjectsOfClasses(db, schoolId, ids),
    repo.submissionsOf(db, schoolId, termId, ids),
    repo.classApprovalsOf(db, schoolId, termId, ids, lock),
    results.publicationsOf(db, schoolId, termId, ids),
  ]);
  const names = await repo.staffNames(
    db,
    schoolId,
    subjects.map((s) => s.teacherId).filter((id): id is string => id !== null),
  );
  const submitted = new Map(submissions.map((s) => [`${s.classId}:${s.subjectId}`, s]));
  const approval = new Map(approvals.map((a) => [a.classId, a]));
  const publishedAt = new Map(published.map((p) => [p.classId, p.publishedAt]));
  return classes.map((c): ClassState => ({
    classId: c.id,
    className: className(c.level, c.arm),
    level: c.level,
    classTeacherId: c.classTeacherId,
    sheets: subjects
      .filter((s) => s.classId === c.id)
      .map((s) => ({
        subjectId: s.subjectId,
        subjectName: s.subjectName,
        teacherId: s.teacherId,
        teacherName: s.teacherId ? (names.get(s.teacherId) ?? null) : null,
        submission: submitted.get(`${c.id}:${s.subjectId}`) ?? null,
      })),
    approval: approval.get(c.id) ?? null,
    publishedAt: publishedAt.get(c.id) ?? null,
  }));
}

/** The classes given (of the term's session, as `academics.classesOfSession` answers them) that the school's steps do not let publish yet, with why. */
export async function notReadyToPublish(
  db: DbOrTx,
  schoolId: string,
  termId: string,
  classes: Array<{ id: string; level: string; arm: string; classTeacherId: string | null }>,
) {
  const steps = await repo.stepsOf(db, schoolId);
  if (!steps.submission && !steps.review && !steps.approval) return [];
  const states = await statesOf(db, schoolId, termId, classes);
  return states
    .map((s) => ({ classId: s.classId, className: s.className, reason: standing(steps, { ...s, publishedAt: null }).waitingFor }))
    .filter((s): s is { classId: string; className: string; reason: string } => s.reason !== null);
}

/** The term asked for, or the selected session's current one (or first); null without a session. */
async function termOf(db: DbOrTx, ctx: RequestContext, schoolId: string, termId: string | undefined) {
  if (termId) {
    const term = await academics.findTerm(db, schoolId, termId);
    if (!term) throw notFound(TERM_NOT_FOUND);
    return term;
  }
  const session = await ctx.academicSession();
  if (!session) return null;
  const terms = await academics.termsOfSession(db, schoolId, session.id);
  const pick = terms.find((t) => t.isCurrent) ?? terms[0];
  return pick ? academics.findTerm(db, schoolId, pick.id) : null;
}

/**
 * Where each class of a term stands in the chain, and what the viewer may do with it. Administrators
 * see every class of the term's session; a teacher the classes they teach a subject in (their sheets)
 * or are class teacher of (all its sheets).
 */
export async function listApprovals(app: FastifyInstance, ctx: RequestContext, termId: string | undefined): Promise<Approvals> {
  const actor = await staffActor(app, ctx);
  const schoolId = actor.schoolId;
  const steps = await repo.stepsOf(app.db, schoolId);
  const term = await termOf(app.db, ctx, schoolId, termId);
  if (!term) return { termId: null, termName: null, sessionName: null, terms: [], steps, classes: [] };
  const staffId = actor.staff?.id ?? null;
  const mine = approvalScope(ctx) === 'mine';
  if (mine && !staffId) return { termId: term.id, termName: term.name, sessionName: term.sessionName, terms: [], steps, classes: [] };
  const [terms, classes] = await Promise.all([
    academics.termsOfSession(app.db, schoolId, term.academicSessionId),
    academics.classesOfSession(app.db, schoolId, term.academicSessionId, mine ? staffId! : undefined),
  ]);
  const [states, counts, rosters, classTeachers] = await Promise.all([
    statesOf(app.db, schoolId, term.id, classes),
    repo.scoredCounts(
      app.db,
      schoolId,
      term.id,
      classes.map((c) => c.id),
    ),
    results.studentsOfClasses(
      app.db,
      schoolId,
      classes.map((c) => c.id),
    ),
    repo.staffNames(
      app.db,
      schoolId,
      classes.map((c) => c.classTeacherId).filter((id): id is string => id !== null),
    ),
  ]);
  const scored = new Map(counts.map((c) => [`${c.class_id}:${c.subject_id}`, Number(c.complete)]));
  const sizes = new Map<string, number>();
  for (const r of rosters) sizes.set(r.classId, (sizes.get(r.classId) ?? 0) + 1);
  const approver = approvesResults(ctx);
  return {
    termId: term.id,
    termName: term.name,
    sessionName: term.sessionName,
    terms: terms.map((t) => ({ id: t.id, name: t.name, isCurrent: t.isCurrent })),
    steps,
    classes: states.map((s): ClassApproval => {
      const reviewer = mayReviewClass(ctx, { classTeacherId: s.classTeacherId }, staffId);
      // a subject teacher who is not the class teacher sees only their own sheets
      const sheets = reviewer ? s.sheets : s.sheets.filter((sheet) => maySubmitSheet(ctx, sheet, staffId));
      const { stage, waitingFor } = standing(steps, s);
      const sheetsIn = !steps.submission || s.sheets.every((sheet) => isSubmitted(sheet.submission));
      const throughEarlierSteps = standing({ ...steps, approval: false }, s).waitingFor === null;
      const open = !s.publishedAt;
      const a = s.approval;
      return {
        classId: s.classId,
        className: s.className,
        level: s.level,
        classTeacherName: s.classTeacherId ? (classTeachers.get(s.classTeacherId) ?? null) : null,
        studentCount: sizes.get(s.classId) ?? 0,
        sheets: sheets.map((sheet) => ({
          subjectId: sheet.subjectId,
          subjectName: sheet.subjectName,
          teacherName: sheet.teacherName,
          submittedAt: isSubmitted(sheet.submission) ? iso(sheet.submission!.submittedAt) : null,
          submittedByName: isSubmitted(sheet.submission) ? sheet.submission!.submittedByName : null,
          returnedAt: iso(sheet.submission?.returnedAt),
          returnedByName: sheet.submission?.returnedByName ?? null,
          returnNote: sheet.submission?.returnNote ?? null,
          scored: scored.get(`${s.classId}:${sheet.subjectId}`) ?? 0,
        })),
        stage,
        reviewedAt: iso(a?.reviewedAt),
        reviewedByName: a?.reviewedAt ? a.reviewedByName : null,
        approvedAt: iso(a?.approvedAt),
        approvedByName: a?.approvedAt ? a.approvedByName : null,
        returnedAt: iso(a?.returnedAt),
        returnedByName: a?.returnedAt ? a.returnedByName : null,
        returnNote: a?.returnedAt ? a.returnNote : null,
        publishedAt: iso(s.publishedAt),
        readyToPublish: open && waitingFor === null,
        waitingFor: open ? waitingFor : null,
        canReview: open && steps.review && reviewer && !a?.reviewedAt && sheetsIn,
        canReturnSheets: open && steps.submission && reviewer,
        canApprove: open && steps.approval && approver && !a?.approvedAt && throughEarlierSteps,
        canReturnClass: open && approver && Boolean(a?.reviewedAt || a?.approvedAt),
      };
    }),
  };
}

// ---------------------------------------------------------------- moves

/** The class of a move, checked to be of the term's session. */
async function classOfTerm(db: DbOrTx, schoolId: string, classId: string, termId: string) {
  const where = await results.classAndTerm(db, schoolId, classId, termId);
  if (!where) throw notFound(CLASS_NOT_FOUND);
  const name = className(where.level, where.arm);
  if (where.classSessionId !== where.termSessionId) {
    const message = termNotInClassSession(where.termName, name);
    throw badRequest(message, { termId: message });
  }
  const cls = await academics.findClass(db, schoolId, classId);
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  return { ...where, name, classTeacherId: cls.classTeacherId };
}

async function refuseWhenPublished(db: DbOrTx, schoolId: string, termId: string, classId: string) {
  const [published] = await results.publicationsOf(db, schoolId, termId, [classId]);
  if (published) throw badRequest(`${ALREADY_PUBLISHED}: correct scores and re-publish instead`);
}

// ---------------------------------------------------------------- telling the next person (ADR 0032, addendum)

type Where = Awaited<ReturnType<typeof classOfTerm>>;
type Outgoing = { id: string; message: MailMessage };

const placeOf = (where: Where): MailPlace => ({
  termId: where.termId,
  termName: where.termName,
  sessionName: where.sessionName,
  classId: where.classId,
  className: where.name,
});

/** Nobody is mailed about their own move (an administrator who reviews or returns for someone knows). */
const othersThan = (ctx: RequestContext, recipients: repo.Recipient[]) => recipients.filter((r) => r.userId !== ctx.user.id);

/**
 * Queues one mail per address in the move's own transaction: the mail exists exactly when the move
 * does, and a retried move that changes nothing (it returns early) queues nothing.
 */
async function queueMails(
  app: FastifyInstance,
  tx: DbOrTx,
  ctx: RequestContext,
  schoolId: string,
  recipients: repo.Recipient[],
  compose: (r: repo.Recipient) => Pick<MailMessage, 'subject' | 'body'>,
): Promise<Outgoing[]> {
  const queued: Outgoing[] = [];
  const seen = new Set<string>();
  for (const r of recipients) {
    if (seen.has(r.email.toLowerCase())) continue;
    seen.add(r.email.toLowerCase());
    const message: MailMessage = { to: r.email, ...compose(r), organisationId: ctx.organisationId, schoolId };
    queued.push({ id: await app.mailer.queue(tx, message), message });
  }
  return queued;
}

/** Sends what a move queued, once its transaction has committed. */
async function deliverMails(app: FastifyInstance, mails: Outgoing[]) {
  for (const m of mails) await app.mailer.deliver(app.db, m.id, m.message);
}

/** A subject's teacher (or an administrator) hands in the sheet; their grid closes until it is returned. */
export async function submitSheet(app: FastifyInstance, ctx: RequestContext, input: SubmitSheetInput) {
  const actor = await staffActor(app, ctx);
  const schoolId = actor.schoolId;
  const steps = await repo.stepsOf(app.db, schoolId);
  if (!steps.submission) throw badRequest(STEP_OFF.submission);
  const where = await classOfTerm(app.db, schoolId, input.classId, input.termId);
  const [taught] = (await results.subjectsOfClasses(app.db, schoolId, [input.classId])).filter((s) => s.subjectId === input.subjectId);
  if (!taught) throw notFound('Subject not found');
  if (!maySubmitSheet(ctx, taught, actor.staff?.id ?? null)) throw forbidden(`You do not teach ${taught.subjectName} in ${where.name}`);
  await refuseWhenPublished(app.db, schoolId, input.termId, input.classId);
  const counts = await repo.scoredCounts(app.db, schoolId, input.termId, [input.classId]);
  if (!counts.some((c) => c.subject_id === input.subjectId && Number(c.any) > 0)) throw badRequest(NOTHING_SCORED);
  const mail: Outgoing[] = [];
  await app.db.transaction(async (tx) => {
    await repo.lockClass(tx, schoolId, input.classId);
    const current = await repo.submissionOf(tx, schoolId, input, true);
    if (isSubmitted(current)) return;
    await repo.submit(tx, { schoolId, ...input, userId: ctx.user.id, name: ctx.user.name });
    await audit(tx, {
      ...auditBase(ctx, schoolId),
      action: 'results.sheet_submit',
      entity: 'result_sheet_submission',
      entityId: `${input.termId}:${input.classId}:${input.subjectId}`,
      before: current ? { submitted: false, returnedAt: iso(current.returnedAt), returnNote: current.returnNote } : { submitted: false },
      after: { submitted: true, class: where.name, term: where.termName, subject: taught.subjectName },
    });
    // the last sheet in: the class teacher's turn to review (what `reviewClass` waits for)
    if (steps.review && where.classTeacherId) {
      const [state] = await statesOf(tx, schoolId, input.termId, [
        { id: input.classId, level: where.level, arm: where.arm, classTeacherId: where.classTeacherId },
      ]);
      if (unsubmittedOf(state).length === 0 && !state.approval?.reviewedAt) {
        const teachers = await repo.staffRecipients(tx, schoolId, [where.classTeacherId]);
        mail.push(
          ...(await queueMails(app, tx, ctx, schoolId, teachers, (r) => classCompleteMail(placeOf(where), r.name, approvalsLink(ctx.origin, r, input.termId)))),
        );
      }
    }
  });
  await deliverMails(app, mail);
  return { submitted: true };
}

/** The class teacher (or an administrator) sends a submitted sheet back with a note; the class's review and approval are undone. */
export async function returnSheet(app: FastifyInstance, ctx: RequestContext, input: ReturnSheetInput) {
  const actor = await staffActor(app, ctx);
  const schoolId = actor.schoolId;
  const steps = await repo.stepsOf(app.db, schoolId);
  if (!steps.submission) throw badRequest(STEP_OFF.submission);
  const where = await classOfTerm(app.db, schoolId, input.classId, input.termId);
  if (!mayReviewClass(ctx, where, actor.staff?.id ?? null)) throw forbidden(classTeacherOnly(where.name));
  await refuseWhenPublished(app.db, schoolId, input.termId, input.classId);
  const mail: Outgoing[] = [];
  await app.db.transaction(async (tx) => {
    // one after another with submissions: none finds the class complete while this sheet goes back
    await repo.lockClass(tx, schoolId, input.classId);
    const current = await repo.submissionOf(tx, schoolId, input, true);
    if (!isSubmitted(current)) throw badRequest(SHEET_NOT_SUBMITTED);
    await repo.returnSheet(tx, { schoolId, ...input }, ctx.user.name, input.note);
    const [approval] = await repo.classApprovalsOf(tx, schoolId, input.termId, [input.classId], true);
    if (approval?.reviewedAt || approval?.approvedAt) await repo.clearClassApproval(tx, schoolId, input.termId, input.classId);
    await audit(tx, {
      ...auditBase(ctx, schoolId),
      action: 'results.sheet_return',
      entity: 'result_sheet_submission',
      entityId: `${input.termId}:${input.classId}:${input.subjectId}`,
      before: { submitted: true, submittedBy: current!.submittedByName, reviewed: Boolean(approval?.reviewedAt), approved: Boolean(approval?.approvedAt) },
      after: { submitted: false, class: where.name, term: where.termName, note: input.note },
    });
    // the subject's teacher is told, with the note
    const taught = (await results.subjectsOfClasses(tx, schoolId, [input.classId])).find((s) => s.subjectId === input.subjectId);
    if (taught?.teacherId) {
      const teachers = othersThan(ctx, await repo.staffRecipients(tx, schoolId, [taught.teacherId]));
      const place = { ...placeOf(where), subjectName: taught.subjectName };
      mail.push(
        ...(await queueMails(app, tx, ctx, schoolId, teachers, (r) =>
          sheetReturnedMail(place, r.name, ctx.user.name, input.note, sheetLink(ctx.origin, r, input)),
        )),
      );
    }
  });
  await deliverMails(app, mail);
  return { returned: true };
}

/** The class teacher (or an administrator) passes the class on to the principal; every sheet must be in when sheets are submitted. */
export async function reviewClass(app: FastifyInstance, ctx: RequestContext, input: ReviewClassInput) {
  const actor = await staffActor(app, ctx);
  const schoolId = actor.schoolId;
  const steps = await repo.stepsOf(app.db, schoolId);
  if (!steps.review) throw badRequest(STEP_OFF.review);
  const where = await classOfTerm(app.db, schoolId, input.classId, input.termId);
  if (!mayReviewClass(ctx, where, actor.staff?.id ?? null)) throw forbidden(classTeacherOnly(where.name));
  await refuseWhenPublished(app.db, schoolId, input.termId, input.classId);
  const mail: Outgoing[] = [];
  const result = await app.db.transaction(async (tx) => {
    const [state] = await statesOf(
      tx,
      schoolId,
      input.termId,
      [{ id: input.classId, level: where.level, arm: where.arm, classTeacherId: where.classTeacherId }],
      true,
    );
    const unsubmitted = unsubmittedOf(state);
    if (steps.submission && unsubmitted.length > 0) throw conflict(unsubmittedSubjects(unsubmitted), undefined, { subjects: unsubmitted });
    if (state.approval?.reviewedAt) return { reviewed: true };
    await repo.setClassApprovals(tx, schoolId, input.termId, [input.classId], {
      reviewedAt: new Date(),
      reviewedByUserId: ctx.user.id,
      reviewedByName: ctx.user.name,
      returnedAt: null,
      returnedByName: null,
      returnNote: null,
    });
    await audit(tx, {
      ...auditBase(ctx, schoolId),
      action: 'results.class_review',
      entity: 'result_class_approval',
      entityId: `${input.termId}:${input.classId}`,
      before: { reviewed: false, returnNote: state.approval?.returnNote ?? null },
      after: { reviewed: true, class: where.name, term: where.termName },
    });
    // the principal's turn, when the school uses that step
    if (steps.approval) {
      const admins = othersThan(ctx, await repo.administratorRecipients(tx, schoolId));
      mail.push(
        ...(await queueMails(app, tx, ctx, schoolId, admins, (r) =>
          classReviewedMail(placeOf(where), r.name, ctx.user.name, approvalsLink(ctx.origin, r, input.termId)),
        )),
      );
    }
    return { reviewed: true };
  });
  await deliverMails(app, mail);
  return result;
}

/** The principal sends a reviewed (or approved) class back to its class teacher with a note. */
export async function returnClass(app: FastifyInstance, ctx: RequestContext, input: ReturnClassInput) {
  const schoolId = (await staffActor(app, ctx)).schoolId;
  const where = await classOfTerm(app.db, schoolId, input.classId, input.termId);
  await refuseWhenPublished(app.db, schoolId, input.termId, input.classId);
  const steps = await repo.stepsOf(app.db, schoolId);
  const mail: Outgoing[] = [];
  await app.db.transaction(async (tx) => {
    const [current] = await repo.classApprovalsOf(tx, schoolId, input.termId, [input.classId], true);
    if (!current?.reviewedAt && !current?.approvedAt) throw badRequest(NOTHING_TO_RETURN);
    await repo.setClassApprovals(tx, schoolId, input.termId, [input.classId], {
      reviewedAt: null,
      reviewedByUserId: null,
      reviewedByName: null,
      approvedAt: null,
      approvedByUserId: null,
      approvedByName: null,
      returnedAt: new Date(),
      returnedByName: ctx.user.name,
      returnNote: input.note,
    });
    await audit(tx, {
      ...auditBase(ctx, schoolId),
      action: 'results.class_return',
      entity: 'result_class_approval',
      entityId: `${input.termId}:${input.classId}`,
      before: { reviewed: Boolean(current.reviewedAt), approved: Boolean(current.approvedAt) },
      after: { reviewed: false, approved: false, class: where.name, term: where.termName, note: input.note },
    });
    // back to the class teacher, whose review it waits for again
    if (steps.review && where.classTeacherId) {
      const teachers = othersThan(ctx, await repo.staffRecipients(tx, schoolId, [where.classTeacherId]));
      mail.push(
        ...(await queueMails(app, tx, ctx, schoolId, teachers, (r) =>
          classReturnedMail(placeOf(where), r.name, ctx.user.name, input.note, approvalsLink(ctx.origin, r, input.termId)),
        )),
      );
    }
  });
  await deliverMails(app, mail);
  return { returned: true };
}

/**
 * The principal approves classes of a term: those named, or every class of a level. Each class whose
 * earlier steps are done is approved; the others are left, each with why. One audit entry.
 */
export async function approveClasses(app: FastifyInstance, ctx: RequestContext, input: ApproveClassesInput): Promise<ApproveClassesResult> {
  const schoolId = (await staffActor(app, ctx)).schoolId;
  const steps = await repo.stepsOf(app.db, schoolId);
  if (!steps.approval) throw badRequest(STEP_OFF.approval);
  const term = await academics.findTerm(app.db, schoolId, input.termId);
  if (!term) throw notFound(TERM_NOT_FOUND);
  const sessionClasses = await academics.classesOfSession(app.db, schoolId, term.academicSessionId);
  const named = new Set(input.classIds ?? []);
  const chosen = sessionClasses.filter((c) => named.has(c.id) || (input.level !== undefined && c.level === input.level));
  if (chosen.length === 0 || chosen.filter((c) => named.has(c.id)).length < named.size) throw notFound(CLASS_NOT_FOUND);
  return app.db.transaction(async (tx) => {
    const states = await statesOf(tx, schoolId, term.id, chosen, true);
    const approved: ApproveClassesResult['approved'] = [];
    const skipped: ApproveClassesResult['skipped'] = [];
    for (const s of states) {
      if (s.publishedAt) skipped.push({ classId: s.classId, className: s.className, reason: ALREADY_PUBLISHED });
      else if (s.approval?.approvedAt) skipped.push({ classId: s.classId, className: s.className, reason: 'Already approved' });
      else {
        const { waitingFor } = standing({ ...steps, approval: false }, s);
        if (waitingFor) skipped.push({ classId: s.classId, className: s.className, reason: waitingFor });
        else approved.push({ classId: s.classId, className: s.className });
      }
    }
    if (approved.length > 0) {
      await repo.setClassApprovals(
        tx,
        schoolId,
        term.id,
        approved.map((a) => a.classId),
        { approvedAt: new Date(), approvedByUserId: ctx.user.id, approvedByName: ctx.user.name, returnedAt: null, returnedByName: null, returnNote: null },
      );
      await audit(tx, {
        ...auditBase(ctx, schoolId),
        action: 'results.approve',
        entity: 'result_class_approval',
        entityId: term.id,
        before: { termId: term.id, term: term.name, approved: false },
        after: { termId: term.id, term: term.name, approved: true, classes: approved.map((a) => a.className), ...(input.level ? { level: input.level } : {}) },
      });
    }
    return { approved, skipped };
  });
}

/**
 * The sheet's submission as the score grid shows it, and whether the viewer's grid is closed by it
 * (a teacher's, while submitted; an administrator corrects any time).
 */
export async function sheetApproval(db: DbOrTx, schoolId: string, place: { termId: string; classId: string; subjectId: string }, admin: boolean) {
  const [steps, submission] = await Promise.all([repo.stepsOf(db, schoolId), repo.submissionOf(db, schoolId, place)]);
  const submitted = steps.submission && isSubmitted(submission);
  return {
    submissionOn: steps.submission,
    submittedAt: submitted ? iso(submission!.submittedAt) : null,
    submittedByName: submitted ? submission!.submittedByName : null,
    returnedAt: steps.submission && submission?.returnedAt ? iso(submission.returnedAt) : null,
    returnedByName: steps.submission && submission?.returnedAt ? submission.returnedByName : null,
    returnNote: steps.submission && submission?.returnedAt ? submission.returnNote : null,
    /** closes a teacher's grid */
    locked: submitted && !admin,
    canSubmit: steps.submission && !submitted,
  };
}
