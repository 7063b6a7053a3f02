import { messageListQuerySchema, messagingSettingsSchema, ownChannelsSchema } from '@school/shared/messaging/schemas';
import {
  deliveryReportReceivedResponse,
  messagePageResponse,
  messageResponse,
  messagingBalanceResponse,
  messagingSettingsResponse,
  ownChannelsResponse,
} from '@school/shared/messaging/responses';
import { apiErrorResponse } from '@school/shared/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { messagingPolicy as policy } from '../../policies/messaging';
import { receiveDeliveryReport } from './messaging.delivery';
import * as service from './messaging.service';
import { batchProgressResponse } from '@school/shared/messaging/responses';
import * as batches from './messaging.batches';

const tags = ['messaging'];
const idParams = z.object({ id: z.string() });
/** Termii's outbound-message report (its events and reports page); only these fields are read. */
const termiiReportSchema = z.looseObject({
  message_id: z.union([z.string(), z.number()]).optional(),
  receiver: z.string().optional(),
  status: z.string().optional(),
});

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

  app.post(
    '/api/messaging/termii/delivery-reports',
    {
      config: { policy: policy.termiiDeliveryReport, csrf: false },
      schema: {
        tags,
        summary: 'Termii’s delivery reports (its webhook), accepted only at the organisation’s own address shown in the messaging settings',
        querystring: z.object({ organisation: z.string(), token: z.string() }),
        body: termiiReportSchema,
        response: { 200: deliveryReportReceivedResponse, 401: apiErrorResponse },
      },
    },
    async (request) => receiveDeliveryReport(app, request.query.organisation, request.query.token, request.body),
  );

  app.get(
    '/api/messaging/balance',
    {
      config: { policy: policy.readBalance },
      schema: {
        tags,
        summary: 'What is left on the Termii account the requester’s messages go through (asked of Termii each time)',
        response: { 200: messagingBalanceResponse },
      },
    },
    async (request) => service.readBalance(app, ctxOf(request)),
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

  app.get(
    '/api/messages/batches/:batchId',
    {
      config: { policy: policy.batchProgress },
      schema: {
        tags,
        summary:
          'A bulk send’s messages by status (results published, a notice by SMS), in the schools the requester reaches; another school’s or an unknown batch is 404',
        params: z.object({ batchId: z.string() }),
        response: { 200: batchProgressResponse, 404: apiErrorResponse },
      },
    },
    async (request) => batches.batchProgress(app, ctxOf(request), request.params.batchId),
  );
}
