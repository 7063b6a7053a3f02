import { lookupId } from '@school/shared/fields';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import { addedCommentsResponse, commentListResponse, commentOptionsResponse, studentCommentsResponse } from '@school/shared/teacher-comments/responses';
import { addCommentsSchema, commentListQuerySchema } from '@school/shared/teacher-comments/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { teacherCommentsPolicy as policy } from '../../policies/teacher-comments';
import * as service from './teacher-comments.service';

const tags = ['teacher comments'];

export default async function teacherCommentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/teacher-comments/options',
    {
      config: { policy: policy.readScreen },
      schema: { tags, summary: 'Terms, classes, subjects and students to comment on (a teacher: their classes)', response: { 200: commentOptionsResponse } },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/teacher-comments',
    {
      config: { policy: policy.readScreen },
      schema: {
        tags,
        summary: "Each student of the teacher's classes (administrators: the school's) with their comments of the term",
        querystring: commentListQuerySchema,
        response: { 200: commentListResponse },
      },
    },
    async (request) => service.listComments(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/teacher-comments/students/:studentId',
    {
      config: { policy: policy.readStudent },
      schema: {
        tags,
        summary: "A student's comments of a term (the student and their parents once the term is published; administrators)",
        params: z.object({ studentId: z.string() }),
        querystring: z.object({ termId: z.string().trim().min(1, { error: 'Please Select a Term' }).transform(lookupId) }),
        response: { 200: studentCommentsResponse },
      },
    },
    async (request) => service.commentsOfStudent(app, ctxOf(request), request.params.studentId, request.query.termId),
  );

  app.post(
    '/api/teacher-comments',
    {
      config: { policy: policy.add },
      schema: {
        tags,
        summary: 'Add comma-separated comments, each with the score 0-10, on a student of a class you teach',
        body: addCommentsSchema,
        response: { 201: addedCommentsResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send({ items: await service.addComments(app, ctxOf(request), request.body) }),
  );

  app.delete(
    '/api/teacher-comments/:id',
    {
      config: { policy: policy.remove },
      schema: { tags, summary: 'Remove a comment you wrote', params: z.object({ id: z.string() }), response: { 204: noContentResponse } },
    },
    async (request, reply) => {
      await service.deleteComment(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
