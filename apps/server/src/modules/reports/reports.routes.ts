import { apiErrorResponse } from '@school/shared/http';
import {
  academicReportResponse,
  financialReportResponse,
  organisationFinancialReportResponse,
  organisationReportOptionsResponse,
  organisationStaffReportResponse,
  organisationStudentReportResponse,
  organisationUsersReportResponse,
  staffReportResponse,
  studentReportResponse,
} from '@school/shared/reports/responses';
import { organisationReportQuerySchema, schoolReportQuerySchema, schoolTermReportQuerySchema } from '@school/shared/reports/schemas';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ctxOf, type RequestContext } from '../../policies/context';
import type { RoutePolicy } from '../../policies/policy';
import { reportsPolicy as policy } from '../../policies/reports';
import { fileResponse } from '../../lib/contracts';
import * as csv from './reports.csv';
import * as service from './reports.service';
import { CSV_TYPE, sendDownload } from '../../lib/downloads';

const tags = ['reports'];

function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return sendDownload(reply, { type: CSV_TYPE, name: `${filename}.csv`, body, cache: 'no-store' });
}

/**
 * One report: its JSON at `path` and the same figures as CSV at `path/export.csv`.
 */
function report<Q extends z.ZodType, R extends z.ZodType>(
  fastify: FastifyInstance,
  spec: {
    path: string;
    policy: RoutePolicy;
    summary: string;
    querystring: Q;
    response: R;
    build: (app: FastifyInstance, ctx: RequestContext, query: z.infer<Q>) => Promise<z.infer<R>>;
    csv: (report: z.infer<R>) => string;
    filename: (report: z.infer<R>) => string;
  },
) {
  // typed by the spec (the generic schemas are beyond the type provider's inference)
  const app = fastify;
  app.get(
    spec.path,
    {
      config: { policy: spec.policy },
      schema: { tags, summary: spec.summary, querystring: spec.querystring, response: { 200: spec.response, 404: apiErrorResponse } } as FastifySchema,
    },
    async (request) => spec.build(app, ctxOf(request), request.query as z.infer<Q>),
  );
  app.get(
    `${spec.path}/export.csv`,
    {
      config: { policy: spec.policy },
      schema: {
        tags,
        summary: `${spec.summary} (CSV, with a Total row)`,
        querystring: spec.querystring,
        response: { 200: fileResponse('text/csv', 'The same figures as the page, with a Total row'), 404: apiErrorResponse },
      } as FastifySchema,
    },
    async (request, reply) => {
      const result = await spec.build(app, ctxOf(request), request.query as z.infer<Q>);
      return sendCsv(reply, spec.filename(result), spec.csv(result));
    },
  );
}

const sessionPart = (session: { name: string } | null) => (session ? `-${csv.slug(session.name)}` : '');

export default async function reportRoutes(fastify: FastifyInstance) {
  report(fastify, {
    path: '/api/reports/school/students',
    policy: policy.schoolStudents,
    summary: 'Students of the session by class and gender, new admissions and statuses (administrator: own school; super administrator: schoolId)',
    querystring: schoolReportQuerySchema,
    response: studentReportResponse,
    build: service.studentReport,
    csv: csv.studentReportCsv,
    filename: (r) => `student-report-${csv.slug(r.school.name)}${sessionPart(r.session)}`,
  });

  report(fastify, {
    path: '/api/reports/school/staff',
    policy: policy.schoolStaff,
    summary: "Staff by type and status, and each teacher's classes and subjects in the session",
    querystring: schoolReportQuerySchema,
    response: staffReportResponse,
    build: service.staffReport,
    csv: csv.staffReportCsv,
    filename: (r) => `staff-report-${csv.slug(r.school.name)}${sessionPart(r.session)}`,
  });

  report(fastify, {
    path: '/api/reports/school/financial',
    policy: policy.schoolFinancial,
    summary: 'Fees expected, collected and outstanding per class for a term of the session (the current term by default)',
    querystring: schoolTermReportQuerySchema,
    response: financialReportResponse,
    build: service.financialReport,
    csv: csv.financialReportCsv,
    filename: (r) => `financial-report-${csv.slug(r.school.name)}${sessionPart(r.session)}${r.term ? `-${csv.slug(r.term.name)}-term` : ''}`,
  });

  report(fastify, {
    path: '/api/reports/school/academic',
    policy: policy.schoolAcademic,
    summary: 'Attendance rate and class average of each class for a term of the session',
    querystring: schoolTermReportQuerySchema,
    response: academicReportResponse,
    build: service.academicReport,
    csv: csv.academicReportCsv,
    filename: (r) => `attendance-results-report-${csv.slug(r.school.name)}${sessionPart(r.session)}${r.term ? `-${csv.slug(r.term.name)}-term` : ''}`,
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/reports/organisation/options',
    {
      config: { policy: policy.organisationOptions },
      schema: {
        tags,
        summary: "The organisation's schools, session names and the default session and term (super administrator)",
        response: { 200: organisationReportOptionsResponse },
      },
    },
    async (request) => service.organisationOptions(app, ctxOf(request)),
  );

  report(fastify, {
    path: '/api/reports/organisation/students',
    policy: policy.organisationStudents,
    summary: "Each school's students of the named session by level group and gender (super administrator)",
    querystring: organisationReportQuerySchema,
    response: organisationStudentReportResponse,
    build: service.organisationStudentReport,
    csv: csv.organisationStudentReportCsv,
    filename: (r) => `schools-student-report${r.sessionName ? `-${csv.slug(r.sessionName)}` : ''}`,
  });

  report(fastify, {
    path: '/api/reports/organisation/staff',
    policy: policy.organisationStaff,
    summary: "Each school's staff by type and status (super administrator)",
    querystring: organisationReportQuerySchema,
    response: organisationStaffReportResponse,
    build: service.organisationStaffReport,
    csv: csv.organisationStaffReportCsv,
    filename: () => 'schools-staff-report',
  });

  report(fastify, {
    path: '/api/reports/organisation/users',
    policy: policy.organisationUsers,
    summary: "The organisation's accounts: each school's by role and status, and the owners (super administrator)",
    querystring: organisationReportQuerySchema,
    response: organisationUsersReportResponse,
    build: service.organisationUsersReport,
    csv: csv.organisationUsersReportCsv,
    filename: () => 'schools-users-report',
  });

  report(fastify, {
    path: '/api/reports/organisation/financial',
    policy: policy.organisationFinancial,
    summary: "Each school's fees expected, collected and outstanding for the named session and term (super administrator)",
    querystring: organisationReportQuerySchema,
    response: organisationFinancialReportResponse,
    build: service.organisationFinancialReport,
    csv: csv.organisationFinancialReportCsv,
    filename: (r) => `schools-financial-report${r.sessionName ? `-${csv.slug(r.sessionName)}` : ''}${r.term ? `-${csv.slug(r.term)}-term` : ''}`,
  });
}
