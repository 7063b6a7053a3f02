import { className } from '@school/shared/academics/schemas';
import { suggestComment } from '@school/shared/report-cards/comment-bank';
import type { ClassPrincipalComments, ReportCard, ReportCardJob } from '@school/shared/report-cards/responses';
import type { ClassPrincipalCommentsInput, PrincipalCommentInput } from '@school/shared/report-cards/schemas';
import type { ClassTermResults } from '@school/shared/results/responses';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { writePdf } from '../../lib/pdf';
import { printImages } from '../../lib/print-images';
import { uploadIdOf, uploadUrl } from '../../lib/uploads';
import { type RequestContext, requireSchool } from '../../policies/context';
import { mayWritePrincipalComment } from '../../policies/report-cards';
import { seesUnpublishedResults } from '../../policies/results';
import { daysPresent, termAttendanceSummary } from '../attendance/attendance.api';
import { feesOfTerm, studentBalances } from '../finance/finance.api';
import { ratingsForCard } from '../ratings/ratings.api';
import { requireResultAccess } from '../result-pins/result-pins.service';
import { classCumulativeResults, publishedClassIds } from '../results/results.api';
import { computeClassTermResults, getResultSettings, requireFeesCleared } from '../results/results.service';
import { commentsForStudents } from '../teacher-comments/teacher-comments.service';
import { type CardPictures, reportCardPage } from './report-card.pdf';
import { presentCommentGrid, principalCommentStore, saveCommentGrid } from './report-cards.comment-grid';
import * as repo from './report-cards.repository';
import * as academics from '../academics/academics.api';
import * as people from '../people/people.api';
import { personName } from '../../lib/names';

export const NOT_PUBLISHED = 'The results of this term are not published yet';
const STUDENT_NOT_FOUND = 'Student not found';
/** A job still running after this long was cut off (the process stopped). */
const JOB_STALE_MS = 10 * 60_000;

/**
 * The report cards of a class for a term (all its students, or `studentIds`), from the results
 * computed now (computeClassTermResults), attendance, teachers' comments, the principal's remarks,
 * the subjects' teachers, next term's fees and what each student owes.
 * A fixed number of queries, whatever the number of students.
 */
export async function assembleCards(
  db: DbOrTx,
  args: { schoolId: string; classId: string; termId: string; studentIds?: string[]; canEditPrincipalComment?: boolean },
): Promise<{ results: ClassTermResults; cards: ReportCard[] }> {
  const results = await computeClassTermResults(db, { schoolId: args.schoolId, classId: args.classId, termId: args.termId });
  const wanted = args.studentIds ? new Set(args.studentIds) : null;
  const rows = results.students.filter((s) => !wanted || wanted.has(s.studentId));
  const ids = rows.map((s) => s.studentId);
  const [school, term, cls, settings, attendance, comments, remarks, genderRows, ratings, teachers, balances, cumulative] = await Promise.all([
    repo.findSchool(db, args.schoolId),
    academics.findTerm(db, args.schoolId, args.termId),
    academics.findClass(db, args.schoolId, args.classId),
    getResultSettings(db, args.schoolId),
    termAttendanceSummary(db, { schoolId: args.schoolId, termId: args.termId, studentIds: ids }),
    commentsForStudents(db, { schoolId: args.schoolId, termId: args.termId, studentIds: ids }),
    repo.remarksOf(db, args.schoolId, args.termId, ids),
    people.gendersOf(db, args.schoolId, ids),
    ratingsForCard(db, { schoolId: args.schoolId, termId: args.termId, studentIds: ids }),
    academics.subjectTeachersOfClass(db, args.schoolId, args.classId),
    studentBalances(db, { schoolId: args.schoolId, studentIds: ids }),
    classCumulativeResults(db, { schoolId: args.schoolId, current: results }),
  ]);
  if (!school || !term || !cls) throw notFound('Results not found');
  const [next, classTeacherName, classTeacherComments] = await Promise.all([
    // next term with its fees for the class's level (a class moving up a level next session shows its current level's fees)
    repo.nextTerm(db, args.schoolId, term.endDate).then(async (t) => ({
      startDate: t?.startDate ?? null,
      feesKobo: t ? await feesOfTerm(db, { schoolId: args.schoolId, termId: t.id, classLevel: cls.level }) : null,
    })),
    repo.staffName(db, args.schoolId, cls.classTeacherId),
    repo.classTeacherCommentsOf(db, args.schoolId, args.termId, ids),
  ]);
  const nextTermStartDate = next.startDate;
  const nextTermKobo = next.feesKobo;
  const owed = new Map(balances.map((b) => [b.studentId, b.outstandingKobo]));
  const genders = new Map(genderRows.map((r) => [r.id, r.gender]));
  const photos = new Map(genderRows.map((r) => [r.id, uploadUrl(r.photoPath)]));
  const logoUrl = uploadUrl(school.logoUploadId);
  const address = [school.address, school.city, school.state].filter(Boolean).reduce<string[]>((parts, part) => {
    if (!parts.join(', ').toLowerCase().includes(part.toLowerCase())) parts.push(part);
    return parts;
  }, []);
  const cards = rows.map((row): ReportCard => {
    const a = attendance.get(row.studentId);
    return {
      school: { name: school.name, address: address.join(', '), phone: school.phone, email: school.email, logoUrl },
      student: {
        id: row.studentId,
        name: row.name,
        admissionNumber: row.admissionNumber,
        gender: genders.get(row.studentId) ?? null,
        className: results.className,
        classId: results.classId,
        photoUrl: photos.get(row.studentId) ?? null,
      },
      term: { id: term.id, name: term.name, sessionName: term.sessionName, startDate: term.startDate, endDate: term.endDate },
      nextTermStartDate,
      fees: { nextTermKobo, owedKobo: owed.get(row.studentId) ?? 0 },
      published: results.published,
      maxima: results.maxima,
      subjects: row.subjects.map((s, i) => ({
        subjectId: s.subjectId,
        subjectName: results.subjects[i].subjectName,
        test1: s.test1,
        test2: s.test2,
        assignment: s.assignment,
        exam: s.exam,
        total: s.total,
        grade: s.grade,
        remark: s.remark,
        teacherName: teachers.get(s.subjectId) ?? null,
        position: s.position,
        classAverage: results.subjects[i].classAverage,
        highest: results.subjects[i].highest,
        lowest: results.subjects[i].lowest,
      })),
      overall: {
        total: row.total,
        average: row.average,
        position: row.position,
        subjectsTaken: row.subjectsTaken,
        classSize: results.studentCount,
        classAverage: results.classAverage,
      },
      cumulative: cumulativeCard(cumulative, row.studentId),
      // daysOpen counts the term's school days whether or not registers were kept: no mark at all means no attendance to print
      attendance: a && a.present + a.absent + a.late + a.excused > 0 ? { present: daysPresent(a), daysOpen: a.daysOpen, absent: a.absent } : null,
      teacherComments: (comments.get(row.studentId) ?? []).map((c) => ({ comment: c.comment, score: c.score, authorName: c.authorName })),
      classTeacherName,
      classTeacherComment: classTeacherComments.get(row.studentId) ?? null,
      principalComment: remarks.get(row.studentId) ?? null,
      ratings: ratings.get(row.studentId) ?? { affective: [], psychomotor: [], key: [] },
      gradingScale: [...settings.gradingScale].sort((x, y) => y.min - x.min).map((b) => ({ grade: b.grade, min: b.min, max: b.max, remark: b.remark })),
      canEditPrincipalComment: Boolean(args.canEditPrincipalComment),
    };
  });
  return { results, cards };
}

/**
 * The cards' logo and passport photos made small for print (lib/print-images.ts: each read and encoded
 * once, then cached by upload), for `reportCardPage`; a picture whose file is missing is left off its card.
 */
export async function cardPictures(app: FastifyInstance, schoolId: string, cards: ReportCard[]): Promise<(card: ReportCard) => CardPictures> {
  const ids = cards.flatMap((card) => [uploadIdOf(card.school.logoUrl), uploadIdOf(card.student.photoUrl)]);
  const images = ids.some(Boolean) ? await printImages(app, schoolId, ids) : new Map();
  const image = (url: string | null) => images.get(uploadIdOf(url) ?? '') ?? null;
  return (card) => ({ logo: image(card.school.logoUrl), photo: image(card.student.photoUrl) });
}

/** A student's part of the class's cumulative results (null on a term that is not the last of its session). */
function cumulativeCard(cumulative: Awaited<ReturnType<typeof classCumulativeResults>>, studentId: string): ReportCard['cumulative'] {
  const student = cumulative?.students.get(studentId);
  if (!cumulative || !student) return null;
  return {
    terms: cumulative.terms,
    subjects: student.subjects,
    annualAverage: student.annualAverage,
    annualPosition: student.annualPosition,
    classSize: cumulative.classSize,
  };
}

/**
 * One student's report card for a term (the route's policy has checked the actor may read it);
 * students and parents only once published (and unlocked with a PIN when the school asks).
 */
export async function getReportCard(app: FastifyInstance, ctx: RequestContext, studentId: string, termId: string): Promise<ReportCard> {
  const schoolId = requireSchool(ctx, STUDENT_NOT_FOUND);
  const unpublishedToo = seesUnpublishedResults(ctx);
  const term = await academics.findTerm(app.db, schoolId, termId);
  if (!term) throw notFound('Term not found');
  const student = await people.studentInSession(app.db, schoolId, studentId, term.academicSessionId);
  if (!student) throw notFound(STUDENT_NOT_FOUND);
  if (!student.classId) throw notFound(`${personName(student)} was not in a class in the ${term.sessionName} session`);
  if (!unpublishedToo) {
    const [published] = await publishedClassIds(app.db, schoolId, [term.id]).then((rows) => rows.filter((r) => r.classId === student.classId));
    if (!published) throw forbidden(NOT_PUBLISHED);
    // the school's fee gate (402 with what is owed), then the result-checker PIN
    await requireFeesCleared(app.db, ctx, schoolId, studentId);
    await requireResultAccess(app.db, { schoolId, studentId, termId: term.id, user: ctx.user });
  }
  const { cards } = await assembleCards(app.db, {
    schoolId,
    classId: student.classId,
    termId: term.id,
    studentIds: [studentId],
    canEditPrincipalComment: mayWritePrincipalComment(ctx),
  });
  if (!cards[0]) throw notFound(STUDENT_NOT_FOUND);
  return cards[0];
}

export async function getReportCardPdf(app: FastifyInstance, ctx: RequestContext, studentId: string, termId: string) {
  const card = await getReportCard(app, ctx, studentId, termId);
  const name = `report-card-${card.student.name}-${card.term.name}-term-${card.term.sessionName}`.replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase();
  const pictures = await cardPictures(app, requireSchool(ctx, STUDENT_NOT_FOUND), [card]);
  return { pdf: await writePdf([reportCardPage(card, pictures(card))]), fileName: `${name}.pdf` };
}

/** The terms a student has report cards for (students and parents: published ones), newest first. */
export async function termsOfStudent(app: FastifyInstance, ctx: RequestContext, studentId: string) {
  const schoolId = requireSchool(ctx, STUDENT_NOT_FOUND);
  const unpublishedToo = seesUnpublishedResults(ctx);
  const rows = await repo.termsOfStudent(app.db, schoolId, studentId);
  const published = await publishedClassIds(
    app.db,
    schoolId,
    rows.map((r) => r.termId),
  );
  const isPublished = new Set(published.map((p) => `${p.classId}:${p.termId}`));
  return {
    items: rows
      .map((r) => ({
        termId: r.termId,
        termName: r.termName,
        sessionName: r.sessionName,
        isCurrent: r.isCurrent,
        published: isPublished.has(`${r.classId}:${r.termId}`),
      }))
      .filter((r) => unpublishedToo || r.published),
  };
}

/** The principal's comment on a student's card (the route's policy admits the school's administrators, for a student of the school). */
export async function setPrincipalComment(app: FastifyInstance, ctx: RequestContext, studentId: string, termId: string, input: PrincipalCommentInput) {
  const schoolId = requireSchool(ctx, STUDENT_NOT_FOUND);
  const term = await academics.findTerm(app.db, schoolId, termId);
  if (!term) throw notFound('Term not found');
  const student = await people.studentInSession(app.db, schoolId, studentId, term.academicSessionId);
  if (!student) throw notFound(STUDENT_NOT_FOUND);
  if (!student.classId) {
    const message = `${personName(student)} was not in a class in the ${term.sessionName} session`;
    throw badRequest(message, { termId: message });
  }
  await app.db.transaction(async (tx) => {
    const before = await repo.lockRemark(tx, schoolId, studentId, term.id);
    const after = await repo.upsertRemark(tx, { schoolId, studentId, termId: term.id, principalComment: input.principalComment, updatedByUserId: ctx.user.id });
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: 'report_card.principal_comment',
      entity: 'report_card_remark',
      entityId: after.id,
      before: before ? { principalComment: before.principalComment } : null,
      after: { studentId, termId: term.id, principalComment: after.principalComment },
      ip: ctx.ip,
    });
  });
  return { principalComment: input.principalComment };
}

// ---------------------------------------------------------------- a class's principal's comments in one grid

/**
 * A class's students for a term with their average and position (published or not: this is for
 * the administrators who write the comments), the principal's comment now on each card and a
 * suggestion from the comment bank. The results' queries and one for the comments.
 */
export async function classPrincipalComments(
  app: FastifyInstance,
  ctx: RequestContext,
  input: { classId: string; termId: string },
): Promise<ClassPrincipalComments> {
  const schoolId = requireSchool(ctx);
  const results = await computeClassTermResults(app.db, { schoolId, classId: input.classId, termId: input.termId });
  const remarks = await repo.remarksOf(
    app.db,
    schoolId,
    results.termId,
    results.students.map((s) => s.studentId),
  );
  return presentCommentGrid(results, remarks, (s, i) => suggestComment(s.average, i));
}

/**
 * Saves a class's principal's comments for a term, all or nothing (report-cards.comment-grid.ts);
 * the route's policy admits the school's administrators.
 */
export async function saveClassPrincipalComments(app: FastifyInstance, ctx: RequestContext, input: ClassPrincipalCommentsInput) {
  const schoolId = requireSchool(ctx);
  const results = await computeClassTermResults(app.db, { schoolId, classId: input.classId, termId: input.termId });
  return saveCommentGrid(app, ctx, principalCommentStore, { schoolId, results, rows: input.rows });
}

// ---------------------------------------------------------------- administrators: a class's cards

/** Terms and classes of the selected session, for picking a class's report cards. */
export async function classOptions(app: FastifyInstance, ctx: RequestContext) {
  const schoolId = requireSchool(ctx);
  const session = await ctx.academicSession();
  if (!session) return { terms: [], classes: [] };
  const [terms, classes] = await Promise.all([
    academics.termsOfSession(app.db, schoolId, session.id),
    academics.classesOfSession(app.db, schoolId, session.id),
  ]);
  return { terms, classes: classes.map((c) => ({ id: c.id, name: className(c.level, c.arm) })) };
}

/** A class's students with their overall figures for the term (to open each report card). */
export async function classSummary(app: FastifyInstance, ctx: RequestContext, classId: string, termId: string) {
  const schoolId = requireSchool(ctx);
  const results = await computeClassTermResults(app.db, { schoolId, classId, termId });
  return {
    className: results.className,
    termName: results.termName,
    sessionName: results.sessionName,
    published: results.published,
    students: results.students.map((s) => ({
      studentId: s.studentId,
      name: s.name,
      admissionNumber: s.admissionNumber,
      total: s.total,
      average: s.average,
      position: s.position,
      subjectsTaken: s.subjectsTaken,
    })),
  };
}

function presentJob(row: NonNullable<Awaited<ReturnType<typeof repo.findJob>>>): ReportCardJob {
  const stale = row.status === 'running' && Date.now() - row.createdAt.getTime() > JOB_STALE_MS;
  return {
    id: row.id,
    status: stale ? 'failed' : (row.status as ReportCardJob['status']),
    total: row.total,
    done: row.done,
    error: stale ? 'The build was interrupted. Please start it again.' : row.error,
    fileName: row.fileName,
  };
}

/**
 * Starts building a class's report cards as one PDF and answers at once with the job; the pages
 * are built in the background and `done` counts them as they are made (the progress bar).
 */
export async function startClassJob(app: FastifyInstance, ctx: RequestContext, input: { classId: string; termId: string }): Promise<ReportCardJob> {
  const schoolId = requireSchool(ctx);
  // computed first so that a bad class or term answers now (404 / 400), not in the job
  const results = await computeClassTermResults(app.db, { schoolId, classId: input.classId, termId: input.termId });
  const fileName = `report-cards-${results.className}-${results.termName}-term-${results.sessionName}`.replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase() + '.pdf';
  const job = await app.db.transaction(async (tx) => {
    const row = await repo.insertJob(tx, {
      schoolId,
      classId: input.classId,
      termId: input.termId,
      requestedByUserId: ctx.user.id,
      total: results.students.length,
      fileName,
    });
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: 'report_card.class_pdf_requested',
      entity: 'report_card_job',
      entityId: row.id,
      before: null,
      after: { classId: input.classId, termId: input.termId, students: results.students.length },
      ip: ctx.ip,
    });
    return row;
  });
  const run = runClassJob(app, job.id, schoolId, input).catch(async (error: unknown) => {
    app.log.error({ err: error, jobId: job.id }, 'report card job failed');
    await repo
      .updateJob(app.db, schoolId, job.id, { status: 'failed', error: 'The report cards could not be built. Please try again.', finishedAt: new Date() })
      .catch(() => undefined);
  });
  runningJobs.add(run);
  void run.finally(() => runningJobs.delete(run));
  return { id: job.id, status: 'running', total: results.students.length, done: 0, error: null, fileName };
}

/** Jobs still running in this process (tests wait for them before closing the database). */
export const runningJobs = new Set<Promise<unknown>>();

export const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function runClassJob(app: FastifyInstance, jobId: string, schoolId: string, input: { classId: string; termId: string }) {
  const { cards } = await assembleCards(app.db, { schoolId, classId: input.classId, termId: input.termId });
  const pictures = await cardPictures(app, schoolId, cards);
  const pages = [];
  let lastWrite = 0;
  for (const card of cards) {
    pages.push(reportCardPage(card, pictures(card)));
    // record progress at most every 100 ms (and for the last page below)
    if (Date.now() - lastWrite > 100) {
      lastWrite = Date.now();
      await repo.updateJob(app.db, schoolId, jobId, { done: pages.length });
    }
    await nextTick();
  }
  const pdf = await writePdf(pages);
  await repo.updateJob(app.db, schoolId, jobId, { done: cards.length, total: cards.length, status: 'done', pdf, finishedAt: new Date() });
}

export async function getJob(app: FastifyInstance, ctx: RequestContext, id: string): Promise<ReportCardJob> {
  const row = await repo.findJob(app.db, requireSchool(ctx), id);
  if (!row) throw notFound('Report card job not found');
  return presentJob(row);
}

export async function getJobFile(app: FastifyInstance, ctx: RequestContext, id: string) {
  const row = await repo.jobFile(app.db, requireSchool(ctx), id);
  if (!row) throw notFound('Report card job not found');
  if (row.status !== 'done' || !row.pdf) throw badRequest('The report cards are not ready yet');
  return { pdf: row.pdf, fileName: row.fileName };
}
