import { manageNoticeQuerySchema, NOTICE_AUDIENCES, noticeFlagsSchema, noticeListQuerySchema, noticeSchema } from '@school/shared/noticeboard/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { noticeboardPolicy as policy } from '../../policies/noticeboard';
import * as service from './noticeboard.service';

const tags = ['noticeboard'];
const ref = z.object({ id: z.string(), name: z.string() });
const notice = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  class: ref.nullable(),
  school: ref,
  pinned: z.boolean(),
  read: z.boolean(),
  postedBy: z.string().nullable(),
  createdAt: z.string(),
});
const managed = notice.extend({ published: z.boolean(), broadcast: z.boolean(), schools: z.array(ref), updatedAt: z.string() });
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
        response: { 200: z.object({ items: z.array(notice), total: z.number(), unread: z.number(), page: z.number(), pageSize: z.number() }) },
      },
    },
    async (request) => service.listBoard(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/noticeboard/unread',
    {
      config: { policy: policy.readBoard },
      schema: { tags, summary: 'How many notices addressed to me I have not opened', response: { 200: z.object({ unread: z.number() }) } },
    },
    async (request) => service.unreadCount(app, ctxOf(request)),
  );

  app.post(
    '/api/noticeboard/:id/read',
    {
      config: { policy: policy.markRead },
      schema: { tags, summary: 'Mark a notice addressed to me (or one I manage) as read', params: idParams, response: { 200: notice } },
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
        response: { 200: z.object({ items: z.array(managed), total: z.number(), page: z.number(), pageSize: z.number() }) },
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
        response: { 200: z.object({ schools: z.array(ref), classes: z.array(ref.extend({ schoolId: z.string() })) }) },
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
        response: { 201: managed },
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
        summary: "Edit a notice's title, description, date, audience and pin (schoolId is not changed)",
        params: idParams,
        body: noticeSchema,
        response: { 200: managed },
      },
    },
    async (request) => service.updateNotice(app, ctxOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/notices/:id',
    {
      config: { policy: policy.edit },
      schema: { tags, summary: 'Pin or unpin, publish or unpublish a notice', params: idParams, body: noticeFlagsSchema, response: { 200: managed } },
    },
    async (request) => service.setFlags(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/notices/:id',
    {
      config: { policy: policy.remove },
      schema: { tags, summary: 'Delete a notice (the super administrator: every school’s copy of a broadcast)', params: idParams },
    },
    async (request, reply) => {
      await service.deleteNotice(app, ctxOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
