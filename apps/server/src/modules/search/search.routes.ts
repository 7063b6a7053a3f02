import { SEARCH_RESULTS_PER_KIND, searchQuerySchema } from '@school/shared/search/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveAcademicSession } from '../academic-sessions/academic-context';
import { kindsFor, presentClass, presentStaff, presentStudent } from './search.presenter';
import * as repo from './search.repository';

const result = z.object({
  kind: z.enum(['student', 'staff', 'class']),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  path: z.string(),
});

export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/search',
    {
      config: { signedIn: true },
      schema: {
        tags: ['search'],
        summary:
          'The top-bar search, within the user’s school: students (name, registration number), staff (name, email) and classes of the selected session; at most 5 of each, with a link in the user’s area',
        querystring: searchQuerySchema,
        response: { 200: z.object({ items: z.array(result) }) },
      },
    },
    async (request) => {
      const user = request.user!;
      const kinds = kindsFor(user.role, user.matrix);
      // students and parents have no people search; a super administrator has no school of their own
      if (!user.schoolId || kinds.length === 0) return { items: [] };
      const schoolId = user.schoolId;
      const q = request.query.q;
      const session = await resolveAcademicSession(app, request);
      const limit = SEARCH_RESULTS_PER_KIND;

      if (user.role === 'teacher') {
        if (!kinds.includes('student')) return { items: [] };
        const classIds = session ? await repo.classIdsOfTeacher(app.db, schoolId, user.id, session.id) : [];
        const students = classIds.length ? await repo.findStudents(app.db, schoolId, q, session!.id, limit, classIds) : [];
        return { items: students.map((s) => presentStudent(user.role, s)) };
      }

      const [students, staff, classes] = await Promise.all([
        kinds.includes('student') ? repo.findStudents(app.db, schoolId, q, session?.id ?? null, limit) : [],
        kinds.includes('staff') ? repo.findStaff(app.db, schoolId, q, limit) : [],
        kinds.includes('class') && session ? repo.findClasses(app.db, schoolId, q, session.id, limit) : [],
      ]);
      return {
        items: [
          ...students.map((s) => presentStudent(user.role, s)),
          ...staff.map((s) => presentStaff(user.role, s)),
          ...classes.map((c) => presentClass(user.role, c)),
        ],
      };
    },
  );
}
