import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { academicSessionListResponse, sessionResponse, sessionSettingsResponse } from '@school/shared/academics/responses';
import { createSessionSchema, schoolQuerySchema, setCurrentTermSchema, updateSessionSchema, updateTermsSchema } from '@school/shared/academics/schemas';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import { notFound } from '../../lib/http-errors';
import { academicSessionsPolicy as policy } from '../../policies/academic-sessions';
import { ctxOf } from '../../policies/context';
import * as repo from './academic-sessions.repository';
import * as service from './academic-sessions.service';

const tags = ['academic sessions'];
const idParams = z.object({ id: z.string() });

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
}
