import {
  adminDashboardResponse,
  parentDashboardResponse,
  setupChecklistResponse,
  studentDashboardResponse,
  teacherDashboardResponse,
} from '@school/shared/dashboards/responses';
import { DASHBOARD_DATE_MESSAGE, DASHBOARD_DATE_PATTERN } from '@school/shared/dashboards/types';
import { idFilterField } from '@school/shared/fields';
import { apiErrorResponse } from '@school/shared/http';
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
        response: { 200: adminDashboardResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.adminDashboard(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/dashboard/setup',
    {
      config: { policy: policy.readSetup },
      schema: {
        tags,
        summary:
          "A school's set-up checklist (session and terms, classes, subjects, staff, students, fees, grading, report card), each step done or not: an administrator's own school, or the school an owner names with ?schoolId=",
        querystring: z.object({ schoolId: idFilterField().describe('The school (an owner must name one of the organisation)') }),
        response: { 200: setupChecklistResponse, 400: apiErrorResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.setupChecklist(app, ctxOf(request), request.query.schoolId),
  );

  app.get(
    '/api/dashboard/teacher',
    {
      config: { policy: policy.readTeacher },
      schema: {
        tags,
        summary: "A teacher's classes with their students, registers of the day not yet taken, their lesson notes by status and their lessons of the day",
        querystring: dateQuery,
        response: { 200: teacherDashboardResponse, 404: apiErrorResponse },
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
        response: { 200: studentDashboardResponse },
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
        response: { 200: parentDashboardResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.parentDashboard(app, ctxOf(request), request.query),
  );
}
