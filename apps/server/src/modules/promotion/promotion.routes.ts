import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promoteSchema, promotionQuerySchema } from '@school/shared/academics/promotion';
import { promotionResultResponse, promotionViewResponse } from '@school/shared/academics/responses';
import { apiErrorResponse } from '@school/shared/http';
import { ctxOf } from '../../policies/context';
import { promotionPolicy as policy } from '../../policies/promotion';
import * as service from './promotion.service';

const tags = ['promotion'];
/** A session or class named in the query or body that is not the school's. */
const notFoundNamed = apiErrorResponse.describe('A session or class named is not the school’s');

/** admin/academics/promotion: end-of-session promotion into the next session. */
export default async function promotionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/promotion',
    {
      config: { policy: policy.view },
      schema: {
        tags,
        summary: 'Classes of a session and (with classId) their students’ cumulative averages and proposed outcomes',
        querystring: promotionQuerySchema,
        response: { 200: promotionViewResponse, 404: notFoundNamed },
      },
    },
    async (request) => service.view(app, ctxOf(request), request.query),
  );

  app.post(
    '/api/promotion',
    {
      config: { policy: policy.promote },
      schema: {
        tags,
        summary: 'Promote, repeat or graduate the students of one class (or of every class) into the next session, in one transaction',
        body: promoteSchema,
        response: { 200: promotionResultResponse, 404: notFoundNamed },
      },
    },
    async (request) => service.promote(app, ctxOf(request), request.body),
  );
}
