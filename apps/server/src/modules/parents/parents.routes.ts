import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classes, enrolments, guardians, studentGuardians, students } from '../../db/schema';
import { resolveAcademicSession } from '../academic-sessions/academic-context';

export default async function parentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/parent/children',
    {
      config: { auth: { area: 'dashboard', action: 'view' } },
      schema: {
        tags: ['parents'],
        summary: 'The signed-in guardian’s children, with their class in the selected session',
        response: {
          200: z.object({
            items: z.array(z.object({ studentId: z.string(), name: z.string(), registrationNo: z.string(), className: z.string().nullable() })),
          }),
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const session = await resolveAcademicSession(app, request);
      const rows = await app.db
        .select({
          studentId: students.id,
          firstName: students.firstName,
          lastName: students.lastName,
          registrationNo: students.registrationNo,
          level: classes.level,
          arm: classes.arm,
        })
        .from(guardians)
        .innerJoin(studentGuardians, and(eq(studentGuardians.schoolId, guardians.schoolId), eq(studentGuardians.guardianId, guardians.id)))
        .innerJoin(students, eq(students.id, studentGuardians.studentId))
        .leftJoin(
          enrolments,
          and(
            eq(enrolments.schoolId, students.schoolId),
            eq(enrolments.studentId, students.id),
            eq(enrolments.academicSessionId, session?.id ?? '00000000-0000-0000-0000-000000000000'),
          ),
        )
        .leftJoin(classes, eq(classes.id, enrolments.classId))
        .where(eq(guardians.userId, user.id))
        .orderBy(students.firstName);
      return {
        items: rows.map((r) => ({
          studentId: r.studentId,
          name: `${r.firstName} ${r.lastName}`,
          registrationNo: r.registrationNo,
          className: r.level ? `${r.level} ${r.arm}` : null,
        })),
      };
    },
  );
}
