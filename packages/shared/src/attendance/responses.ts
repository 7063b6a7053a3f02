/**
 * What the attendance endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '../constants';

const status = z.enum(ATTENDANCE_STATUSES);

export const attendanceRef = z.object({ id: z.string(), name: z.string() });
export type Ref = z.infer<typeof attendanceRef>;

export const attendanceTermResponse = attendanceRef.extend({ startDate: z.string(), endDate: z.string(), isCurrent: z.boolean() });
export type AttendanceTerm = z.infer<typeof attendanceTermResponse>;

/** GET /api/attendance/options */
export const attendanceOptionsResponse = z.object({
  academicSessionId: z.string().nullable(),
  sessionName: z.string().nullable(),
  /** The school's today ('YYYY-MM-DD', in its time zone). */
  today: z.string(),
  /** The default register date: today when it is a school day of the session, else its last school day before today. */
  defaultDate: z.string().nullable(),
  terms: z.array(attendanceTermResponse),
  /** Teachers: the classes they are class teacher of; administrators: every class of the session. */
  classes: z.array(attendanceRef),
});
export type AttendanceOptions = z.infer<typeof attendanceOptionsResponse>;

export const registerRowResponse = z.object({ studentId: z.string(), name: z.string(), registrationNo: z.string(), status });
export type RegisterRow = z.infer<typeof registerRowResponse>;

/** GET and PUT /api/attendance/register */
export const registerResponse = z.object({
  classId: z.string(),
  className: z.string(),
  date: z.string(),
  term: attendanceRef,
  /** False: not taken yet, everyone shown Present. */
  saved: z.boolean(),
  takenBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** What a save names as its `baseVersion` (issue 21); null while the register is not taken. */
  version: z.string().nullable(),
  rows: z.array(registerRowResponse),
  counts: z.record(status, z.number()),
});
export type Register = z.infer<typeof registerResponse>;

/** 409 to PUT /api/attendance/register made on an older version: the message and the register as saved now. */
export const registerConflictResponse = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  current: registerResponse,
});
export type RegisterConflict = z.infer<typeof registerConflictResponse>;

export const attendanceCounts = z.object({ present: z.number(), absent: z.number(), late: z.number(), excused: z.number() });
export type Counts = z.infer<typeof attendanceCounts>;

export const classRateResponse = attendanceCounts.extend({ classId: z.string(), className: z.string(), registers: z.number(), rate: z.number().nullable() });
export type ClassRate = z.infer<typeof classRateResponse>;

export const studentRateResponse = attendanceCounts.extend({
  studentId: z.string(),
  name: z.string(),
  registrationNo: z.string(),
  className: z.string(),
  rate: z.number().nullable(),
});
export type StudentRate = z.infer<typeof studentRateResponse>;

/** GET /api/attendance/rates */
export const attendanceRatesResponse = z.object({
  term: attendanceTermResponse,
  classes: z.array(classRateResponse),
  /** One page of the students, lowest rate first. */
  students: z.array(studentRateResponse),
  studentsTotal: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AttendanceRates = z.infer<typeof attendanceRatesResponse>;

export const teacherClassSummaryResponse = z.object({
  classId: z.string(),
  className: z.string(),
  students: z.number(),
  weekRate: z.number().nullable(),
  termRate: z.number().nullable(),
  /** School days of the term up to today with no register. */
  unmarkedDays: z.array(z.string()),
});
export type TeacherClassSummary = z.infer<typeof teacherClassSummaryResponse>;

/** GET /api/attendance/teacher-overview */
export const teacherAttendanceOverviewResponse = z.object({
  today: z.string(),
  term: attendanceTermResponse.nullable(),
  weekStart: z.string().nullable(),
  classes: z.array(teacherClassSummaryResponse),
});
export type TeacherAttendanceOverview = z.infer<typeof teacherAttendanceOverviewResponse>;

/** GET /api/students/:studentId/attendance */
export const studentAttendanceResponse = z.object({
  student: z.object({ id: z.string(), name: z.string(), className: z.string().nullable() }),
  month: z.string(),
  /** The spec's attendance event: day, month (1-12), year, title. */
  events: z.array(z.object({ day: z.number(), month: z.number(), year: z.number(), title: status })),
  term: attendanceTermResponse.nullable(),
  totals: attendanceCounts.extend({ daysOpen: z.number(), rate: z.number().nullable() }),
});
export type StudentAttendance = z.infer<typeof studentAttendanceResponse>;

/** GET and PUT /api/settings/attendance */
export const attendanceSettingsResponse = z.object({ absenceNotices: z.boolean() });
export type AttendanceSettingsResponse = z.infer<typeof attendanceSettingsResponse>;
