import { assignmentListResponse, assignmentOptionsResponse, assignmentResponse } from '@school/shared/assignments/responses';
import { assignmentFormSchema, assignmentListQuerySchema } from '@school/shared/assignments/schemas';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentsPolicy as policy } from '../../policies/assignments';
import { ctxOf } from '../../policies/context';
import * as service from './assignments.service';

const tags = ['assignments'];
const idParams = z.object({ id: z.string() });

export default async function assignmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/assignments/options',
    {
      config: { policy: policy.readScreen },
      schema: {
        tags,
        summary: 'Terms, classes and subjects to set assignments for (a teacher: what they teach)',
        response: { 200: assignmentOptionsResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/assignments',
    {
      config: { policy: policy.readScreen },
      schema: {
        tags,
        summary: "Assignments of the selected session: a teacher's own, an administrator's: the school's",
        querystring: assignmentListQuerySchema,
        response: { 200: assignmentListResponse },
      },
    },
    async (request) => service.listAssignments(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/students/:id/assignments',
    {
      config: { policy: policy.readForStudent },
      schema: {
        tags,
        summary: "The assignments of a student's class in the selected session (the student, their parents, administrators)",
        params: idParams,
        querystring: assignmentListQuerySchema,
        response: { 200: assignmentListResponse },
      },
    },
    async (request) => service.listForStudent(app, ctxOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/assignments',
    {
      config: { policy: policy.create },
      schema: {
        tags,
        summary: 'Set an assignment for a class and subject you teach',
        body: assignmentFormSchema,
        // 404: the class, subject or term it names
        response: { 201: assignmentResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createAssignment(app, ctxOf(request), request.body)),
  );

  app.put(
    '/api/assignments/:id',
    {
      config: { policy: policy.edit },
      schema: { tags, summary: 'Edit an assignment you set', params: idParams, body: assignmentFormSchema, response: { 200: assignmentResponse } },
    },
    async (request) => service.updateAssignment(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/assignments/:id',
    {
      config: { policy: policy.remove },
      schema: { tags, summary: 'Delete an assignment you set', params: idParams, response: { 204: noContentResponse } },
    },
    async (request, reply) => {
      await service.deleteAssignment(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
