import {
  attendanceOptionsResponse,
  attendanceRatesResponse,
  attendanceSettingsResponse,
  registerConflictResponse,
  registerResponse,
  studentAttendanceResponse,
  teacherAttendanceOverviewResponse,
} from '@school/shared/attendance/responses';
import { attendanceSettingsSchema, calendarQuerySchema, ratesQuerySchema, registerQuerySchema, saveRegisterSchema } from '@school/shared/attendance/schemas';
import { apiErrorResponse } from '@school/shared/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { attendancePolicy as policy } from '../../policies/attendance';
import { ctxOf } from '../../policies/context';
import * as service from './attendance.service';
import { CSV_TYPE, sendDownload } from '../../lib/downloads';

const tags = ['attendance'];
export default async function attendanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/attendance/options',
    {
      config: { policy: policy.readOptions },
      schema: {
        tags,
        summary: "The selected session's terms, the school's today and default register date, and the classes whose register you take",
        response: { 200: attendanceOptionsResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/attendance/register',
    {
      config: { policy: policy.readRegister },
      schema: {
        tags,
        summary: "A class's register for a school day: the saved marks, or everyone Present when not taken yet (class teacher or administrator)",
        querystring: registerQuerySchema,
        // 404: the class it names
        response: { 200: registerResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getRegister(app, ctxOf(request), request.query),
  );

  app.put(
    '/api/attendance/register',
    {
      config: { policy: policy.saveRegister },
      schema: {
        tags,
        summary:
          'Save a register as one batch (a second save of the same class and day replaces its marks); guardians of absent students get one notice a day. ' +
          'With `baseVersion` (the version the marks were made on), a register saved meanwhile by someone else answers 409 with the register as saved now',
        body: saveRegisterSchema,
        // 404: the class it names, or no term of the session holds the date
        response: { 200: registerResponse, 404: apiErrorResponse, 409: registerConflictResponse },
      },
    },
    async (request) => service.saveRegister(app, ctxOf(request), request.body),
  );

  app.get(
    '/api/attendance/teacher-overview',
    {
      config: { policy: policy.readTeacherOverview },
      schema: {
        tags,
        summary: "Your classes with this week's and this term's rates and the school days not marked yet",
        response: { 200: teacherAttendanceOverviewResponse },
      },
    },
    async (request) => service.getTeacherOverview(app, ctxOf(request)),
  );

  app.get(
    '/api/attendance/rates',
    {
      config: { policy: policy.readRates },
      schema: {
        tags,
        summary: 'Rates per class and per student for a term (optionally one class, or students below a rate); teachers see their own classes',
        querystring: ratesQuerySchema,
        // 404: the term or class it names
        response: { 200: attendanceRatesResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getRates(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/attendance/rates.csv',
    {
      config: { policy: policy.readRates },
      schema: {
        tags,
        summary: "Every student's rate as CSV (same filters, no paging)",
        querystring: ratesQuerySchema,
        response: {
          200: fileResponse('text/csv', 'Registration Number, Name of Student, Class, Present, Absent, Late, Excused, Rate (%); one row per student'),
          404: apiErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await service.getRates(app, ctxOf(request), request.query, { everyStudent: true });
      return sendDownload(reply, {
        type: CSV_TYPE,
        name: `attendance-${result.term.name.toLowerCase()}-term.csv`,
        body: service.ratesCsv(result),
        cache: 'no-store',
      });
    },
  );

  app.get(
    '/api/students/:studentId/attendance',
    {
      config: { policy: policy.readStudent },
      schema: {
        tags,
        summary:
          "A student's month of attendance events (day, month, year, title) and the term's totals: the student, their guardians, their class teacher, administrators",
        params: z.object({ studentId: z.string() }),
        querystring: calendarQuerySchema,
        response: { 200: studentAttendanceResponse },
      },
    },
    async (request) => service.getStudentAttendance(app, ctxOf(request), request.params.studentId, request.query),
  );

  app.get(
    '/api/settings/attendance',
    {
      config: { policy: policy.readSettings },
      schema: {
        tags,
        summary: "The school's attendance settings (absence notices to guardians)",
        // 404: the caller has no school
        response: { 200: attendanceSettingsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getSettings(app, ctxOf(request)),
  );

  app.put(
    '/api/settings/attendance',
    {
      config: { policy: policy.editSettings },
      schema: {
        tags,
        summary: "Turn the school's absence notices on or off",
        body: attendanceSettingsSchema,
        // 404: the caller has no school
        response: { 200: attendanceSettingsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.saveSettings(app, ctxOf(request), request.body),
  );
}
