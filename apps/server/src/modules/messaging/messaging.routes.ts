import { messageListQuerySchema, messagingSettingsSchema, ownChannelsSchema } from '@school/shared/messaging/schemas';
import { messagePageResponse, messageResponse, messagingSettingsResponse, ownChannelsResponse } from '@school/shared/messaging/responses';
import { apiErrorResponse } from '@school/shared/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { messagingPolicy as policy } from '../../policies/messaging';
import * as service from './messaging.service';

const tags = ['messaging'];
const idParams = z.object({ id: z.string() });

export default async function messagingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/messaging/settings',
    {
      config: { policy: policy.readSettings },
      schema: {
        tags,
        summary: 'The SMS/WhatsApp gateway settings: the organisation’s for an owner, the school’s own and what applies for an administrator (the key masked)',
        response: { 200: messagingSettingsResponse },
      },
    },
    async (request) => service.readSettings(app, ctxOf(request)),
  );

  app.put(
    '/api/messaging/settings',
    {
      config: { policy: policy.editSettings },
      schema: {
        tags,
        summary: 'Set the gateway key (kept when left empty), sender ID and the channels of each event; a school’s empty values take the organisation’s',
        body: messagingSettingsSchema,
        response: { 200: messagingSettingsResponse },
      },
    },
    async (request) => service.saveSettings(app, ctxOf(request), request.body),
  );

  app.get(
    '/api/messages',
    {
      config: { policy: policy.listMessages },
      schema: {
        tags,
        summary: 'The school’s SMS and WhatsApp messages, newest first, with this term’s units and counts by status',
        querystring: messageListQuerySchema,
        response: { 200: messagePageResponse },
      },
    },
    async (request) => service.listMessages(app, ctxOf(request), request.query),
  );

  app.post(
    '/api/messages/:id/resend',
    {
      config: { policy: policy.resend },
      schema: {
        tags,
        summary: 'Send a failed or kept message again (as a new message)',
        params: idParams,
        response: { 201: messageResponse, 400: apiErrorResponse, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.resend(app, ctxOf(request), request.params.id)),
  );

  app.get(
    '/api/me/message-channels',
    {
      config: { policy: policy.readOwnChannels },
      schema: { tags, summary: 'A parent’s own number and whether it gets messages by SMS and by WhatsApp', response: { 200: ownChannelsResponse } },
    },
    async (request) => service.readOwnChannels(app, ctxOf(request)),
  );

  app.put(
    '/api/me/message-channels',
    {
      config: { policy: policy.editOwnChannels },
      schema: {
        tags,
        summary: 'Opt the parent’s own numbers in or out of SMS and WhatsApp messages',
        body: ownChannelsSchema,
        response: { 200: ownChannelsResponse, 400: apiErrorResponse },
      },
    },
    async (request) => service.saveOwnChannels(app, ctxOf(request), request.body),
  );
}
