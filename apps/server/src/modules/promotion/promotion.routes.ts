import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROMOTION_OUTCOMES, promoteSchema, promotionQuerySchema } from '@school/shared/academics/promotion';
import { ctxOf } from '../../policies/context';
import { promotionPolicy as policy } from '../../policies/promotion';
import * as service from './promotion.service';

const tags = ['promotion'];
const ref = z.object({ id: z.string(), name: z.string() });
const outcome = z.enum(PROMOTION_OUTCOMES);
const viewResponse = z.object({
  fromSession: ref,
  toSession: ref,
  passMark: z.number(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), level: z.string(), studentCount: z.number(), placedCount: z.number() })),
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      registrationNo: z.string(),
      average: z.number().nullable(),
      proposed: outcome,
      proposedClassName: z.string().nullable(),
      placedIn: z.object({ classId: z.string(), className: z.string() }).nullable(),
      graduated: z.boolean(),
    }),
  ),
});
const resultResponse = z.object({
  promoted: z.number(),
  repeated: z.number(),
  graduated: z.number(),
  unchanged: z.number(),
  classesCreated: z.array(z.string()),
});

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
        response: { 200: viewResponse },
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
        response: { 200: resultResponse },
      },
    },
    async (request) => service.promote(app, ctxOf(request), request.body),
  );
}
