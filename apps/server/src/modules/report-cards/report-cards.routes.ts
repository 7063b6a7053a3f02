import { classReportCardsSchema, principalCommentSchema } from '@school/shared/report-cards/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { reportCardsPolicy as policy } from '../../policies/report-cards';
import * as service from './report-cards.service';

const tags = ['report cards'];
const num = z.number().nullable();
const ref = z.object({ id: z.string(), name: z.string() });
const card = z.object({
  school: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string(), logoUrl: z.string().nullable() }),
  student: z.object({
    id: z.string(),
    name: z.string(),
    admissionNumber: z.string().nullable(),
    gender: z.string().nullable(),
    className: z.string(),
    classId: z.string(),
  }),
  term: z.object({ id: z.string(), name: z.string(), sessionName: z.string(), startDate: z.string(), endDate: z.string() }),
  nextTermStartDate: z.string().nullable(),
  published: z.boolean(),
  maxima: z.object({ test1: z.number(), test2: z.number(), assignment: z.number(), exam: z.number() }),
  subjects: z.array(
    z.object({
      subjectId: z.string(),
      subjectName: z.string(),
      test1: num,
      test2: num,
      assignment: num,
      exam: num,
      total: num,
      grade: z.string().nullable(),
      remark: z.string().nullable(),
      position: num,
      classAverage: num,
      highest: num,
      lowest: num,
    }),
  ),
  overall: z.object({ total: z.number(), average: num, position: num, subjectsTaken: z.number(), classSize: z.number(), classAverage: num }),
  attendance: z.object({ present: z.number(), daysOpen: z.number(), absent: z.number() }).nullable(),
  teacherComments: z.array(z.object({ comment: z.string(), score: z.number(), authorName: z.string() })),
  classTeacherName: z.string().nullable(),
  principalComment: z.string().nullable(),
  gradingScale: z.array(z.object({ grade: z.string(), min: z.number(), max: z.number(), remark: z.string() })),
  canEditPrincipalComment: z.boolean(),
});
const job = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number(),
  done: z.number(),
  error: z.string().nullable(),
  fileName: z.string(),
});
const studentParams = z.object({ studentId: z.string() });
const termQuery = z.object({ termId: z.string().trim().min(1, { error: 'Please Select a Term' }) });
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
        response: { 200: z.object({ terms: z.array(ref.extend({ isCurrent: z.boolean() })), classes: z.array(ref) }) },
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
        response: {
          200: z.object({
            className: z.string(),
            termName: z.string(),
            sessionName: z.string(),
            published: z.boolean(),
            students: z.array(
              z.object({
                studentId: z.string(),
                name: z.string(),
                admissionNumber: z.string().nullable(),
                total: z.number(),
                average: num,
                position: num,
                subjectsTaken: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => service.classSummary(app, ctxOf(request), request.params.classId, request.query.termId),
  );

  app.post(
    '/api/report-cards/class-jobs',
    {
      config: { policy: policy.buildClassCards },
      schema: {
        tags,
        summary: "Start building a class's report cards for a term as one PDF; poll the job for progress",
        body: classReportCardsSchema,
        response: { 202: job },
      },
    },
    async (request, reply) => reply.status(202).send(await service.startClassJob(app, ctxOf(request), request.body)),
  );

  app.get(
    '/api/report-cards/class-jobs/:id',
    {
      config: { policy: policy.readClassJob },
      schema: { tags, summary: 'Progress of a class report-card build: done of total pages', params: idParams, response: { 200: job } },
    },
    async (request) => service.getJob(app, ctxOf(request), request.params.id),
  );

  app.get(
    '/api/report-cards/class-jobs/:id/report-cards.pdf',
    {
      config: { policy: policy.readClassJob },
      schema: { tags, summary: "The finished PDF of a class's report cards", params: idParams },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.getJobFile(app, ctxOf(request), request.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
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
        response: {
          200: z.object({
            items: z.array(z.object({ termId: z.string(), termName: z.string(), sessionName: z.string(), isCurrent: z.boolean(), published: z.boolean() })),
          }),
        },
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
        summary: "A student's report card for a term (students and parents: once published, and with a result-checker PIN when the school asks)",
        params: studentParams,
        querystring: termQuery,
        response: { 200: card },
      },
    },
    async (request) => service.getReportCard(app, ctxOf(request), request.params.studentId, request.query.termId),
  );

  app.get(
    '/api/report-cards/:studentId/report-card.pdf',
    {
      config: { policy: policy.readCard },
      schema: { tags, summary: 'The same report card as a PDF', params: studentParams, querystring: termQuery },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.getReportCardPdf(app, ctxOf(request), request.params.studentId, request.query.termId);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
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
        response: { 200: z.object({ principalComment: z.string() }) },
      },
    },
    async (request) => service.setPrincipalComment(app, ctxOf(request), request.params.studentId, request.query.termId, request.body),
  );
}
