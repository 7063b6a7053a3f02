/**
 * A whole school's report cards for a term as one PDF (ADR 0027): built in the background class by
 * class, each class's pages stored as the file's next part with the progress, downloaded as a stream.
 */
import { Readable } from 'node:stream';
import type { SchoolReportCardJob } from '@school/shared/report-cards/responses';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import { PdfFileWriter } from '../../lib/pdf';
import { type RequestContext, requireSchool } from '../../policies/context';
import * as academics from '../academics/academics.api';
import { reportCardPage } from './report-card.pdf';
import * as repo from './report-cards.repository';
import { assembleCards, cardPictures, nextTick, runningJobs } from './report-cards.service';

/** A running school build not heard of for this long was cut off (the process stopped): each class writes progress. */
const SCHOOL_JOB_SILENT_MS = 2 * 60_000;

function presentSchoolJob(row: repo.SchoolJobRow): SchoolReportCardJob {
  const stale = row.status === 'running' && Date.now() - row.updatedAt.getTime() > SCHOOL_JOB_SILENT_MS;
  return {
    id: row.id,
    termId: row.termId,
    status: stale ? 'failed' : (row.status as SchoolReportCardJob['status']),
    total: row.total,
    done: row.done,
    classes: row.classes,
    error: stale ? 'The build was interrupted. Please start it again.' : row.error,
    fileName: row.fileName,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Starts building every class's report cards of a term (the classes of the term's session, in level
 * order, one page per enrolled student) as one PDF, and answers at once with the job; while a build of
 * the same term is running it answers that one instead of starting another.
 */
export async function startSchoolJob(app: FastifyInstance, ctx: RequestContext, input: { termId: string }): Promise<SchoolReportCardJob> {
  const schoolId = requireSchool(ctx);
  const term = await academics.findTerm(app.db, schoolId, input.termId);
  if (!term) throw notFound('Term not found');
  const [classes, counts] = await Promise.all([
    academics.classesOfSession(app.db, schoolId, term.academicSessionId),
    academics.enrolmentCounts(app.db, schoolId, term.academicSessionId),
  ]);
  const total = classes.reduce((sum, c) => sum + (counts.get(c.id) ?? 0), 0);
  if (total === 0) {
    const message = `No students are enrolled in the classes of the ${term.sessionName} session`;
    throw badRequest(message, { termId: message });
  }
  const fileName = `report-cards-all-classes-${term.name}-term-${term.sessionName}`.replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase() + '.pdf';
  const job = await app.db.transaction(async (tx) => {
    const running = await repo.latestSchoolJob(tx, schoolId, term.id);
    if (running && presentSchoolJob(running).status === 'running') return { row: running, started: false };
    const row = await repo.insertSchoolJob(tx, { schoolId, termId: term.id, requestedByUserId: ctx.user.id, total, fileName });
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: 'report_card.school_pdf_requested',
      entity: 'school_report_card_job',
      entityId: row.id,
      before: null,
      after: { termId: term.id, classes: classes.length, students: total },
      ip: ctx.ip,
    });
    return { row, started: true };
  });
  if (job.started) {
    const plan = classes.filter((c) => (counts.get(c.id) ?? 0) > 0).map((c) => c.id);
    const run = runSchoolJob(app, schoolId, job.row.id, term.id, plan).catch(async (error: unknown) => {
      app.log.error({ err: error, jobId: job.row.id }, 'school report card job failed');
      await repo
        .updateSchoolJob(app.db, schoolId, job.row.id, {
          status: 'failed',
          error: 'The report cards could not be built. Please try again.',
          finishedAt: new Date(),
        })
        .catch(() => undefined);
    });
    runningJobs.add(run);
    void run.finally(() => runningJobs.delete(run));
  }
  return presentSchoolJob(job.row);
}

/**
 * Builds the file class by class: the next class's cards are assembled (in the database) while this
 * class's pages are drawn; each class's pages are written as the file's next part, in one transaction
 * with the progress, so only one class's cards and pages are held at a time (ADR 0027).
 */
async function runSchoolJob(app: FastifyInstance, schoolId: string, jobId: string, termId: string, classIds: string[]) {
  const writer = new PdfFileWriter({ compress: true });
  const assemble = (classId: string) =>
    assembleCards(app.db, { schoolId, classId, termId }).then(async ({ cards }) => ({ cards, pictures: await cardPictures(app, schoolId, cards) }));
  let next = classIds.length ? assemble(classIds[0]) : null;
  let seq = 0;
  let size = 0;
  let classes = 0;
  for (let i = 0; next; i++) {
    const { cards, pictures } = await next;
    next = i + 1 < classIds.length ? assemble(classIds[i + 1]) : null;
    // keep the class's rejection from going unhandled while this class is drawn; it is awaited next turn
    next?.catch(() => undefined);
    if (cards.length === 0) continue;
    const pages = [];
    for (const card of cards) {
      pages.push(reportCardPage(card, pictures(card)));
      await nextTick();
    }
    const bytes = writer.pages(pages, cards[0].student.className);
    size += bytes.length;
    classes += 1;
    await app.db.transaction(async (tx) => {
      await repo.insertSchoolJobPart(tx, { schoolId, jobId, seq: seq++, bytes });
      await repo.updateSchoolJob(tx, schoolId, jobId, { done: writer.pageCount, classes });
    });
  }
  const last = writer.end();
  size += last.length;
  const cards = writer.pageCount;
  await app.db.transaction(async (tx) => {
    await repo.insertSchoolJobPart(tx, { schoolId, jobId, seq: seq++, bytes: last });
    await repo.updateSchoolJob(tx, schoolId, jobId, { status: 'done', done: cards, total: cards, classes, size, finishedAt: new Date() });
    // the new file replaces the term's earlier ones
    await repo.deleteEarlierSchoolJobs(tx, schoolId, termId, jobId);
  });
}

/** The term's newest school build (running, done or failed), or null. */
export async function latestSchoolJob(app: FastifyInstance, ctx: RequestContext, termId: string) {
  const schoolId = requireSchool(ctx);
  const term = await academics.findTerm(app.db, schoolId, termId);
  if (!term) throw notFound('Term not found');
  const row = await repo.latestSchoolJob(app.db, schoolId, term.id);
  return { job: row ? presentSchoolJob(row) : null };
}

export async function getSchoolJob(app: FastifyInstance, ctx: RequestContext, id: string): Promise<SchoolReportCardJob> {
  const row = await repo.findSchoolJob(app.db, requireSchool(ctx), id);
  if (!row) throw notFound('Report card job not found');
  return presentSchoolJob(row);
}

/** The finished file as a stream of its parts, read one at a time. */
export async function getSchoolJobFile(app: FastifyInstance, ctx: RequestContext, id: string) {
  const schoolId = requireSchool(ctx);
  const row = await repo.findSchoolJob(app.db, schoolId, id);
  if (!row) throw notFound('Report card job not found');
  if (row.status !== 'done' || row.size === null) throw badRequest('The report cards are not ready yet');
  async function* parts() {
    for (let seq = 0; ; seq++) {
      const bytes = await repo.schoolJobPart(app.db, schoolId, id, seq);
      if (!bytes) return;
      yield bytes;
    }
  }
  return { stream: Readable.from(parts(), { objectMode: false }), size: row.size, fileName: row.fileName };
}
