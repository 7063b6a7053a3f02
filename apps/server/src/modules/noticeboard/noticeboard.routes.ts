import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import {
  managedNoticeListResponse,
  managedNoticeResponse,
  noticeItemResponse,
  noticeListResponse,
  noticeOptionsResponse,
  postedNoticeResponse,
  unreadNoticesResponse,
} from '@school/shared/noticeboard/responses';
import { manageNoticeQuerySchema, noticeFlagsSchema, noticeListQuerySchema, noticeSchema } from '@school/shared/noticeboard/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { noticeboardPolicy as policy } from '../../policies/noticeboard';
import * as service from './noticeboard.service';

const tags = ['noticeboard'];
const idParams = z.object({ id: z.string() });

export default async function noticeboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ reading (every role's noticeboard)

  app.get(
    '/api/noticeboard',
    {
      config: { policy: policy.readBoard },
      schema: {
        tags,
        summary: 'Published notices addressed to me (pinned first, then newest), with my read marks and unread count',
        querystring: noticeListQuerySchema,
        response: { 200: noticeListResponse },
      },
    },
    async (request) => service.listBoard(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/noticeboard/unread',
    {
      config: { policy: policy.readBoard },
      schema: { tags, summary: 'How many notices addressed to me I have not opened', response: { 200: unreadNoticesResponse } },
    },
    async (request) => service.unreadCount(app, ctxOf(request)),
  );

  app.post(
    '/api/noticeboard/:id/read',
    {
      config: { policy: policy.markRead },
      schema: { tags, summary: 'Mark a notice addressed to me (or one I manage) as read', params: idParams, response: { 200: noticeItemResponse } },
    },
    async (request) => service.markRead(app, ctxOf(request), request.params.id),
  );

  // ------------------------------------------------------------ managing (administrators, super administrator)

  app.get(
    '/api/notices',
    {
      config: { policy: policy.listManaged },
      schema: {
        tags,
        summary: "Every notice of my school (administrator) or of the organisation's schools (super administrator; a broadcast once), published or not",
        querystring: manageNoticeQuerySchema,
        // 404: an administrator with no school
        response: { 200: managedNoticeListResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.listManaged(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/notices/options',
    {
      config: { policy: policy.readOptions },
      schema: {
        tags,
        summary: "Schools I may post to and their Active session's classes",
        response: { 200: noticeOptionsResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.post(
    '/api/notices',
    {
      config: { policy: policy.post },
      schema: {
        tags,
        summary: "Post a notice to my school; the super administrator names a school or 'all' (one copy per school)",
        body: noticeSchema,
        // 404: the school or class the notice is addressed to
        response: { 201: postedNoticeResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createNotice(app, ctxOf(request), request.body)),
  );

  app.put(
    '/api/notices/:id',
    {
      config: { policy: policy.edit },
      schema: {
        tags,
        summary: "Edit a notice's title, description, date, audience and pin (schoolId is not changed); ticking sendSms texts it once, naming the batch",
        params: idParams,
        body: noticeSchema,
        response: { 200: postedNoticeResponse },
      },
    },
    async (request) => service.updateNotice(app, ctxOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/notices/:id',
    {
      config: { policy: policy.edit },
      schema: {
        tags,
        summary: 'Pin or unpin, publish or unpublish a notice',
        params: idParams,
        body: noticeFlagsSchema,
        response: { 200: managedNoticeResponse },
      },
    },
    async (request) => service.setFlags(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/notices/:id',
    {
      config: { policy: policy.remove },
      schema: {
        tags,
        summary: 'Delete a notice (the super administrator: every school’s copy of a broadcast)',
        params: idParams,
        response: { 204: noContentResponse },
      },
    },
    async (request, reply) => {
      await service.deleteNotice(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
