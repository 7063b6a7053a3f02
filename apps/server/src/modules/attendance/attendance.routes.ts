import {
  ATTENDANCE_STATUSES,
  attendanceSettingsSchema,
  calendarQuerySchema,
  ratesQuerySchema,
  registerQuerySchema,
  saveRegisterSchema,
} from '@school/shared/attendance/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attendancePolicy as policy } from '../../policies/attendance';
import { ctxOf } from '../../policies/context';
import * as service from './attendance.service';

const tags = ['attendance'];
const ref = z.object({ id: z.string(), name: z.string() });
const term = ref.extend({ startDate: z.string(), endDate: z.string(), isCurrent: z.boolean() });
const status = z.enum(ATTENDANCE_STATUSES);
const counts = { present: z.number(), absent: z.number(), late: z.number(), excused: z.number() };
const register = z.object({
  classId: z.string(),
  className: z.string(),
  date: z.string(),
  term: ref,
  saved: z.boolean(),
  takenBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  rows: z.array(z.object({ studentId: z.string(), name: z.string(), registrationNo: z.string(), status })),
  counts: z.record(status, z.number()),
});
const rates = z.object({
  term,
  classes: z.array(z.object({ classId: z.string(), className: z.string(), registers: z.number(), ...counts, rate: z.number().nullable() })),
  students: z.array(
    z.object({ studentId: z.string(), name: z.string(), registrationNo: z.string(), className: z.string(), ...counts, rate: z.number().nullable() }),
  ),
  studentsTotal: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
const settings = z.object({ absenceNotices: z.boolean() });

export default async function attendanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/attendance/options',
    {
      config: { policy: policy.readOptions },
      schema: {
        tags,
        summary: "The selected session's terms, the school's today and default register date, and the classes whose register you take",
        response: {
          200: z.object({
            academicSessionId: z.string().nullable(),
            sessionName: z.string().nullable(),
            today: z.string(),
            defaultDate: z.string().nullable(),
            terms: z.array(term),
            classes: z.array(ref),
          }),
        },
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
        response: { 200: register },
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
        summary: 'Save a register as one batch (a second save of the same class and day replaces its marks); guardians of absent students get one notice a day',
        body: saveRegisterSchema,
        response: { 200: register },
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
        response: {
          200: z.object({
            today: z.string(),
            term: term.nullable(),
            weekStart: z.string().nullable(),
            classes: z.array(
              z.object({
                classId: z.string(),
                className: z.string(),
                students: z.number(),
                weekRate: z.number().nullable(),
                termRate: z.number().nullable(),
                unmarkedDays: z.array(z.string()),
              }),
            ),
          }),
        },
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
        response: { 200: rates },
      },
    },
    async (request) => service.getRates(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/attendance/rates.csv',
    {
      config: { policy: policy.readRates },
      schema: { tags, summary: "Every student's rate as CSV (same filters, no paging)", querystring: ratesQuerySchema },
    },
    async (request, reply) => {
      const result = await service.getRates(app, ctxOf(request), request.query, { everyStudent: true });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendance-${result.term.name.toLowerCase()}-term.csv"`)
        .header('cache-control', 'no-store')
        .send(service.ratesCsv(result));
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
        response: {
          200: z.object({
            student: z.object({ id: z.string(), name: z.string(), className: z.string().nullable() }),
            month: z.string(),
            events: z.array(z.object({ day: z.number(), month: z.number(), year: z.number(), title: status })),
            term: term.nullable(),
            totals: z.object({ ...counts, daysOpen: z.number(), rate: z.number().nullable() }),
          }),
        },
      },
    },
    async (request) => service.getStudentAttendance(app, ctxOf(request), request.params.studentId, request.query),
  );

  app.get(
    '/api/settings/attendance',
    {
      config: { policy: policy.readSettings },
      schema: { tags, summary: "The school's attendance settings (absence notices to guardians)", response: { 200: settings } },
    },
    async (request) => service.getSettings(app, ctxOf(request)),
  );

  app.put(
    '/api/settings/attendance',
    {
      config: { policy: policy.editSettings },
      schema: { tags, summary: "Turn the school's absence notices on or off", body: attendanceSettingsSchema, response: { 200: settings } },
    },
    async (request) => service.saveSettings(app, ctxOf(request), request.body),
  );
}
