import { apiErrorResponse } from '@school/shared/http';
import { classTimetableResponse, studentTimetableResponse, teacherTimetableResponse, timetableClassListResponse } from '@school/shared/timetable/responses';
import { setTimetableSlotSchema } from '@school/shared/timetable/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { timetablePolicy as policy } from '../../policies/timetable';
import * as service from './timetable.service';

const tags = ['timetable'];

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
        response: { 200: timetableClassListResponse },
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
        response: { 200: classTimetableResponse },
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
        // 409: the subject's teacher is booked in another class at that day and hour
        response: { 200: classTimetableResponse, 409: apiErrorResponse },
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
        response: { 200: teacherTimetableResponse },
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
        response: { 200: studentTimetableResponse },
      },
    },
    async (request) => service.getStudentTimetable(app, ctxOf(request), request.params.studentId),
  );
}
