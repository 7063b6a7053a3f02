import { NO_RECORD } from '@school/shared/fields';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parentChildrenResponse } from '@school/shared/users/responses';
import { schoolRow } from '../../db/columns';
import { classes, enrolments, students } from '../../db/schema';
import { personName } from '../../lib/names';
import { ctxOf } from '../../policies/context';
import { parentsPolicy as policy } from '../../policies/parents';
import { familyStudentIds } from '../../policies/students';

export default async function parentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/parent/children',
    {
      config: { policy: policy.listChildren },
      schema: {
        tags: ['parents'],
        summary: 'The signed-in guardian’s children, with their class in the selected session',
        response: { 200: parentChildrenResponse },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const [ids, session] = await Promise.all([familyStudentIds(app.db, ctx), ctx.academicSession()]);
      // familyStudentIds answers none without a school
      if (ids.length === 0 || !ctx.schoolId) return { items: [] };
      const rows = await app.db
        .select({
          studentId: students.id,
          firstName: students.firstName,
          lastName: students.lastName,
          registrationNo: students.registrationNo,
          level: classes.level,
          arm: classes.arm,
        })
        .from(students)
        .leftJoin(
          enrolments,
          and(eq(enrolments.schoolId, students.schoolId), eq(enrolments.studentId, students.id), eq(enrolments.academicSessionId, session?.id ?? NO_RECORD)),
        )
        .leftJoin(classes, schoolRow(classes, enrolments.schoolId, enrolments.classId))
        .where(and(eq(students.schoolId, ctx.schoolId), inArray(students.id, ids)))
        .orderBy(students.firstName);
      return {
        items: rows.map((r) => ({
          studentId: r.studentId,
          name: personName(r),
          registrationNo: r.registrationNo,
          className: r.level ? `${r.level} ${r.arm}` : null,
        })),
      };
    },
  );
}
