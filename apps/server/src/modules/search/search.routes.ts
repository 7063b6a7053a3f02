import { SEARCH_RESULTS_PER_KIND, searchQuerySchema } from '@school/shared/search/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchResponse } from '@school/shared/search/responses';
import { ctxOf } from '../../policies/context';
import { searchKinds, searchPolicy } from '../../policies/search';
import { studentScope } from '../../policies/students';
import { presentClass, presentStaff, presentStudent, resultPaths } from './search.presenter';
import * as repo from './search.repository';

export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/search',
    {
      config: { policy: searchPolicy.find },
      schema: {
        tags: ['search'],
        summary:
          'The top-bar search, within the user’s school: students (name, registration number), staff (name, email) and classes of the selected session; at most 5 of each, with a link in the user’s area',
        querystring: searchQuerySchema,
        response: { 200: searchResponse },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const kinds = searchKinds(ctx);
      // students and parents have no people search; a super administrator has no school of their own
      if (!ctx.schoolId || kinds.length === 0) return { items: [] };
      const schoolId = ctx.schoolId;
      const q = request.query.q;
      const [session, scope] = await Promise.all([ctx.academicSession(), studentScope(app.db, ctx)]);
      // a teacher: only the students of the classes they teach
      const classIds = scope.all ? undefined : 'classIds' in scope ? scope.classIds : [];
      const limit = SEARCH_RESULTS_PER_KIND;
      const [students, staff, classes] = await Promise.all([
        kinds.includes('student') ? repo.findStudents(app.db, schoolId, q, session?.id ?? null, limit, classIds) : [],
        kinds.includes('staff') ? repo.findStaff(app.db, schoolId, q, limit) : [],
        kinds.includes('class') && session ? repo.findClasses(app.db, schoolId, q, session.id, limit) : [],
      ]);
      const paths = resultPaths(ctx);
      return {
        items: [...students.map((s) => presentStudent(paths, s)), ...staff.map((s) => presentStaff(paths, s)), ...classes.map((c) => presentClass(paths, c))],
      };
    },
  );
}
