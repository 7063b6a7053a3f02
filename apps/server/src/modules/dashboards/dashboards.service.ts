/**
 * The dashboards gather figures from the areas that own them (ADR 0020): attendance
 * (attendance.summary), fees (finance.repository's feesSummary / studentBalances), results
 * (results.service's latestPublishedResults: published terms only for students and parents, PINs honoured),
 * notices stay with the noticeboard's own endpoint. The rest is counted in dashboards.repository.
 * Each dashboard is kept under the school's version (lib/school-cache.ts): the administrator's in the
 * school-wide cache, a teacher's, student's or family's in the viewers' cache, with the family's
 * result PINs checked per request after it (a PIN's use moves no version).
 */
import { sortByClass } from '@school/shared/constants';
import { className } from '@school/shared/academics/schemas';
import { attendanceRate } from '@school/shared/attendance/schemas';
import type {
  AdminDashboard,
  DashboardTerm,
  ParentDashboard,
  ResultsSummary,
  SetupChecklist,
  StudentDashboard,
  StudentFigures,
  TeacherDashboard,
  TodayLesson,
} from '@school/shared/dashboards/responses';
import { RECENT_APPLICATIONS, SETUP_STEPS } from '@school/shared/dashboards/types';
import { PIN_REQUIRED_MESSAGE } from '@school/shared/report-cards/schemas';
import type { StudentTermView } from '@school/shared/results/responses';
import type { StudentSummary } from '@school/shared/students/responses';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { isOwner } from '../../policies/actors';
import { schoolCached } from '../../lib/school-cache';
import type { RequestContext } from '../../policies/context';
import { resultsViewOf } from '../../policies/results';
import { familyStudentIds } from '../../policies/students';
import { dayAttendanceRate, registersNotMarked, termAttendanceSummary, termOfDate, todayIn, weekday } from '../attendance/attendance.api';
import { feesSummary, studentBalances } from '../finance/finance.api';
import { feeGateOf, latestPublishedResults, newestPublishedView } from '../results/results.service';
import { lockedTermIds } from '../result-pins/result-pins.service';
import * as repo from './dashboards.repository';

export const STUDENT_NOT_FOUND = 'Student not found';

/** 1 Monday … 5 Friday, null at the weekend. */
const schoolDay = (date: string): number | null => {
  const d = weekday(date);
  return d >= 1 && d <= 5 ? d : null;
};

/** "This term": the session's term holding the date, else the term marked current, else none. */
function termFor(terms: repo.TermRow[], date: string): DashboardTerm | null {
  const t = termOfDate(terms, date) ?? terms.find((x) => x.isCurrent) ?? null;
  return t ? { id: t.id, name: t.name } : null;
}

function schoolOf(ctx: RequestContext) {
  const user = ctx.user;
  // the session lookup found the school (and its time zone) with the user
  if (!ctx.schoolId || !user.schoolTimeZone) throw notFound('School not found');
  return { user, schoolId: ctx.schoolId, timeZone: user.schoolTimeZone };
}

const lesson = (r: repo.LessonRow): TodayLesson => ({
  hour: r.hour,
  subjectName: r.subjectName,
  className: className(r.level, r.arm),
  teacherName: r.teacherName,
});

// ---------------------------------------------------------------- administrators

/** The school's figures (the route's policy admits the school's administrators only). */
export async function adminDashboard(app: FastifyInstance, ctx: RequestContext, query: { date?: string }): Promise<AdminDashboard> {
  const { schoolId, timeZone } = schoolOf(ctx);
  const date = query.date ?? todayIn(timeZone);
  const session = await ctx.academicSession();
  // the school's figures, the same for each of its administrators: cached under the school's version
  return schoolCached(app, ctx, schoolId, 'dashboard.admin', { sessionId: session?.id ?? null, date }, () => adminFigures(app, schoolId, date, session));
}

async function adminFigures(app: FastifyInstance, schoolId: string, date: string, session: { id: string; name: string } | null): Promise<AdminDashboard> {
  const [terms, classes, staff, applications, notes, day] = await Promise.all([
    session ? repo.termsOfSession(app.db, schoolId, session.id) : Promise.resolve([]),
    session ? repo.studentsByClass(app.db, schoolId, session.id) : Promise.resolve([]),
    repo.staffByType(app.db, schoolId),
    repo.recentApplications(app.db, schoolId, RECENT_APPLICATIONS),
    session ? repo.lessonNotesByStatus(app.db, schoolId, session.id) : Promise.resolve(new Map<string, number>()),
    dayAttendanceRate(app.db, { schoolId, date }),
  ]);
  const term = termFor(terms, date);
  const fees = term ? await feesSummary(app.db, { schoolId, termId: term.id }) : null;
  const sorted = sortByClass(classes);
  const sum = (k: 'male' | 'female' | 'total') => sorted.reduce((a, c) => a + c[k], 0);
  const { rate: _fraction, ...counts } = day;
  return {
    date,
    session: session ? { id: session.id, name: session.name } : null,
    term,
    students: {
      total: sum('total'),
      male: sum('male'),
      female: sum('female'),
      byClass: sorted.map((c) => ({ classId: c.classId, className: className(c.level, c.arm), male: c.male, female: c.female, total: c.total })),
    },
    staff: { total: staff.reduce((a, s) => a + s.count, 0), byType: staff },
    attendance: { ...counts, rate: attendanceRate(day) },
    fees: fees ? { expectedKobo: fees.expectedKobo, collectedKobo: fees.collectedKobo, outstandingKobo: fees.outstandingKobo } : null,
    applications,
    lessonNotes: { awaitingReview: notes.get('Submitted') ?? 0 },
  };
}

// ---------------------------------------------------------------- the set-up checklist

export const SELECT_SCHOOL_MESSAGE = 'Please select a school';

/**
 * Which set-up steps a school has done (dashboards.repository's setupSteps says when each is): an
 * administrator's own school (naming another answers 404), or the school of the organisation an owner
 * names with `?schoolId=` (400 without one, 404 for a school not theirs). One query whatever the school.
 */
export async function setupChecklist(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined): Promise<SetupChecklist> {
  let id: string;
  if (isOwner(ctx)) {
    if (!schoolId) throw badRequest(SELECT_SCHOOL_MESSAGE, { schoolId: SELECT_SCHOOL_MESSAGE });
    id = schoolId;
  } else {
    if (!ctx.schoolId || (schoolId && schoolId !== ctx.schoolId)) throw notFound('School not found');
    id = ctx.schoolId;
  }
  const row = await repo.setupSteps(app.db, ctx.organisationId, id);
  if (!row) throw notFound('School not found');
  const steps = SETUP_STEPS.map((step) => ({ step, done: row[step] }));
  return { schoolId: id, steps, complete: steps.every((s) => s.done) };
}

// ---------------------------------------------------------------- teachers

/** A teacher's day (the route's policy admits teachers only). */
export async function teacherDashboard(app: FastifyInstance, ctx: RequestContext, query: { date?: string }): Promise<TeacherDashboard> {
  const { user, schoolId, timeZone } = schoolOf(ctx);
  const date = query.date ?? todayIn(timeZone);
  const session = await ctx.academicSession();
  // everything here comes from the school's tables (staff, classes, registers, notes, timetable): kept under its version
  return kept(app, ctx, schoolId, 'dashboard.teacher', { userId: user.id, date, sessionId: session?.id ?? null }, () =>
    teacherFigures(app, schoolId, user.id, date, session),
  );
}

async function teacherFigures(
  app: FastifyInstance,
  schoolId: string,
  userId: string,
  date: string,
  session: { id: string; name: string } | null,
): Promise<TeacherDashboard> {
  const day = schoolDay(date);
  const staff = await repo.staffOfUser(app.db, schoolId, userId);
  const empty: TeacherDashboard = {
    date,
    session: session ? { id: session.id, name: session.name } : null,
    day,
    classes: [],
    registersNotMarked: [],
    lessonNotes: { drafts: 0, rejected: 0, submitted: 0 },
    today: [],
  };
  if (!staff || !session) return empty;
  const [classes, unmarked, notes, lessons] = await Promise.all([
    repo.classesOfTeacher(app.db, schoolId, session.id, staff.id),
    registersNotMarked(app.db, { schoolId, staffId: staff.id, date }),
    repo.lessonNotesByStatus(app.db, schoolId, session.id, staff.id),
    day ? repo.lessonsOfDay(app.db, schoolId, day, { sessionId: session.id, teacherId: staff.id }) : Promise.resolve([]),
  ]);
  return {
    ...empty,
    classes: sortByClass(classes).map((c) => ({
      classId: c.classId,
      className: className(c.level, c.arm),
      students: c.students,
      classTeacher: c.classTeacher,
    })),
    registersNotMarked: unmarked.map((c) => ({ classId: c.classId, className: c.name })),
    lessonNotes: { drafts: notes.get('Draft') ?? 0, rejected: notes.get('Rejected') ?? 0, submitted: notes.get('Submitted') ?? 0 },
    today: lessons.map(lesson),
  };
}

// ---------------------------------------------------------------- students and parents

/** The newest term whose results the caller may see, as the results area answers it. */
async function latestResults(app: FastifyInstance, ctx: RequestContext, studentId: string): Promise<ResultsSummary> {
  try {
    return summaryOf(await latestPublishedResults(app.db, ctx, studentId));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403 && error.message === PIN_REQUIRED_MESSAGE)
      return { status: 'locked', termId: String(error.errors?.termId ?? '') };
    // a viewer the results area does not show this student's results to (a teacher on a profile)
    if (error instanceof HttpError && error.statusCode === 404) return { status: 'none' };
    throw error;
  }
}

function summaryOf(view: StudentTermView | null): ResultsSummary {
  if (!view) return { status: 'none' };
  return {
    status: 'published',
    termId: view.termId,
    termName: view.termName,
    sessionName: view.sessionName,
    className: view.className,
    average: view.average,
    position: view.position,
    studentCount: view.studentCount,
  };
}

/**
 * Attendance, results and fees of some students of the school (already checked visible to the
 * caller). Attendance, fees and classes in one query each whatever the number of students; results
 * through the results area, once per student with anything published (a family's handful of children).
 * A family's results come before their PINs (`withPins`): what is computed here is the same for every
 * viewer of the same kind, so the dashboards keep it under the school's version.
 */
async function figuresOf(
  app: FastifyInstance,
  ctx: RequestContext,
  schoolId: string,
  term: DashboardTerm | null,
  students: Awaited<ReturnType<typeof repo.studentsWithClass>>,
): Promise<StudentFigures[]> {
  const ids = students.map((s) => s.id);
  const view = resultsViewOf(ctx);
  const [attendance, balances, published, gate] = await Promise.all([
    term ? termAttendanceSummary(app.db, { schoolId, termId: term.id, studentIds: ids }) : Promise.resolve(new Map()),
    studentBalances(app.db, { schoolId, studentIds: ids }),
    view === 'none' ? Promise.resolve(new Set<string>()) : repo.studentsWithPublishedResults(app.db, schoolId, ids),
    view === 'published' ? feeGateOf(app.db, schoolId) : Promise.resolve(null),
  ]);
  /** What a family's student owes when the school's fee gate withholds their results (issue 18). */
  const withheld = (studentId: string) => {
    const owed = balances.find((b) => b.studentId === studentId)?.outstandingKobo ?? 0;
    return gate?.enabled && owed > gate.minimumOwedKobo ? owed : null;
  };
  // nothing published for a student's classes: nothing to show, without computing their results
  const results = await Promise.all(
    students.map(async (s): Promise<ResultsSummary> => {
      if (!published.has(s.id)) return { status: 'none' };
      if (view === 'all') return latestResults(app, ctx, s.id);
      const owedKobo = withheld(s.id);
      if (owedKobo !== null) return { status: 'withheld', owedKobo };
      return summaryOf(await newestPublishedView(app.db, ctx.schoolCache, schoolId, s.id));
    }),
  );
  return students.map((s, i) => {
    const a = attendance.get(s.id) ?? { present: 0, absent: 0, late: 0, excused: 0, daysOpen: 0 };
    const b = balances.find((x) => x.studentId === s.id);
    return {
      studentId: s.id,
      name: s.name,
      className: s.className,
      attendance: { present: a.present, absent: a.absent, late: a.late, excused: a.excused, daysOpen: a.daysOpen, rate: attendanceRate(a) },
      results: results[i],
      fees: b ? { dueKobo: b.dueKobo, paidKobo: b.paidKobo, outstandingKobo: b.outstandingKobo, creditKobo: b.creditKobo } : null,
    };
  });
}

/**
 * The family's results behind the school's result PINs (ADR 0013): a published term this user has not
 * unlocked shows as locked. Per viewer, never kept: a PIN's use does not move the school's version.
 */
async function withPins<T extends { results: ResultsSummary; studentId: string }>(
  app: FastifyInstance,
  ctx: RequestContext,
  schoolId: string,
  rows: T[],
): Promise<T[]> {
  if (resultsViewOf(ctx) !== 'published' || !rows.some((r) => r.results.status === 'published')) return rows;
  return Promise.all(
    rows.map(async (row) => {
      if (row.results.status !== 'published') return row;
      const termId = row.results.termId;
      const locked = await lockedTermIds(app.db, { schoolId, studentId: row.studentId, termIds: [termId], user: ctx.user });
      return locked.has(termId) ? { ...row, results: { status: 'locked' as const, termId } } : row;
    }),
  );
}

/**
 * A value of a student's or family's dashboard, kept under the school's version (lib/school-cache.ts)
 * in the viewers' cache: everything in it is computed from the school's data and the kind of viewer.
 */
function kept<T>(app: FastifyInstance, ctx: RequestContext, schoolId: string, name: string, params: Record<string, unknown>, compute: () => Promise<T>) {
  return schoolCached(app, ctx, schoolId, name, { ...params, view: resultsViewOf(ctx) }, compute, { viewers: true });
}

/** A student's day and term (the route's policy has checked that the actor may see the student). */
export async function studentDashboard(app: FastifyInstance, ctx: RequestContext, studentId: string, query: { date?: string }): Promise<StudentDashboard> {
  const { schoolId, timeZone } = schoolOf(ctx);
  const date = query.date ?? todayIn(timeZone);
  const session = await ctx.academicSession();
  const dashboard = await kept(app, ctx, schoolId, 'dashboard.student', { studentId, date, sessionId: session?.id ?? null }, async () => {
    const day = schoolDay(date);
    const [found, terms] = await Promise.all([
      repo.studentsWithClass(app.db, schoolId, session?.id ?? null, [studentId]),
      session ? repo.termsOfSession(app.db, schoolId, session.id) : Promise.resolve([]),
    ]);
    const student = found[0];
    if (!student) throw notFound(STUDENT_NOT_FOUND);
    const term = termFor(terms, date);
    const [[figures], lessons] = await Promise.all([
      figuresOf(app, ctx, schoolId, term, [student]),
      day && student.classId ? repo.lessonsOfDay(app.db, schoolId, day, { classIds: [student.classId] }) : Promise.resolve([]),
    ]);
    return { ...figures, date, term, day, today: lessons.map(lesson) };
  });
  const [shown] = await withPins(app, ctx, schoolId, [dashboard]);
  return shown;
}

/** Each of the parent's children (the route's policy admits parents only). */
export async function parentDashboard(app: FastifyInstance, ctx: RequestContext, query: { date?: string }): Promise<ParentDashboard> {
  const { schoolId, timeZone } = schoolOf(ctx);
  const date = query.date ?? todayIn(timeZone);
  const [session, childIds] = await Promise.all([ctx.academicSession(), familyStudentIds(app.db, ctx)]);
  const dashboard = await kept(app, ctx, schoolId, 'dashboard.parent', { childIds: [...childIds].sort(), date, sessionId: session?.id ?? null }, async () => {
    const [terms, students] = await Promise.all([
      session ? repo.termsOfSession(app.db, schoolId, session.id) : Promise.resolve([]),
      repo.studentsWithClass(app.db, schoolId, session?.id ?? null, childIds),
    ]);
    const term = termFor(terms, date);
    return { term, children: await figuresOf(app, ctx, schoolId, term, students) };
  });
  return { term: dashboard.term, children: await withPins(app, ctx, schoolId, dashboard.children) };
}

/**
 * The summaries of a student's profile (issue 5): this term's attendance, the newest published
 * results the viewer may see, and the fees over all invoices — the same figures as the dashboards.
 * The caller has already checked that the viewer may open this student.
 */
export async function profileSummary(app: FastifyInstance, ctx: RequestContext, studentId: string): Promise<StudentSummary> {
  const { schoolId, timeZone } = schoolOf(ctx);
  const session = await ctx.academicSession();
  const [found, terms] = await Promise.all([
    repo.studentsWithClass(app.db, schoolId, session?.id ?? null, [studentId]),
    session ? repo.termsOfSession(app.db, schoolId, session.id) : Promise.resolve([]),
  ]);
  if (!found[0]) throw notFound(STUDENT_NOT_FOUND);
  const term = termFor(terms, todayIn(timeZone));
  const [figures] = await withPins(app, ctx, schoolId, await figuresOf(app, ctx, schoolId, term, found));
  const r = figures.results;
  return {
    attendance: term
      ? {
          termName: term.name,
          present: figures.attendance.present + figures.attendance.late,
          daysOpen: figures.attendance.daysOpen,
          rate: figures.attendance.rate,
        }
      : null,
    results:
      r.status === 'published'
        ? { termName: r.termName, sessionName: r.sessionName, average: r.average, position: r.position, studentCount: r.studentCount }
        : null,
    fees: figures.fees,
  };
}
