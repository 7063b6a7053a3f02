import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxResponse } from '@school/shared/system/responses';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { systemPolicy } from '../../policies/system';

/** Reading the outbox over HTTP, for tests and local demos only (EXPOSE_OUTBOX=1 or NODE_ENV=test). */
export default async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dev/outbox',
    {
      config: { policy: systemPolicy.readOutbox },
      schema: {
        tags: ['dev'],
        summary: 'Latest messages in the outbox (test and demo installs only)',
        querystring: z.object({ to: z.string().trim().optional() }),
        response: { 200: outboxResponse },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(outbox)
        .where(request.query.to ? eq(sql`lower(${outbox.to})`, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(outbox.createdAt))
        .limit(20);
      return { items: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, body: r.body, status: r.status, createdAt: r.createdAt.toISOString() })) };
    },
  );
}
