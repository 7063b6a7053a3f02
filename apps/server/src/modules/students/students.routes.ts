import { className } from '@school/shared/academics/schemas';
import { studentClassOptionsResponse, studentPageResponse, studentProfileResponse } from '@school/shared/students/responses';
import {
  STUDENT_PHOTO_UPLOAD,
  studentCsvQuerySchema,
  studentDetailsSchema,
  studentListQuerySchema,
  studentOwnProfileSchema,
} from '@school/shared/students/schemas';
import { validate } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { badRequest, notFound } from '../../lib/http-errors';
import { ctxOf, type RequestContext, requireSchool } from '../../policies/context';
import { seesFeeStatus, studentScope, studentsPolicy as policy } from '../../policies/students';
import { profileSummary } from '../dashboards/dashboards.service';
import { presentStudentDetail, presentStudentListItem, studentsCsv } from './students.presenter';
import * as repo from './students.repository';
import * as service from './students.service';
import { CSV_TYPE, sendDownload } from '../../lib/downloads';
import { readFileField } from '../../lib/uploads';

const tags = ['students'];
const NOT_FOUND = 'Student not found';

const idParams = z.object({ id: z.string() });

/**
 * The students a staff member may see in the selected session: administrators the whole school,
 * teachers the classes they teach (class teacher or a subject). Null when there is nothing to see.
 */
async function scopeOf(app: FastifyInstance, ctx: RequestContext): Promise<repo.Scope | null> {
  const session = await ctx.academicSession();
  if (!ctx.schoolId || !session) return null;
  const scope = await studentScope(app.db, ctx);
  const classIds = scope.all ? null : 'classIds' in scope ? scope.classIds : [];
  return { schoolId: ctx.schoolId, academicSessionId: session.id, classIds };
}

async function loadDetail(app: FastifyInstance, request: FastifyRequest, id: string) {
  const ctx = ctxOf(request);
  const schoolId = requireSchool(ctx, NOT_FOUND);
  const row = await repo.findStudent(app.db, schoolId, id);
  if (!row) throw notFound(NOT_FOUND);
  const session = await ctx.academicSession();
  const [guardians, enrolments, summary] = await Promise.all([
    repo.guardiansOf(app.db, schoolId, id),
    repo.enrolmentsOf(app.db, schoolId, id),
    profileSummary(app, ctx, id),
  ]);
  return presentStudentDetail(row, { guardians, enrolments, academicSessionId: session?.id ?? null, summary });
}

/** The write context of the student services. */
function writeContext(ctx: RequestContext): service.WriteContext {
  return { actor: ctx.user, schoolId: requireSchool(ctx, NOT_FOUND), ip: ctx.ip };
}

export default async function studentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/students',
    {
      config: { policy: policy.list },
      schema: {
        tags,
        summary:
          'One page of the selected session’s students (a teacher: of the classes they teach), by surname; filter by class and gender, search by name or registration number',
        querystring: studentListQuerySchema,
        response: { 200: studentPageResponse },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize } = request.query;
      const ctx = ctxOf(request);
      const scope = await scopeOf(app, ctx);
      if (!scope) return { items: [], total: 0, page: pageNo, pageSize };
      // fee status is finance's: only for callers who may view finance (not teachers by default)
      const fees = seesFeeStatus(ctx);
      const { rows, total } = await repo.listStudents(app.db, scope, { ...request.query, feeStatus: fees ? request.query.feeStatus : undefined });
      return {
        items: rows.map((row) => ({ ...presentStudentListItem(row), feeStatus: fees ? presentStudentListItem(row).feeStatus : null })),
        total,
        page: pageNo,
        pageSize,
      };
    },
  );

  app.get(
    '/api/students.csv',
    {
      config: { policy: policy.exportCsv },
      schema: {
        tags,
        summary: 'Every student matching the list’s filters, as CSV (S/N, Registration Number, Name, Class, Gender, Status)',
        querystring: studentCsvQuerySchema,
        produces: ['text/csv'],
        response: { 200: fileResponse('text/csv', 'S/N, Registration Number, Name, Class, Gender, Status; one row per student') },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const scope = await scopeOf(app, ctx);
      const fees = seesFeeStatus(ctx);
      const rows = scope ? await repo.listAllStudents(app.db, scope, { ...request.query, feeStatus: fees ? request.query.feeStatus : undefined }) : [];
      return sendDownload(reply, { type: CSV_TYPE, name: 'students.csv', body: studentsCsv(rows), cache: 'no-store' });
    },
  );

  app.get(
    '/api/students/classes',
    {
      config: { policy: policy.listClasses },
      schema: {
        tags,
        summary: 'The classes of the selected session the caller may filter the students list by (a teacher: their own)',
        response: { 200: studentClassOptionsResponse },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, ctxOf(request));
      if (!scope || (scope.classIds && scope.classIds.length === 0)) return { items: [] };
      const rows = await repo.listClassOptions(app.db, scope);
      return { items: rows.map((r) => ({ id: r.id, name: className(r.level, r.arm) })) };
    },
  );

  app.get(
    '/api/students/:id',
    {
      config: { policy: policy.read },
      schema: {
        tags,
        summary: 'A student’s profile: personal details, guardians, class history; a teacher only for students of their classes',
        params: idParams,
        response: { 200: studentProfileResponse },
      },
    },
    async (request) => ({ student: await loadDetail(app, request, request.params.id) }),
  );

  app.put(
    '/api/students/:id',
    {
      config: { policy: policy.edit },
      schema: {
        tags,
        summary:
          'Edit a student’s personal details (names, gender, date of birth, state of origin, address) and admission number (unique in the school); audited',
        params: idParams,
        response: { 200: studentProfileResponse },
      },
    },
    async (request) => {
      // the policy answered 404 for another school's student whatever the body says
      const id = request.params.id;
      const result = validate(studentDetailsSchema, request.body ?? {});
      if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
      await service.updateStudentDetails(app, writeContext(ctxOf(request)), id, result.data);
      return { student: await loadDetail(app, request, id) };
    },
  );

  app.put(
    '/api/students/:id/photo',
    {
      config: { policy: policy.editPhoto },
      schema: {
        tags,
        summary:
          'Upload a student’s passport photo, printed on the report cards (multipart `photo`: a JPEG or PNG of at most 2 MB); replaces the old one; audited',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: studentProfileResponse },
      },
    },
    async (request) => {
      const id = request.params.id;
      const file = await readFileField(request, STUDENT_PHOTO_UPLOAD);
      await service.changeStudentPhoto(app, writeContext(ctxOf(request)), id, file);
      return { student: await loadDetail(app, request, id) };
    },
  );

  app.delete(
    '/api/students/:id/photo',
    {
      config: { policy: policy.editPhoto },
      schema: { tags, summary: 'Remove a student’s passport photo; audited', params: idParams, response: { 200: studentProfileResponse } },
    },
    async (request) => {
      const id = request.params.id;
      await service.changeStudentPhoto(app, writeContext(ctxOf(request)), id, null);
      return { student: await loadDetail(app, request, id) };
    },
  );

  app.get(
    '/api/me/students/:id/profile',
    {
      config: { policy: policy.readOwnProfile },
      schema: {
        tags,
        summary: 'The signed-in student’s own profile, or a parent’s child’s (student/profile/{id}); anyone else: 404',
        params: idParams,
        response: { 200: studentProfileResponse },
      },
    },
    async (request) => ({ student: await loadDetail(app, request, request.params.id) }),
  );

  app.put(
    '/api/me/students/:id/profile',
    {
      config: { policy: policy.editOwnProfile },
      schema: {
        tags,
        summary: 'The signed-in student changes what they may of their own profile: the address (student/profile/edit-profile/{id})',
        params: idParams,
        response: { 200: studentProfileResponse },
      },
    },
    async (request) => {
      const id = request.params.id;
      const result = validate(studentOwnProfileSchema, request.body ?? {});
      if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
      await service.updateOwnProfile(app, writeContext(ctxOf(request)), id, result.data);
      return { student: await loadDetail(app, request, id) };
    },
  );
}
