import {
  cameraClipResponse,
  cameraListResponse,
  cameraOptionsResponse,
  cameraResponse,
  clipDayResponse,
  clipDaysResponse,
} from '@school/shared/cameras/responses';
import { Readable } from 'node:stream';
import {
  cameraClipSchema,
  cameraListQuerySchema,
  cameraSchema,
  clipDayQuerySchema,
  DEMO_CAMERA_STREAM_PATH,
  DEMO_STREAM_DEFAULT_SECONDS,
  DEMO_STREAM_MAX_SECONDS,
  demoStreamQuerySchema,
} from '@school/shared/cameras/schemas';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { camerasPolicy as policy } from '../../policies/cameras';
import { ctxOf } from '../../policies/context';
import { fileResponse } from '../../lib/contracts';
import { DEMO_STREAM_CONTENT_TYPE, demoStream, FRAMES_PER_SECOND } from './cameras.demo-stream';
import * as service from './cameras.service';

const tags = ['security cameras'];
const idParams = z.object({ id: z.string() });
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export default async function cameraRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/cameras',
    {
      config: { policy: policy.list },
      schema: {
        tags,
        summary: "Cameras I may watch (super administrator: the organisation's; others: assigned to my school and role), optionally of one channel type",
        querystring: cameraListQuerySchema,
        response: { 200: cameraListResponse },
      },
    },
    async (request) => service.listCameras(app, ctxOf(request), request.query.channel),
  );

  app.get(
    DEMO_CAMERA_STREAM_PATH,
    {
      config: { policy: policy.watchDemoStream },
      // frames are JPEG already, and each must reach the viewer as it is drawn
      compress: false,
      schema: {
        tags,
        summary: `The app's own live test pattern as Motion JPEG (${FRAMES_PER_SECOND} frames a second), for \`seconds\` (default ${DEMO_STREAM_DEFAULT_SECONDS}, at most ${DEMO_STREAM_MAX_SECONDS}) or until the viewer leaves; the demo's cameras show it`,
        querystring: demoStreamQuerySchema,
        response: { 200: fileResponse(DEMO_STREAM_CONTENT_TYPE, 'A multipart/x-mixed-replace stream of JPEG frames, as IP cameras serve it') },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(DEMO_STREAM_CONTENT_TYPE)
        .send(Readable.from(demoStream(request.query.seconds), { objectMode: false })),
  );

  app.get(
    '/api/cameras/options',
    {
      config: { policy: policy.readOptions },
      schema: {
        tags,
        summary: "The organisation's active schools a camera can be assigned to (super administrator)",
        response: { 200: cameraOptionsResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/cameras/:id',
    {
      config: { policy: policy.watch },
      schema: { tags, summary: 'One camera I may watch, with how to play it', params: idParams, response: { 200: cameraResponse } },
    },
    async (request) => service.getCamera(app, ctxOf(request), request.params.id),
  );

  app.post(
    '/api/cameras',
    {
      config: { policy: policy.add },
      schema: {
        tags,
        summary: 'Set up a camera channel (super administrator)',
        body: cameraSchema,
        // 404: a school it is assigned to
        response: { 201: cameraResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCamera(app, ctxOf(request), request.body)),
  );

  app.put(
    '/api/cameras/:id',
    {
      config: { policy: policy.edit },
      schema: { tags, summary: 'Change a camera channel (super administrator)', params: idParams, body: cameraSchema, response: { 200: cameraResponse } },
    },
    async (request) => service.updateCamera(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/cameras/:id',
    {
      config: { policy: policy.remove },
      schema: { tags, summary: 'Delete a camera channel and its recordings (super administrator)', params: idParams, response: { 204: noContentResponse } },
    },
    async (request, reply) => {
      await service.deleteCamera(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/cameras/:id/clips',
    {
      config: { policy: policy.watch },
      schema: {
        tags,
        summary: "Recorded clips of a camera that start on a day (YYYY-MM-DD, in the school's time zone)",
        params: idParams,
        querystring: clipDayQuerySchema,
        response: { 200: clipDayResponse },
      },
    },
    async (request) => service.clipsOfDay(app, ctxOf(request), request.params.id, request.query.date),
  );

  app.get(
    '/api/cameras/:id/clip-days',
    {
      config: { policy: policy.watch },
      schema: {
        tags,
        summary: 'The days of a month (YYYY-MM) that have recordings',
        params: idParams,
        querystring: z.object({ month: z.string().regex(MONTH, { error: 'Month must be YYYY-MM' }) }),
        response: { 200: clipDaysResponse },
      },
    },
    async (request) => service.clipDays(app, ctxOf(request), request.params.id, request.query.month),
  );

  app.post(
    '/api/cameras/:id/clips',
    {
      config: { policy: policy.addClip },
      schema: {
        tags,
        summary: 'Record where a clip of this camera is (super administrator)',
        params: idParams,
        body: cameraClipSchema,
        response: { 201: cameraClipResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addClip(app, ctxOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/cameras/:id/clips/:clipId',
    {
      config: { policy: policy.removeClip },
      schema: {
        tags,
        summary: 'Delete a recorded clip (super administrator)',
        params: z.object({ id: z.string(), clipId: z.string() }),
        response: { 204: noContentResponse },
      },
    },
    async (request, reply) => {
      await service.deleteClip(app, ctxOf(request), request.params.id, request.params.clipId);
      return reply.status(204).send(null);
    },
  );
}
