import { importOptionsSchema } from '@school/shared/admissions/schemas';
import { messageResponse } from '@school/shared/auth/responses';
import { apiErrorResponse } from '@school/shared/http';
import { staffImportRefusalResponse, staffImportReportResponse } from '@school/shared/staff/import';
import {
  schoolUserPageResponse,
  staffAnswerResponse,
  staffDeleteResponse,
  staffInvitationSlipsResponse,
  staffPageResponse,
} from '@school/shared/staff/responses';
import { schoolUsersQuerySchema, staffListQuerySchema, staffSchema } from '@school/shared/staff/schemas';
import { validate } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/http-errors';
import { ctxOf, requireSchool, type RequestContext } from '../../policies/context';
import { staffPolicy as policy } from '../../policies/staff';
import { isTrue, readStaffForm } from './staff.form';
import { importStaff, readStaffImportForm } from './staff.import';
import { presentSchoolUser, presentStaffDetail, presentStaffListItem } from './staff.presenter';
import * as repo from './staff.repository';
import * as service from './staff.service';
import { issueStaffSlips } from './staff.slips';

const tags = ['staff'];

const idParams = z.object({ id: z.string() });

function writeContext(ctx: RequestContext): service.WriteContext {
  return { actor: ctx.user, schoolId: requireSchool(ctx), ip: ctx.ip, origin: ctx.origin };
}

/** Reads and validates the multipart (or JSON) staff form; bad input is a 400 before anything is written. */
async function readValidStaffForm(request: FastifyRequest) {
  const form = await readStaffForm(request);
  const result = validate(staffSchema, form.fields);
  if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
  return { values: result.data, photo: form.photo, removePhoto: isTrue(form.fields.removePhoto) };
}

async function loadDetail(app: FastifyInstance, ctx: RequestContext, id: string) {
  const schoolId = requireSchool(ctx);
  const row = await repo.findStaff(app.db, schoolId, id);
  if (!row) throw notFound('Staff member not found');
  const session = await ctx.academicSession();
  const [classes, subjects] = session
    ? await Promise.all([repo.classesTaughtBy(app.db, schoolId, id, session.id), repo.subjectsTaughtBy(app.db, schoolId, id, session.id)])
    : [[], []];
  return presentStaffDetail(row, { classes, subjects });
}

export default async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/staff',
    {
      config: { policy: policy.list },
      schema: {
        tags,
        summary: 'One page of the school’s staff, by name; search by name, email or phone; filter by staff type and status',
        querystring: staffListQuerySchema,
        response: { 200: staffPageResponse },
      },
    },
    async (request) => {
      const { schoolId } = ctxOf(request);
      const { page: pageNo, pageSize } = request.query;
      if (!schoolId) return { items: [], total: 0, page: pageNo, pageSize };
      const { rows, total } = await repo.listStaff(app.db, schoolId, request.query);
      return { items: rows.map(presentStaffListItem), total, page: pageNo, pageSize };
    },
  );

  app.post(
    '/api/staff',
    {
      config: { policy: policy.add },
      schema: {
        tags,
        summary:
          'Add a staff member (multipart: the fields and an optional JPEG/PNG photo of at most 2 MB); teachers, principals and admins are invited by mail',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: staffAnswerResponse, 404: apiErrorResponse.describe('The user has no school'), 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { values, photo } = await readValidStaffForm(request);
      const id = await service.createStaff(app, writeContext(ctx), values, photo);
      return reply.status(201).send({ staff: await loadDetail(app, ctx, id) });
    },
  );

  app.post(
    '/api/staff/import',
    {
      config: { policy: policy.add },
      schema: {
        tags,
        summary:
          'Import staff from a CSV file (multipart: `file` ≤ 2 MB UTF-8 with the header name, staff_type, email, phone, gender, address, employed_on; `mode` all-or-nothing | valid-rows-only; `?preview=true` (or `dryRun=true`) checks and writes nothing). Each row is checked as the add-staff form; teachers, principals and admins get an invitation. Answers a row-by-row report; all-or-nothing with a wrong row: 400 with the report and nothing written.',
        consumes: ['multipart/form-data'],
        querystring: z.object({ preview: z.string().optional() }),
        response: { 200: staffImportReportResponse, 400: staffImportRefusalResponse, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const form = await readStaffImportForm(request);
      const options = validate(importOptionsSchema, form.fields);
      if (!options.success) throw badRequest(Object.values(options.errors)[0], options.errors);
      const dryRun = options.data.dryRun || isTrue(request.query.preview);
      const outcome = await importStaff(app, writeContext(ctxOf(request)), { ...form.file, mode: options.data.mode, dryRun });
      if (outcome.statusCode === 400) {
        return reply
          .status(400)
          .send({ statusCode: 400, error: 'Bad Request', message: outcome.message!, errors: { file: outcome.message! }, ...outcome.report });
      }
      return outcome.report;
    },
  );

  app.post(
    '/api/staff/invitation-slips',
    {
      config: { policy: policy.issueInvitationSlips },
      schema: {
        tags,
        summary:
          'Issue new invitation codes to the staff accounts (teachers, principals, admins) that have not signed up yet, for printed slips; earlier codes stop working, used ones are never shown. The school’s administrators only; audited.',
        response: { 200: staffInvitationSlipsResponse },
      },
    },
    async (request) => issueStaffSlips(app, writeContext(ctxOf(request))),
  );

  app.get(
    '/api/staff/:id',
    {
      config: { policy: policy.read },
      schema: {
        tags,
        summary: 'A staff member’s profile, with the classes and subjects they teach in the selected session',
        params: idParams,
        response: { 200: staffAnswerResponse },
      },
    },
    async (request) => ({ staff: await loadDetail(app, ctxOf(request), request.params.id) }),
  );

  app.put(
    '/api/staff/:id',
    {
      config: { policy: policy.edit },
      schema: {
        tags,
        summary: 'Edit a staff member (multipart as for adding; removePhoto=true clears the photo); the account role follows the staff type',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: { 200: staffAnswerResponse, 409: apiErrorResponse },
      },
    },
    async (request) => {
      // the policy answered 404 for another school's id whatever the body says
      const ctx = ctxOf(request);
      const id = request.params.id;
      const { values, photo, removePhoto } = await readValidStaffForm(request);
      await service.updateStaff(app, writeContext(ctx), id, values, photo, removePhoto);
      return { staff: await loadDetail(app, ctx, id) };
    },
  );

  app.delete(
    '/api/staff/:id',
    {
      config: { policy: policy.remove },
      schema: {
        tags,
        summary: 'Delete a staff member; one who has records (classes, subjects, a used account) is deactivated instead',
        params: idParams,
        response: { 200: staffDeleteResponse },
      },
    },
    async (request) => service.removeStaff(app, writeContext(ctxOf(request)), request.params.id),
  );

  app.post(
    '/api/staff/:id/reactivate',
    {
      config: { policy: policy.reactivate },
      schema: {
        tags,
        summary: 'Re-activate a deactivated staff member (and their account: active again, or a new invitation when they never registered); audited',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => service.reactivateStaff(app, writeContext(ctxOf(request)), request.params.id),
  );

  app.post(
    '/api/staff/:id/resend-invitation',
    {
      config: { policy: policy.resendInvitation },
      schema: {
        tags,
        summary: 'Mail a new invitation code to a staff member who has not registered yet',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => service.resendInvitation(app, writeContext(ctxOf(request)), request.params.id),
  );

  app.get(
    '/api/school/users',
    {
      config: { policy: policy.listAccounts },
      schema: {
        tags,
        summary: 'One page of the school’s user accounts with their role and status',
        querystring: schoolUsersQuerySchema,
        response: { 200: schoolUserPageResponse },
      },
    },
    async (request) => {
      const { schoolId } = ctxOf(request);
      const { page: pageNo, pageSize } = request.query;
      if (!schoolId) return { items: [], total: 0, page: pageNo, pageSize };
      const { rows, total } = await repo.listSchoolUsers(app.db, schoolId, request.query);
      return { items: rows.map(presentSchoolUser), total, page: pageNo, pageSize };
    },
  );
}
