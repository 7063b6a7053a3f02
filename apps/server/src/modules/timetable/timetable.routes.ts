import { setTimetableSlotSchema } from '@school/shared/timetable/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { timetablePolicy as policy } from '../../policies/timetable';
import * as service from './timetable.service';

const tags = ['timetable'];

const slot = z.object({
  day: z.number(),
  hour: z.number(),
  classSubjectId: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  subjectCode: z.string(),
  teacherId: z.string().nullable(),
  teacherName: z.string().nullable(),
});
const classSummary = z.object({ id: z.string(), name: z.string(), level: z.string(), arm: z.string() });
const classTimetable = z.object({
  class: classSummary.extend({ academicSessionId: z.string() }),
  slots: z.array(slot),
  subjects: z.array(
    z.object({
      classSubjectId: z.string(),
      subjectId: z.string(),
      subjectName: z.string(),
      teacherId: z.string().nullable(),
      teacherName: z.string().nullable(),
    }),
  ),
  canEdit: z.boolean(),
});
const classParams = z.object({ classId: z.string() });

export default async function timetableRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/timetable/classes',
    {
      config: { policy: policy.listClasses },
      schema: {
        tags,
        summary: 'The classes of the selected session, with how many slots of their week are filled',
        response: {
          200: z.object({
            items: z.array(classSummary.extend({ classTeacherName: z.string().nullable(), filledSlots: z.number() })),
            academicSessionId: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => service.listClasses(app, ctxOf(request)),
  );

  app.get(
    '/api/classes/:classId/timetable',
    {
      // Read by administrators, teachers, students and parents; the policy checks which classes are
      // theirs (404 for the rest), the service each one's area grant.
      config: { policy: policy.readClass },
      schema: {
        tags,
        summary: "A class's week: Monday to Friday, 8:00 AM to 5:00 PM, BREAK at 12:00 PM",
        params: classParams,
        response: { 200: classTimetable },
      },
    },
    async (request) => service.getClassTimetable(app, ctxOf(request), request.params.classId),
  );

  app.put(
    '/api/classes/:classId/timetable/slots',
    {
      config: { policy: policy.setSlot },
      schema: {
        tags,
        summary: "Set one slot of a class's week to one of its subjects (with that subject's teacher), or clear it (classSubjectId null)",
        params: classParams,
        body: setTimetableSlotSchema,
        response: { 200: classTimetable },
      },
    },
    async (request) => service.setSlot(app, ctxOf(request), request.params.classId, request.body),
  );

  app.get(
    '/api/teachers/me/timetable',
    {
      config: { policy: policy.readOwn },
      schema: {
        tags,
        summary: "The signed-in teacher's week across their classes, in the selected session",
        response: {
          200: z.object({
            teacher: z.object({ id: z.string(), name: z.string() }).nullable(),
            academicSessionId: z.string().nullable(),
            slots: z.array(slot.extend({ classId: z.string(), className: z.string() })),
          }),
        },
      },
    },
    async (request) => service.getMyTimetable(app, ctxOf(request)),
  );

  app.get(
    '/api/students/:studentId/timetable',
    {
      config: { policy: policy.readStudent },
      schema: {
        tags,
        summary: "A student's class timetable in the selected session (the student's own, or a guardian's child's)",
        params: z.object({ studentId: z.string() }),
        response: {
          200: z.object({
            student: z.object({ id: z.string(), name: z.string() }),
            class: classSummary.nullable(),
            academicSessionId: z.string().nullable(),
            slots: z.array(slot),
          }),
        },
      },
    },
    async (request) => service.getStudentTimetable(app, ctxOf(request), request.params.studentId),
  );
}
