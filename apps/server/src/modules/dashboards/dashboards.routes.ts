import { DASHBOARD_DATE_MESSAGE, DASHBOARD_DATE_PATTERN } from '@school/shared/dashboards/types';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { dashboardsPolicy as policy } from '../../policies/dashboards';
import * as service from './dashboards.service';

const tags = ['dashboards'];
const dateQuery = z.object({
  date: z
    .string()
    .regex(DASHBOARD_DATE_PATTERN, DASHBOARD_DATE_MESSAGE)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), DASHBOARD_DATE_MESSAGE)
    .optional()
    .describe("The day the figures are about (YYYY-MM-DD); the school's today when absent"),
});

const term = z.object({ id: z.string(), name: z.string() }).nullable();
const session = z.object({ id: z.string(), name: z.string() }).nullable();
const lesson = z.object({ hour: z.number(), subjectName: z.string(), className: z.string(), teacherName: z.string().nullable() });
const results = z.union([
  z.object({
    status: z.literal('published'),
    termId: z.string(),
    termName: z.string(),
    sessionName: z.string(),
    className: z.string(),
    average: z.number().nullable(),
    position: z.number().nullable(),
    studentCount: z.number(),
  }),
  z.object({ status: z.literal('locked'), termId: z.string() }),
  z.object({ status: z.literal('none') }),
]);
const studentFigures = z.object({
  studentId: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  attendance: z.object({ present: z.number(), absent: z.number(), late: z.number(), excused: z.number(), daysOpen: z.number(), rate: z.number().nullable() }),
  results,
  fees: z.object({ dueKobo: z.number(), paidKobo: z.number(), outstandingKobo: z.number(), creditKobo: z.number() }).nullable(),
});

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/dashboard/admin',
    {
      config: { policy: policy.readAdmin },
      schema: {
        tags,
        summary:
          "The school's figures for administrators: students by class and gender in the selected session, staff by type, the day's attendance, the term's fees, recent applications, lesson notes awaiting review",
        querystring: dateQuery,
        response: {
          200: z.object({
            date: z.string(),
            session,
            term,
            students: z.object({
              total: z.number(),
              male: z.number(),
              female: z.number(),
              byClass: z.array(z.object({ classId: z.string(), className: z.string(), male: z.number(), female: z.number(), total: z.number() })),
            }),
            staff: z.object({ total: z.number(), byType: z.array(z.object({ type: z.string(), count: z.number() })) }),
            attendance: z.object({
              date: z.string(),
              registersTaken: z.number(),
              classes: z.number(),
              present: z.number(),
              absent: z.number(),
              late: z.number(),
              excused: z.number(),
              rate: z.number().nullable(),
            }),
            fees: z.object({ expectedKobo: z.number(), collectedKobo: z.number(), outstandingKobo: z.number() }).nullable(),
            applications: z.object({
              pending: z.number(),
              recent: z.array(
                z.object({ id: z.string(), name: z.string(), registrationNo: z.string(), classLevel: z.string(), status: z.string(), createdAt: z.string() }),
              ),
            }),
            lessonNotes: z.object({ awaitingReview: z.number() }),
          }),
        },
      },
    },
    async (request) => service.adminDashboard(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/dashboard/teacher',
    {
      config: { policy: policy.readTeacher },
      schema: {
        tags,
        summary: "A teacher's classes with their students, registers of the day not yet taken, their lesson notes by status and their lessons of the day",
        querystring: dateQuery,
        response: {
          200: z.object({
            date: z.string(),
            session,
            day: z.number().nullable(),
            classes: z.array(z.object({ classId: z.string(), className: z.string(), students: z.number(), classTeacher: z.boolean() })),
            registersNotMarked: z.array(z.object({ classId: z.string(), className: z.string() })),
            lessonNotes: z.object({ drafts: z.number(), rejected: z.number(), submitted: z.number() }),
            today: z.array(lesson),
          }),
        },
      },
    },
    async (request) => service.teacherDashboard(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/dashboard/students/:studentId',
    {
      config: { policy: policy.readStudent },
      schema: {
        tags,
        summary:
          "A student's day and term: the day's lessons, attendance this term, the latest published results and the fee balance (the student, their guardians, administrators)",
        params: z.object({ studentId: z.string() }),
        querystring: dateQuery,
        response: { 200: studentFigures.extend({ date: z.string(), term, day: z.number().nullable(), today: z.array(lesson) }) },
      },
    },
    async (request) => service.studentDashboard(app, ctxOf(request), request.params.studentId, request.query),
  );

  app.get(
    '/api/dashboard/parent',
    {
      config: { policy: policy.readParent },
      schema: {
        tags,
        summary: "Each of the signed-in guardian's children: attendance this term, the latest published results and the fee balance",
        querystring: dateQuery,
        response: { 200: z.object({ term, children: z.array(studentFigures) }) },
      },
    },
    async (request) => service.parentDashboard(app, ctxOf(request), request.query),
  );
}
