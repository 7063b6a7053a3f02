import { lookupId } from '@school/shared/fields';
import { apiErrorResponse } from '@school/shared/http';
import {
  batchPinsResponse,
  resultPinBatchListResponse,
  resultPinBatchResponse,
  resultPinStatusResponse,
  unlockResultsResponse,
} from '@school/shared/report-cards/responses';
import { formatPin, generatePinsSchema, unlockResultsSchema } from '@school/shared/report-cards/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { csvCell } from '../../lib/csv';
import { ctxOf } from '../../policies/context';
import { resultPinsPolicy as policy } from '../../policies/result-pins';
import * as service from './result-pins.service';
import { CSV_TYPE, sendDownload } from '../../lib/downloads';

const tags = ['result PINs'];
const idParams = z.object({ id: z.string() });

export default async function resultPinRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/result-pins/batches',
    {
      config: { policy: policy.listBatches },
      schema: {
        tags,
        summary: "The school's result-checker PIN batches (administrators)",
        response: { 200: resultPinBatchListResponse, 404: apiErrorResponse },
      },
    },
    async (request) => ({ items: await service.listBatches(app, ctxOf(request)) }),
  );

  app.post(
    '/api/result-pins/batches',
    {
      config: { policy: policy.generateBatch },
      schema: {
        tags,
        summary: 'Generate a batch of result-checker PINs, each for one student and a number of views',
        body: generatePinsSchema,
        response: { 201: resultPinBatchResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.generateBatch(app, ctxOf(request), request.body)),
  );

  app.get(
    '/api/result-pins/batches/:id/pins',
    {
      config: { policy: policy.readBatch },
      schema: {
        tags,
        summary: "A batch's PINs with their use (administrators; to print)",
        params: idParams,
        response: { 200: batchPinsResponse },
      },
    },
    async (request) => service.batchPins(app, ctxOf(request), request.params.id),
  );

  app.get(
    '/api/result-pins/batches/:id/pins.csv',
    {
      config: { policy: policy.readBatch },
      schema: {
        tags,
        summary: "A batch's PINs as CSV (administrators)",
        params: idParams,
        response: { 200: fileResponse('text/csv', 'One row per PIN: the PIN, views allowed, views used, student') },
      },
    },
    async (request, reply) => {
      const { batch: b, pins } = await service.batchPins(app, ctxOf(request), request.params.id);
      const lines = [
        ['PIN', 'Views allowed', 'Views used', 'Student'],
        ...pins.map((p) => [formatPin(p.pin), String(p.maxViews), String(p.viewsUsed), p.student?.name ?? '']),
      ];
      return sendDownload(reply, {
        type: CSV_TYPE,
        name: `result-pins-${b.createdAt.slice(0, 10)}-${b.id.slice(0, 8)}.csv`,
        body: `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`,
      });
    },
  );

  app.get(
    '/api/result-pins/status',
    {
      config: { policy: policy.readStatus },
      schema: {
        tags,
        summary: "Whether the user must enter a PIN to open a student's results of a term, and whether they have",
        querystring: z.object({ studentId: z.string().transform(lookupId), termId: z.string().transform(lookupId) }),
        response: { 200: resultPinStatusResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.status(app, ctxOf(request), request.query.studentId, request.query.termId),
  );

  app.post(
    '/api/result-pins/unlock',
    {
      config: { policy: policy.unlock },
      schema: {
        tags,
        summary: "Use one view of a result-checker PIN to open a student's results of a term (students and parents)",
        body: unlockResultsSchema,
        response: { 200: unlockResultsResponse, 404: apiErrorResponse, 429: apiErrorResponse },
      },
    },
    async (request) => service.unlock(app, ctxOf(request), request.body),
  );
}
