import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxResponse } from '@school/shared/system/responses';
import { z } from 'zod';
import { organisationOutbox, organisations, outbox, schools } from '../../db/schema';
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
      // every school's mail and every organisation's own, each read by its keys (ADR 0026): a demo install
      // holds a few schools, and a test's database its own
      const schoolIds = (await app.db.select({ id: schools.id }).from(schools)).map((r) => r.id);
      const organisationIds = (await app.db.select({ id: organisations.id }).from(organisations)).map((r) => r.id);
      const to = (column: typeof outbox.to | typeof organisationOutbox.to): SQL | undefined =>
        request.query.to ? eq(sql`lower(${column})`, request.query.to.toLowerCase()) : undefined;
      const [ofSchools, ofOrganisations] = await Promise.all([
        schoolIds.length === 0
          ? []
          : app.db
              .select()
              .from(outbox)
              .where(and(inArray(outbox.schoolId, schoolIds), to(outbox.to)))
              .orderBy(desc(outbox.createdAt))
              .limit(20),
        organisationIds.length === 0
          ? []
          : app.db
              .select()
              .from(organisationOutbox)
              .where(and(inArray(organisationOutbox.organisationId, organisationIds), to(organisationOutbox.to)))
              .orderBy(desc(organisationOutbox.createdAt))
              .limit(20),
      ]);
      const rows = [...ofSchools, ...ofOrganisations].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 20);
      return { items: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, body: r.body, status: r.status, createdAt: r.createdAt.toISOString() })) };
    },
  );
}
