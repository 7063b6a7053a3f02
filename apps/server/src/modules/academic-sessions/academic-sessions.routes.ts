import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { resolveAcademicSession } from './academic-context';
import * as repo from './academic-sessions.repository';

const term = z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), isCurrent: z.boolean() });
const session = z.object({ id: z.string(), name: z.string(), status: z.string(), terms: z.array(term) });
const tags = ['academic sessions'];

export default async function academicSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/academic-sessions',
    {
      config: { auth: { area: 'dashboard', action: 'view' } },
      schema: {
        tags,
        summary: 'The school’s academic sessions with their terms, and the one this user is looking at',
        response: { 200: z.object({ items: z.array(session), selectedId: z.string().nullable() }) },
      },
    },
    async (request) => {
      const schoolId = await repo.schoolIdForUser(app.db, request.user!);
      if (!schoolId) return { items: [], selectedId: null };
      const [items, selected] = await Promise.all([repo.listSessionsWithTerms(app.db, schoolId), resolveAcademicSession(app, request)]);
      return { items, selectedId: selected?.id ?? null };
    },
  );

  app.put(
    '/api/me/academic-session',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: 'Keep the academic session this user is looking at',
        body: z.object({ academicSessionId: z.string().trim().min(1, 'Session is required').uuid('Session is required') }),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const schoolId = await repo.schoolIdForUser(app.db, user);
      const found = schoolId ? await repo.findSessionInSchool(app.db, schoolId, request.body.academicSessionId) : null;
      if (!found) throw notFound('Academic session not found');
      await repo.setSelectedSession(app.db, user.id, found.id);
      return reply.status(204).send();
    },
  );
}
