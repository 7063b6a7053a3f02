/**
 * What the dashboards answer (GET /api/dashboard/*). Every figure is computed by the area that owns
 * it (attendance, results, finance, timetable…); the dashboards only gather them (ADR 0020).
 * Money in kobo; attendance rates as percentages with one decimal (null when nothing was marked).
 * The server declares these as its response schemas; the web app uses the inferred types.
 */
import { z } from 'zod';
import { SETUP_STEPS } from './types';

const ref = z.object({ id: z.string(), name: z.string() });

export const dashboardTermResponse = ref;
export type DashboardTerm = z.infer<typeof dashboardTermResponse>;

export const classCountResponse = z.object({ classId: z.string(), className: z.string(), male: z.number(), female: z.number(), total: z.number() });
export type ClassCount = z.infer<typeof classCountResponse>;

export const dayAttendanceFiguresResponse = z.object({
  date: z.string(),
  /** Registers taken on the day, of the classes that could have had one. */
  registersTaken: z.number(),
  classes: z.number(),
  present: z.number(),
  absent: z.number(),
  late: z.number(),
  excused: z.number(),
  /** (Present + Late) / everyone marked, percent with one decimal; null when nothing was marked. */
  rate: z.number().nullable(),
});
export type DayAttendanceFigures = z.infer<typeof dayAttendanceFiguresResponse>;

/** GET /api/dashboard/admin */
export const adminDashboardResponse = z.object({
  date: z.string(),
  session: ref.nullable(),
  term: dashboardTermResponse.nullable(),
  students: z.object({ total: z.number(), male: z.number(), female: z.number(), byClass: z.array(classCountResponse) }),
  staff: z.object({ total: z.number(), byType: z.array(z.object({ type: z.string(), count: z.number() })) }),
  attendance: dayAttendanceFiguresResponse,
  /** The term's invoices: null when there is no term. */
  fees: z.object({ expectedKobo: z.number(), collectedKobo: z.number(), outstandingKobo: z.number() }).nullable(),
  applications: z.object({
    pending: z.number(),
    recent: z.array(
      z.object({ id: z.string(), name: z.string(), registrationNo: z.string(), classLevel: z.string(), status: z.string(), createdAt: z.string() }),
    ),
  }),
  lessonNotes: z.object({ awaitingReview: z.number() }),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponse>;

export const todayLessonResponse = z.object({ hour: z.number(), subjectName: z.string(), className: z.string(), teacherName: z.string().nullable() });
export type TodayLesson = z.infer<typeof todayLessonResponse>;

/** GET /api/dashboard/teacher */
export const teacherDashboardResponse = z.object({
  date: z.string(),
  session: ref.nullable(),
  /** 1 Monday … 5 Friday; null at the weekend. */
  day: z.number().nullable(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), students: z.number(), classTeacher: z.boolean() })),
  registersNotMarked: z.array(z.object({ classId: z.string(), className: z.string() })),
  lessonNotes: z.object({ drafts: z.number(), rejected: z.number(), submitted: z.number() }),
  today: z.array(todayLessonResponse),
});
export type TeacherDashboard = z.infer<typeof teacherDashboardResponse>;

export const resultsSummaryResponse = z.union([
  z.object({
    status: z.literal('published'),
    termId: z.string(),
    termName: z.string(),
    sessionName: z.string(),
    className: z.string(),
    average: z.number().nullable(),
    position: z.number().nullable(),
    studentCount: z.number(),
  }),
  /** The newest published term needs a result-checker PIN first. */
  z.object({ status: z.literal('locked'), termId: z.string() }),
  /** the school's fee gate withholds the results while this much is owed (issue 18) */
  z.object({ status: z.literal('withheld'), owedKobo: z.number().int() }),
  z.object({ status: z.literal('none') }),
]);
export type ResultsSummary = z.infer<typeof resultsSummaryResponse>;

export const studentFiguresResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  attendance: z.object({
    present: z.number(),
    absent: z.number(),
    late: z.number(),
    excused: z.number(),
    daysOpen: z.number(),
    rate: z.number().nullable(),
  }),
  results: resultsSummaryResponse,
  /** Over all the student's invoices; null when the student has none. */
  fees: z.object({ dueKobo: z.number(), paidKobo: z.number(), outstandingKobo: z.number(), creditKobo: z.number() }).nullable(),
});
export type StudentFigures = z.infer<typeof studentFiguresResponse>;

/** GET /api/dashboard/students/:studentId */
export const studentDashboardResponse = studentFiguresResponse.extend({
  date: z.string(),
  term: dashboardTermResponse.nullable(),
  day: z.number().nullable(),
  today: z.array(todayLessonResponse),
});
export type StudentDashboard = z.infer<typeof studentDashboardResponse>;

/** GET /api/dashboard/parent */
export const parentDashboardResponse = z.object({ term: dashboardTermResponse.nullable(), children: z.array(studentFiguresResponse) });
export type ParentDashboard = z.infer<typeof parentDashboardResponse>;

/** GET /api/dashboard/setup: which set-up steps a school has done, in SETUP_STEPS order. */
export const setupChecklistResponse = z.object({
  schoolId: z.string(),
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** Every step done. */
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistResponse>;
