import { feesOwedResponse } from '@school/shared/results/fee-gate';
import { lookupId } from '@school/shared/fields';
import { apiErrorResponse } from '@school/shared/http';
import {
  classPrincipalCommentsResponse,
  classSummaryResponse,
  classTeacherCommentOptionsResponse,
  classTeacherCommentsResponse,
  latestSchoolReportCardJobResponse,
  principalCommentResponse,
  reportCardClassesResponse,
  reportCardJobResponse,
  reportCardResponse,
  reportCardTermsResponse,
  saveClassPrincipalCommentsResponse,
  saveClassTeacherCommentsResponse,
  schoolReportCardJobResponse,
} from '@school/shared/report-cards/responses';
import {
  classPrincipalCommentsQuery,
  classPrincipalCommentsSchema,
  classReportCardsSchema,
  classTeacherCommentsQuery,
  classTeacherCommentsSchema,
  principalCommentSchema,
  schoolReportCardsSchema,
} from '@school/shared/report-cards/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { ctxOf } from '../../policies/context';
import { reportCardsPolicy as policy } from '../../policies/report-cards';
import * as classTeacherComments from './report-cards.class-teacher-comments';
import * as schoolJobs from './report-cards.school-jobs';
import * as service from './report-cards.service';
import { sendDownload } from '../../lib/downloads';

const tags = ['report cards'];
const studentParams = z.object({ studentId: z.string() });
const termQuery = z.object({ termId: z.string().trim().min(1, { error: 'Please Select a Term' }).transform(lookupId) });
const idParams = z.object({ id: z.string() });

export default async function reportCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/report-cards/classes',
    {
      config: { policy: policy.listClasses },
      schema: {
        tags,
        summary: 'Terms and classes of the selected session (administrators)',
        response: { 200: reportCardClassesResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.classOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/report-cards/classes/:classId',
    {
      config: { policy: policy.readClass },
      schema: {
        tags,
        summary: "A class's students with their overall figures for a term, to open each report card (administrators)",
        params: z.object({ classId: z.string() }),
        querystring: termQuery,
        response: { 200: classSummaryResponse },
      },
    },
    async (request) => service.classSummary(app, ctxOf(request), request.params.classId, request.query.termId),
  );

  app.get(
    '/api/report-cards/principal-comments',
    {
      config: { policy: policy.readClassPrincipalComments },
      schema: {
        tags,
        summary:
          "A class's students with their term average and position (published or not), the principal's comment on each card and a suggestion from the comment bank (who writes the principal's comment)",
        querystring: classPrincipalCommentsQuery,
        response: { 200: classPrincipalCommentsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.classPrincipalComments(app, ctxOf(request), request.query),
  );

  app.put(
    '/api/report-cards/principal-comments',
    {
      config: { policy: policy.writeClassPrincipalComments },
      schema: {
        tags,
        summary:
          "Save a class's principal's comments for a term, all or nothing (an empty comment removes the student's; 400 naming the student for one too long or not in the class)",
        body: classPrincipalCommentsSchema,
        response: { 200: saveClassPrincipalCommentsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.saveClassPrincipalComments(app, ctxOf(request), request.body),
  );

  app.get(
    '/api/report-cards/class-teacher-comments/options',
    {
      config: { policy: policy.readClassTeacherCommentOptions },
      schema: {
        tags,
        summary: "The selected session's terms and the classes you write the class teacher's comments for (class teacher; administrators: every class)",
        response: { 200: classTeacherCommentOptionsResponse },
      },
    },
    async (request) => classTeacherComments.classTeacherCommentOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/report-cards/class-teacher-comments',
    {
      config: { policy: policy.readClassTeacherComments },
      schema: {
        tags,
        summary:
          "A class's students with their term average and position, the class teacher's comment on each card and a suggestion from the class teacher's comment bank (the class teacher or an administrator; 403 another class's teacher)",
        querystring: classTeacherCommentsQuery,
        response: { 200: classTeacherCommentsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => classTeacherComments.classTeacherComments(app, ctxOf(request), request.query),
  );

  app.put(
    '/api/report-cards/class-teacher-comments',
    {
      config: { policy: policy.writeClassTeacherComments },
      schema: {
        tags,
        summary:
          "Save a class's class teacher's comments for a term, all or nothing (an empty comment removes the student's; 400 naming the student for one too long or not in the class; once published, administrators only)",
        body: classTeacherCommentsSchema,
        response: { 200: saveClassTeacherCommentsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => classTeacherComments.saveClassTeacherComments(app, ctxOf(request), request.body),
  );

  app.post(
    '/api/report-cards/class-jobs',
    {
      config: { policy: policy.buildClassCards },
      schema: {
        tags,
        summary: "Start building a class's report cards for a term as one PDF; poll the job for progress",
        body: classReportCardsSchema,
        response: { 202: reportCardJobResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await service.startClassJob(app, ctxOf(request), request.body)),
  );

  app.get(
    '/api/report-cards/class-jobs/:id',
    {
      config: { policy: policy.readClassJob },
      schema: { tags, summary: 'Progress of a class report-card build: done of total pages', params: idParams, response: { 200: reportCardJobResponse } },
    },
    async (request) => service.getJob(app, ctxOf(request), request.params.id),
  );

  app.get(
    '/api/report-cards/class-jobs/:id/report-cards.pdf',
    {
      config: { policy: policy.readClassJob },
      schema: {
        tags,
        summary: "The finished PDF of a class's report cards (400 while the build is not done)",
        params: idParams,
        response: { 200: fileResponse('application/pdf', "The class's report cards, one page per student") },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.getJobFile(app, ctxOf(request), request.params.id);
      return sendDownload(reply, { type: 'application/pdf', name: fileName, body: pdf });
    },
  );

  app.post(
    '/api/report-cards/school-jobs',
    {
      config: { policy: policy.buildSchoolCards },
      schema: {
        tags,
        summary:
          "Start building every class's report cards of a term (the classes of its session) as one PDF; poll the job for progress. While a build of the term runs, answers that one",
        body: schoolReportCardsSchema,
        response: { 202: schoolReportCardJobResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await schoolJobs.startSchoolJob(app, ctxOf(request), request.body)),
  );

  app.get(
    '/api/report-cards/school-jobs',
    {
      config: { policy: policy.latestSchoolJob },
      schema: {
        tags,
        summary: "The term's newest build of every class's report cards (running, done or failed), or null",
        querystring: schoolReportCardsSchema,
        response: { 200: latestSchoolReportCardJobResponse, 404: apiErrorResponse },
      },
    },
    async (request) => schoolJobs.latestSchoolJob(app, ctxOf(request), request.query.termId),
  );

  app.get(
    '/api/report-cards/school-jobs/:id',
    {
      config: { policy: policy.readSchoolJob },
      schema: {
        tags,
        summary: "Progress of a school's report-card build: done of total cards",
        params: idParams,
        response: { 200: schoolReportCardJobResponse },
      },
    },
    async (request) => schoolJobs.getSchoolJob(app, ctxOf(request), request.params.id),
  );

  app.get(
    '/api/report-cards/school-jobs/:id/report-cards.pdf',
    {
      config: { policy: policy.readSchoolJob },
      schema: {
        tags,
        summary: "The finished PDF of every class's report cards for the term, a bookmark per class (400 while the build is not done)",
        params: idParams,
        response: { 200: fileResponse('application/pdf', "The school's report cards, one page per student, class after class") },
      },
    },
    async (request, reply) => {
      const { stream, size, fileName } = await schoolJobs.getSchoolJobFile(app, ctxOf(request), request.params.id);
      return sendDownload(reply, { type: 'application/pdf', name: fileName, body: stream, size });
    },
  );

  app.get(
    '/api/report-cards/:studentId/terms',
    {
      config: { policy: policy.readCard },
      schema: {
        tags,
        summary: 'The terms a student has report cards for (students and parents: published ones)',
        params: studentParams,
        response: { 200: reportCardTermsResponse },
      },
    },
    async (request) => service.termsOfStudent(app, ctxOf(request), request.params.studentId),
  );

  app.get(
    '/api/report-cards/:studentId',
    {
      config: { policy: policy.readCard },
      schema: {
        tags,
        summary:
          "A student's report card for a term (students and parents: once published, with a result-checker PIN when the school asks, and 402 while the school's fee gate withholds it)",
        params: studentParams,
        querystring: termQuery,
        response: { 200: reportCardResponse, 402: feesOwedResponse },
      },
    },
    async (request) => service.getReportCard(app, ctxOf(request), request.params.studentId, request.query.termId),
  );

  app.get(
    '/api/report-cards/:studentId/report-card.pdf',
    {
      config: { policy: policy.readCard },
      schema: {
        tags,
        summary: 'The same report card as a PDF',
        params: studentParams,
        querystring: termQuery,
        response: { 200: fileResponse('application/pdf', "The student's report card for the term"), 402: feesOwedResponse },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.getReportCardPdf(app, ctxOf(request), request.params.studentId, request.query.termId);
      return sendDownload(reply, { type: 'application/pdf', name: fileName, body: pdf });
    },
  );

  app.put(
    '/api/report-cards/:studentId/principal-comment',
    {
      config: { policy: policy.writePrincipalComment },
      schema: {
        tags,
        summary: "Set the principal's comment on a student's report card for a term (administrators)",
        params: studentParams,
        querystring: termQuery,
        body: principalCommentSchema,
        response: { 200: principalCommentResponse },
      },
    },
    async (request) => service.setPrincipalComment(app, ctxOf(request), request.params.studentId, request.query.termId, request.body),
  );
}
