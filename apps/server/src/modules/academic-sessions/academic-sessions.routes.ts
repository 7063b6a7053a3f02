import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { academicSessionListResponse, sessionResponse, sessionSettingsResponse } from '@school/shared/academics/responses';
import { createSessionSchema, schoolQuerySchema, setCurrentTermSchema, updateSessionSchema, updateTermsSchema } from '@school/shared/academics/schemas';
import { holidayListResponse, holidayResponse, holidaySchema } from '@school/shared/academics/holidays';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import { notFound } from '../../lib/http-errors';
import { academicSessionsPolicy as policy } from '../../policies/academic-sessions';
import { ctxOf } from '../../policies/context';
import * as holidays from './academic-sessions.holidays';
import * as repo from './academic-sessions.repository';
import * as service from './academic-sessions.service';

const tags = ['academic sessions'];
const idParams = z.object({ id: z.string() });
const holidayParams = z.object({ holidayId: z.string() });

export default async function academicSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/academic-sessions',
    {
      config: { policy: policy.list },
      schema: {
        tags,
        summary: 'The school’s academic sessions with their terms, and the one this user is looking at',
        response: { 200: academicSessionListResponse },
      },
    },
    async (request) => service.sessionsOfViewer(app, ctxOf(request)),
  );

  app.put(
    '/api/me/academic-session',
    {
      config: { policy: policy.choose },
      schema: {
        tags,
        summary: 'Keep the academic session this user is looking at',
        body: z.object({ academicSessionId: z.string().trim().min(1, 'Session is required').uuid('Session is required') }),
        response: { 204: noContentResponse, 404: apiErrorResponse.describe('No such session in the user’s school') },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const schoolId = await repo.schoolIdForUser(app.db, ctx);
      const found = schoolId ? await repo.findSessionInSchool(app.db, schoolId, request.body.academicSessionId) : null;
      if (!found) throw notFound('Academic session not found');
      await repo.setSelectedSession(app.db, ctx.user.id, found.id);
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- settings: managing sessions and terms
  // An administrator works on their school; a super administrator names one of the organisation's
  // schools with ?schoolId= (404 for any other).

  app.get(
    '/api/settings/academic-sessions',
    {
      config: { policy: policy.readSettings },
      schema: {
        tags,
        summary: 'A school’s sessions with their terms, and the schools the caller may manage',
        querystring: schoolQuerySchema,
        response: { 200: sessionSettingsResponse, 404: apiErrorResponse.describe('The school named in the query is not in reach') },
      },
    },
    async (request) => service.listForSettings(app, ctxOf(request), request.query.schoolId),
  );

  app.post(
    '/api/settings/academic-sessions',
    {
      config: { policy: policy.add },
      schema: {
        tags,
        summary: 'Create a session (e.g. 2024/25) with its three terms on default dates; Active makes the previous Active session Inactive',
        querystring: schoolQuerySchema,
        body: createSessionSchema,
        response: { 201: sessionResponse, 404: apiErrorResponse.describe('The school named in the query is not in reach'), 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const session = await service.createSession(app, ctxOf(request), request.query.schoolId, request.body);
      return reply.status(201).send(session);
    },
  );

  app.patch(
    '/api/settings/academic-sessions/:id',
    {
      config: { policy: policy.setStatus },
      schema: {
        tags,
        summary: 'Change a session’s status; activating it makes the previous Active session Inactive, in one transaction',
        params: idParams,
        querystring: schoolQuerySchema,
        body: updateSessionSchema,
        response: { 200: sessionResponse },
      },
    },
    async (request) => service.changeSessionStatus(app, ctxOf(request), request.query.schoolId, request.params.id, request.body.status),
  );

  app.put(
    '/api/settings/academic-sessions/:id/terms',
    {
      config: { policy: policy.setTerms },
      schema: {
        tags,
        summary: 'Set the start and end dates of the First, Second and Third terms',
        params: idParams,
        querystring: schoolQuerySchema,
        body: updateTermsSchema,
        response: { 200: sessionResponse },
      },
    },
    async (request) => service.updateTerms(app, ctxOf(request), request.query.schoolId, request.params.id, request.body),
  );

  app.put(
    '/api/settings/academic-sessions/:id/current-term',
    {
      config: { policy: policy.setCurrentTerm },
      schema: {
        tags,
        summary: 'Make a term of the Active session the school’s current term',
        params: idParams,
        querystring: schoolQuerySchema,
        body: setCurrentTermSchema,
        response: { 200: sessionResponse },
      },
    },
    async (request) => service.setCurrentTerm(app, ctxOf(request), request.query.schoolId, request.params.id, request.body),
  );

  // ---------------------------------------------------------------- the school calendar's holidays (issue 18)
  // Read by the school's staff (school days count on report cards and registers); set by administrators.

  app.get(
    '/api/academic-sessions/:id/holidays',
    {
      config: { policy: policy.listHolidays },
      schema: {
        tags,
        summary: 'The holidays inside the session’s terms, earliest first, with the weekdays each closes the school',
        params: idParams,
        response: { 200: holidayListResponse },
      },
    },
    async (request) => holidays.listHolidays(app, ctxOf(request), request.params.id),
  );

  app.post(
    '/api/settings/academic-sessions/:id/holidays',
    {
      config: { policy: policy.addHoliday },
      schema: {
        tags,
        summary: 'Add a holiday inside one term of the session, sharing no day with another holiday or a register taken',
        params: idParams,
        body: holidaySchema,
        response: { 201: holidayResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await holidays.addHoliday(app, ctxOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/settings/holidays/:holidayId',
    {
      config: { policy: policy.editHoliday },
      schema: {
        tags,
        summary: 'Rename or move a holiday (the same rules as adding one)',
        params: holidayParams,
        body: holidaySchema,
        response: { 200: holidayResponse },
      },
    },
    async (request) => holidays.updateHoliday(app, ctxOf(request), request.params.holidayId, request.body),
  );

  app.delete(
    '/api/settings/holidays/:holidayId',
    {
      config: { policy: policy.removeHoliday },
      schema: { tags, summary: 'Remove a holiday: its weekdays count as school days again', params: holidayParams, response: { 204: noContentResponse } },
    },
    async (request, reply) => {
      await holidays.removeHoliday(app, ctxOf(request), request.params.holidayId);
      return reply.status(204).send(null);
    },
  );
}
