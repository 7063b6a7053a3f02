import { apiErrorResponse } from '@school/shared/http';
import { ratingOptionsResponse, ratingSheetResponse, traitsResponse } from '@school/shared/ratings/responses';
import { ratingSheetQuerySchema, saveRatingSheetSchema, saveTraitsSchema } from '@school/shared/ratings/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../policies/context';
import { ratingsPolicy as policy } from '../../policies/ratings';
import * as service from './ratings.service';

const tags = ['ratings'];

export default async function ratingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/ratings/traits',
    {
      config: { policy: policy.readTraits },
      schema: { tags, summary: "The school's affective and psychomotor traits in order (the defaults the first time)", response: { 200: traitsResponse } },
    },
    async (request) => service.getTraits(app, ctxOf(request)),
  );

  app.put(
    '/api/ratings/traits',
    {
      config: { policy: policy.editTraits },
      schema: {
        tags,
        summary: 'Set the lists of traits (add, rename, reorder, deactivate; a trait left out is removed, or deactivated when it has ratings)',
        body: saveTraitsSchema,
        response: { 200: traitsResponse },
      },
    },
    async (request) => service.saveTraits(app, ctxOf(request), request.body),
  );

  app.get(
    '/api/ratings/options',
    {
      config: { policy: policy.readOptions },
      schema: {
        tags,
        summary: "The selected session's terms and the classes you rate (class teacher; administrators: every class)",
        response: { 200: ratingOptionsResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/ratings/sheet',
    {
      config: { policy: policy.readSheet },
      schema: {
        tags,
        summary: "A class's students × the active traits with their ratings of the term, and the key (class teacher or administrator)",
        querystring: ratingSheetQuerySchema,
        // 404: the class or term it names
        response: { 200: ratingSheetResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getSheet(app, ctxOf(request), request.query),
  );

  app.put(
    '/api/ratings/sheet',
    {
      config: { policy: policy.saveSheet },
      schema: {
        tags,
        summary: "Save a class's whole grid of ratings for a term, all or nothing (an empty cell clears its rating)",
        body: saveRatingSheetSchema,
        response: { 200: ratingSheetResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.saveSheet(app, ctxOf(request), request.body),
  );
}
