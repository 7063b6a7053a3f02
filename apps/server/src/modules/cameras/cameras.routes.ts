import {
  CAMERA_LOCATIONS,
  CAMERA_VIEWER_ROLES,
  cameraClipSchema,
  cameraListQuerySchema,
  cameraSchema,
  clipDayQuerySchema,
} from '@school/shared/cameras/schemas';
import { CAMERA_CHANNEL_TYPES } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { camerasPolicy as policy } from '../../policies/cameras';
import { ctxOf } from '../../policies/context';
import * as service from './cameras.service';

const tags = ['security cameras'];
const ref = z.object({ id: z.string(), name: z.string() });
const camera = z.object({
  id: z.string(),
  name: z.string(),
  modelCode: z.string(),
  cameraModel: z.string(),
  location: z.enum(CAMERA_LOCATIONS),
  specifyLocation: z.string().nullable(),
  channelType: z.enum(CAMERA_CHANNEL_TYPES),
  source: z.string(),
  playback: z.union([z.object({ kind: z.literal('hls'), url: z.string() }), z.object({ kind: z.literal('embed'), url: z.string(), openUrl: z.string() })]),
  schools: z.array(ref),
  roles: z.array(z.enum(CAMERA_VIEWER_ROLES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const clip = z.object({ id: z.string(), cameraId: z.string(), startsAt: z.string(), endsAt: z.string(), url: z.string() });
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
        response: { 200: z.object({ items: z.array(camera) }) },
      },
    },
    async (request) => service.listCameras(app, ctxOf(request), request.query.channel),
  );

  app.get(
    '/api/cameras/options',
    {
      config: { policy: policy.readOptions },
      schema: {
        tags,
        summary: "The organisation's active schools a camera can be assigned to (super administrator)",
        response: { 200: z.object({ schools: z.array(ref) }) },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/cameras/:id',
    {
      config: { policy: policy.watch },
      schema: { tags, summary: 'One camera I may watch, with how to play it', params: idParams, response: { 200: camera } },
    },
    async (request) => service.getCamera(app, ctxOf(request), request.params.id),
  );

  app.post(
    '/api/cameras',
    {
      config: { policy: policy.add },
      schema: { tags, summary: 'Set up a camera channel (super administrator)', body: cameraSchema, response: { 201: camera } },
    },
    async (request, reply) => reply.status(201).send(await service.createCamera(app, ctxOf(request), request.body)),
  );

  app.put(
    '/api/cameras/:id',
    {
      config: { policy: policy.edit },
      schema: { tags, summary: 'Change a camera channel (super administrator)', params: idParams, body: cameraSchema, response: { 200: camera } },
    },
    async (request) => service.updateCamera(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/cameras/:id',
    {
      config: { policy: policy.remove },
      schema: { tags, summary: 'Delete a camera channel and its recordings (super administrator)', params: idParams },
    },
    async (request, reply) => {
      await service.deleteCamera(app, ctxOf(request), request.params.id);
      return reply.status(204).send();
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
        response: { 200: z.object({ date: z.string(), timeZone: z.string(), items: z.array(clip) }) },
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
        response: { 200: z.object({ month: z.string(), days: z.array(z.string()) }) },
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
        response: { 201: clip },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addClip(app, ctxOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/cameras/:id/clips/:clipId',
    {
      config: { policy: policy.removeClip },
      schema: { tags, summary: 'Delete a recorded clip (super administrator)', params: z.object({ id: z.string(), clipId: z.string() }) },
    },
    async (request, reply) => {
      await service.deleteClip(app, ctxOf(request), request.params.id, request.params.clipId);
      return reply.status(204).send();
    },
  );
}
