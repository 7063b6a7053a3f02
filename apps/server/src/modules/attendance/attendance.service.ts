import type { AttendanceOptions, AttendanceRates, Register, StudentAttendance, TeacherAttendanceOverview } from '@school/shared/attendance/responses';
import {
  ATTENDANCE_STATUSES,
  type AttendanceSettings,
  type AttendanceStatus,
  attendanceRate,
  NOT_ON_REGISTER,
  type RatesQuery,
  REGISTER_CHANGED,
  type SaveRegisterInput,
} from '@school/shared/attendance/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { schoolCached } from '../../lib/school-cache';
import { csvCell } from '../../lib/csv';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { requireSchool, type RequestContext } from '../../policies/context';
import { addDays, defaultRegisterDate, holidayOn, mondayOf, monthRange, schoolDays, termOfDate, termsSpan, todayIn } from './attendance.calendar';
import * as reads from './attendance.reads.repository';
import * as repo from './attendance.repository';
import { termAttendanceSummary } from './attendance.summary';
import { className } from '@school/shared/academics/schemas';
import { registerOnHolidayMessage } from '@school/shared/academics/holidays';
import { personName } from '../../lib/names';
import { guardianPhonesOf, queueMessages } from '../messaging/messaging.api';
import {
  actorOf,
  classForRegister,
  CLASS_NOT_FOUND,
  everyClass,
  presentTerm,
  sortClasses,
  STUDENT_NOT_FOUND,
  termForDate,
  TERM_NOT_FOUND,
  type Actor,
} from './attendance.actor';

export { NOT_CLASS_TEACHER, sortClasses } from './attendance.actor';

// ---------------------------------------------------------------- the register

/** The school's holidays inside these terms (issue 18): not school days. */
async function holidaysOfTerms(db: DbOrTx, schoolId: string, terms: repo.TermRow[]) {
  const span = termsSpan(terms);
  return span ? repo.holidaysBetween(db, schoolId, span.from, span.to) : [];
}

/** 400 '1 October 2025 is a holiday: Independence Day' for a register date the school is closed. */
async function refuseHoliday(db: DbOrTx, schoolId: string, date: string) {
  const holiday = holidayOn(await repo.holidaysBetween(db, schoolId, date, date), date);
  if (holiday) {
    const message = registerOnHolidayMessage(date, holiday.name);
    throw badRequest(message, { date: message });
  }
}

export async function getOptions(app: FastifyInstance, ctx: RequestContext): Promise<AttendanceOptions> {
  const actor = await actorOf(app, ctx);
  const today = todayIn(actor?.timeZone ?? 'Africa/Lagos');
  const session = actor ? await ctx.academicSession() : null;
  const none: AttendanceOptions = {
    academicSessionId: session?.id ?? null,
    sessionName: session?.name ?? null,
    today,
    defaultDate: null,
    terms: [],
    classes: [],
  };
  if (!actor || !session) return none;
  if (!everyClass(actor) && !actor.staff) return none;
  const [terms, classes] = await Promise.all([
    repo.termsOfSession(app.db, actor.schoolId, session.id),
    repo.classesOfSession(app.db, actor.schoolId, session.id, everyClass(actor) ? null : actor.staff!.id),
  ]);
  const holidays = await holidaysOfTerms(app.db, actor.schoolId, terms);
  return {
    ...none,
    defaultDate: defaultRegisterDate(terms, today, holidays),
    terms: terms.map(presentTerm),
    classes: sortClasses(classes).map((c) => ({ id: c.id, name: className(c.level, c.arm) })),
  };
}

const emptyCounts = () => Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as Record<AttendanceStatus, number>;

async function readRegister(db: DbOrTx, actor: Actor, cls: repo.ClassRow, term: repo.TermRow, date: string): Promise<Register> {
  const [saved, students] = await Promise.all([repo.findRegister(db, actor.schoolId, cls.id, date), repo.registerStudents(db, actor.schoolId, cls.id, date)]);
  const counts = emptyCounts();
  const rows = students.map((s) => {
    const status: AttendanceStatus = s.status ?? 'Present';
    counts[status]++;
    return { studentId: s.studentId, name: personName(s, { order: 'surname-first' }), registrationNo: s.registrationNo, status };
  });
  return {
    classId: cls.id,
    className: className(cls.level, cls.arm),
    date,
    term: { id: term.id, name: term.name },
    saved: saved !== null,
    takenBy: saved?.takenBy ?? null,
    updatedAt: saved?.updatedAt ?? null,
    version: saved?.version ?? null,
    rows,
    counts,
  };
}

export async function getRegister(app: FastifyInstance, ctx: RequestContext, query: { classId: string; date: string }): Promise<Register> {
  const actor = await actorOf(app, ctx);
  if (!actor) throw notFound(CLASS_NOT_FOUND);
  const cls = await classForRegister(app.db, actor, query.classId);
  const term = termForDate(actor, cls, query.date);
  await refuseHoliday(app.db, actor.schoolId, query.date);
  return readRegister(app.db, actor, cls, term, query.date);
}

const formatDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

function absenceMessage(
  g: { first_name: string; last_name: string; guardian_name: string; email: string },
  schoolName: string,
  cls: string,
  date: string,
): Omit<MailMessage, 'organisationId' | 'schoolId'> {
  const child = personName({ firstName: g.first_name, lastName: g.last_name });
  return {
    to: g.email,
    subject: `${child} was absent on ${formatDay(date)}`,
    body:
      `Dear ${g.guardian_name},\n\n` +
      `${child} (${cls}) was marked Absent on ${formatDay(date)} at ${schoolName}.\n` +
      `If you did not know of this absence, please contact the school.\n\n` +
      `${schoolName}`,
  };
}

/** The absence notice by SMS or WhatsApp: plain GSM characters (one unit when the names allow it). */
function absenceText(child: string, schoolName: string, cls: string, date: string) {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  return `${schoolName}: ${child} (${cls}) was marked absent on ${day}. If you did not know of this, please call the school.`;
}

/** Refuses a save named on an older version of the register (rolling back its transaction). */
class RegisterChanged extends Error {}

/**
 * Saves a register as one batch: creates it or replaces its marks, recounts the term totals of its
 * students, queues absence notices (at most one per student and day) and audits before/after, all in
 * one transaction; the notices are delivered after the commit. A save naming a `baseVersion` that is
 * no longer the register's answers 409 with the register as saved now, and writes nothing.
 */
export async function saveRegister(app: FastifyInstance, ctx: RequestContext, input: SaveRegisterInput): Promise<Register> {
  try {
    return await writeRegister(app, ctx, input);
  } catch (error) {
    if (!(error instanceof RegisterChanged)) throw error;
    throw conflict(REGISTER_CHANGED, undefined, { current: await getRegister(app, ctx, input) });
  }
}

async function writeRegister(app: FastifyInstance, ctx: RequestContext, input: SaveRegisterInput): Promise<Register> {
  const actor = await actorOf(app, ctx);
  if (!actor) throw notFound(CLASS_NOT_FOUND);
  const cls = await classForRegister(app.db, actor, input.classId);
  const term = termForDate(actor, cls, input.date);
  await refuseHoliday(app.db, actor.schoolId, input.date);
  const today = todayIn(actor.timeZone);
  const mail: Array<{ id: string; message: MailMessage }> = [];
  let texted = 0;

  await app.db.transaction(async (tx) => {
    // a save made on an older register is refused, not laid over someone else's marks (issue 21)
    if (input.baseVersion !== undefined && (await repo.lockRegisterVersion(tx, actor.schoolId, cls.id, input.date)) !== input.baseVersion) {
      throw new RegisterChanged();
    }
    const register = await repo.upsertRegister(tx, { schoolId: actor.schoolId, classId: cls.id, termId: term.id, date: input.date, userId: actor.userId });
    // taken by someone else between the check and the insert
    if (input.baseVersion === null && !register.inserted) throw new RegisterChanged();
    const allowed = new Set((await repo.registerStudents(tx, actor.schoolId, cls.id, input.date)).map((s) => s.studentId));
    const entries = input.entries.map((e) => ({ studentId: e.studentId.toLowerCase(), status: e.status }));
    if (entries.some((e) => !allowed.has(e.studentId))) throw badRequest(NOT_ON_REGISTER, { entries: NOT_ON_REGISTER });
    const before = register.inserted ? [] : await repo.entriesOf(tx, actor.schoolId, register.id);
    await repo.replaceEntries(tx, { schoolId: actor.schoolId, registerId: register.id, date: input.date, entries });
    const touched = [...new Set([...before.map((b) => b.studentId), ...entries.map((e) => e.studentId)])];
    await repo.recomputeTermTotals(tx, { schoolId: actor.schoolId, termId: term.id, classId: cls.id, studentIds: touched });

    const byStudent = (list: Array<{ studentId: string; status: string }>) => Object.fromEntries(list.map((e) => [e.studentId, e.status]));
    await audit(tx, {
      organisationId: actor.organisationId,
      schoolId: actor.schoolId,
      userId: actor.userId,
      action: register.inserted ? 'attendance.register.created' : 'attendance.register.updated',
      entity: 'attendance_register',
      entityId: register.id,
      before: register.inserted ? null : { classId: cls.id, date: input.date, entries: byStudent(before) },
      // a change after the day is flagged, so the audit trail shows late corrections at a glance
      after: { classId: cls.id, date: input.date, entries: byStudent(entries), changedAfterTheDay: input.date < today },
      ip: ctx.ip,
    });

    const absent = entries.filter((e) => e.status === 'Absent').map((e) => e.studentId);
    if (absent.length > 0 && (await repo.absenceNoticesEnabled(tx, actor.schoolId))) {
      const claimed = await repo.claimAbsenceNotices(tx, actor.schoolId, input.date, absent);
      for (const guardian of await repo.guardiansOf(tx, actor.schoolId, claimed)) {
        const message = {
          ...absenceMessage(guardian, actor.schoolName, className(cls.level, cls.arm), input.date),
          organisationId: actor.organisationId,
          schoolId: actor.schoolId,
        };
        mail.push({ id: await app.mailer.queue(tx, message), message });
      }
      const texts = (await guardianPhonesOf(tx, actor.schoolId, claimed)).map((g) => ({
        event: 'absence' as const,
        dedupeKey: `absence:${g.studentId}:${input.date}:${g.guardianId}`,
        phone: g.phone,
        recipientName: g.guardianName,
        body: absenceText(personName(g), actor.schoolName, className(cls.level, cls.arm), input.date),
      }));
      texted = await queueMessages(app, tx, { organisationId: actor.organisationId, schoolId: actor.schoolId, userId: actor.userId }, texts);
    }
  });
  for (const m of mail) await app.mailer.deliver(app.db, m.id, m.message);
  if (texted > 0) app.messageWorker.kick();
  return readRegister(app.db, actor, cls, term, input.date);
}

// ---------------------------------------------------------------- rates

async function termOfSchool(db: DbOrTx, actor: Actor, termId: string) {
  const term = await repo.findTerm(db, actor.schoolId, termId);
  if (!term) throw notFound(TERM_NOT_FOUND);
  return term;
}

/**
 * Rates per class and per student for a term; teachers see only the classes they are class teacher
 * of. Computed from the whole term's marks, so cached under the school's version.
 */
export async function getRates(app: FastifyInstance, ctx: RequestContext, query: RatesQuery, opts: { everyStudent?: boolean } = {}): Promise<AttendanceRates> {
  const actor = await actorOf(app, ctx);
  if (!actor) throw notFound(TERM_NOT_FOUND);
  // administrators see every class, a teacher their own: the viewer is part of the key
  const viewer = everyClass(actor) ? 'admin' : (actor.staff?.id ?? 'none');
  return schoolCached(app, ctx, actor.schoolId, 'attendance.rates', { viewer, query, everyStudent: !!opts.everyStudent }, () =>
    computeRates(app, actor, query, opts),
  );
}

async function computeRates(app: FastifyInstance, actor: Actor, query: RatesQuery, opts: { everyStudent?: boolean }): Promise<AttendanceRates> {
  const term = await termOfSchool(app.db, actor, query.termId);
  let classIds: string[] | null = null;
  if (!everyClass(actor)) {
    if (!actor.staff) throw forbidden();
    classIds = (await repo.classesOfSession(app.db, actor.schoolId, term.academicSessionId, actor.staff.id)).map((c) => c.id);
  }
  if (query.classId) {
    const cls = await repo.findClass(app.db, actor.schoolId, query.classId);
    if (!cls || (classIds && !classIds.includes(cls.id))) throw notFound(CLASS_NOT_FOUND);
    classIds = [cls.id];
  }
  const [classes, students] = await Promise.all([
    reads.classRates(app.db, actor.schoolId, term.id, classIds),
    reads.studentRates(app.db, actor.schoolId, term.id, {
      classIds,
      below: query.below,
      ...(opts.everyStudent ? {} : { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    }),
  ]);
  return {
    term: presentTerm(term),
    classes: sortClasses(classes).map((c) => {
      const counts = { present: c.present, absent: c.absent, late: c.late, excused: c.excused };
      return { classId: c.class_id, className: className(c.level, c.arm), registers: c.registers, ...counts, rate: attendanceRate(counts) };
    }),
    students: students.map((s) => {
      const counts = { present: s.present, absent: s.absent, late: s.late, excused: s.excused };
      return {
        studentId: s.student_id,
        name: personName({ firstName: s.first_name, lastName: s.last_name }, { order: 'surname-first' }),
        registrationNo: s.registration_no,
        className: className(s.level, s.arm),
        ...counts,
        rate: attendanceRate(counts),
      };
    }),
    studentsTotal: students[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

// ---------------------------------------------------------------- a teacher's classes

export async function getTeacherOverview(app: FastifyInstance, ctx: RequestContext): Promise<TeacherAttendanceOverview> {
  const actor = await actorOf(app, ctx);
  const today = todayIn(actor?.timeZone ?? 'Africa/Lagos');
  const session = actor ? await ctx.academicSession() : null;
  const empty: TeacherAttendanceOverview = { today, term: null, weekStart: null, classes: [] };
  if (!actor || !session || !actor.staff) return empty;
  const [terms, classRows] = await Promise.all([
    repo.termsOfSession(app.db, actor.schoolId, session.id),
    repo.classesOfSession(app.db, actor.schoolId, session.id, actor.staff.id),
  ]);
  const holidays = await holidaysOfTerms(app.db, actor.schoolId, terms);
  const day = defaultRegisterDate(terms, today, holidays);
  const term = day ? termOfDate(terms, day) : (terms.find((t) => t.isCurrent) ?? null);
  if (!term) return { ...empty, classes: [] };
  const classes = sortClasses(classRows);
  const classIds = classes.map((c) => c.id);
  const weekStart = mondayOf(day ?? term.startDate);
  const weekEnd = addDays(weekStart, 4);
  const upTo = term.endDate < today ? term.endDate : today;
  const [termRates, week, dates, sizes, inUseFrom] = await Promise.all([
    reads.classRates(app.db, actor.schoolId, term.id, classIds),
    reads.classCountsBetween(app.db, actor.schoolId, classIds, weekStart, weekEnd),
    reads.registerDates(app.db, actor.schoolId, classIds, term.startDate, upTo),
    reads.enrolmentCounts(app.db, actor.schoolId, classIds),
    term.startDate <= upTo ? reads.schoolInUseFrom(app.db, actor.schoolId, actor.timeZone, term.startDate, upTo) : null,
  ]);
  // a school that began using the app mid-term is not asked for the days before it did (ADR 0035)
  const open = inUseFrom ? schoolDays(inUseFrom, upTo, holidays) : [];
  return {
    today,
    term: presentTerm(term),
    weekStart,
    classes: classes.map((c) => {
      const taken = new Set(dates.filter((d) => d.class_id === c.id).map((d) => d.date));
      const t = termRates.find((r) => r.class_id === c.id);
      const w = week.find((r) => r.class_id === c.id);
      return {
        classId: c.id,
        className: className(c.level, c.arm),
        students: sizes.find((s) => s.class_id === c.id)?.n ?? 0,
        weekRate: w ? attendanceRate(w) : null,
        termRate: t ? attendanceRate(t) : null,
        unmarkedDays: open.filter((d) => !taken.has(d)),
      };
    }),
  };
}

// ---------------------------------------------------------------- a student's calendar

/** A student's month and term totals (the route's policy has checked that the actor may see the student). */
export async function getStudentAttendance(
  app: FastifyInstance,
  ctx: RequestContext,
  studentId: string,
  query: { month?: string; termId?: string },
): Promise<StudentAttendance> {
  const student = await reads.findStudent(app.db, ctx, studentId);
  if (!student) throw notFound(STUDENT_NOT_FOUND);
  const selected = await ctx.academicSession();
  const session =
    selected && selected.schoolId === student.schoolId ? selected : await reads.sessionForStudent(app.db, student.schoolId, selected?.name ?? null);
  const today = todayIn(student.timeZone);
  const terms = session ? await repo.termsOfSession(app.db, student.schoolId, session.id) : [];
  let term: repo.TermRow | null = null;
  if (query.termId) {
    term = terms.find((t) => t.id === query.termId) ?? null;
    if (!term) throw notFound(TERM_NOT_FOUND);
  }
  const day = defaultRegisterDate(terms, today);
  const month = query.month ?? (term ? (term.endDate < today ? term.endDate : term.startDate) : (day ?? today)).slice(0, 7);
  const { from, to } = monthRange(month);
  term ??=
    termOfDate(terms, from) ?? termOfDate(terms, to) ?? terms.find((t) => t.startDate <= to && from <= t.endDate) ?? (day ? termOfDate(terms, day) : null);
  const [entries, className, totals] = await Promise.all([
    reads.studentEntriesBetween(app.db, student.schoolId, student.id, from, to),
    session ? reads.enrolledClassName(app.db, student.schoolId, session.id, student.id) : Promise.resolve(null),
    term ? termAttendanceSummary(app.db, { schoolId: student.schoolId, termId: term.id, studentIds: [student.id], today }) : Promise.resolve(null),
  ]);
  const t = totals?.get(student.id) ?? { present: 0, absent: 0, late: 0, excused: 0, daysOpen: 0 };
  return {
    student: { id: student.id, name: personName(student), className },
    month,
    events: entries.map((e) => {
      const [y, m, d] = e.date.split('-').map(Number);
      return { day: d, month: m, year: y, title: e.status };
    }),
    term: term ? presentTerm(term) : null,
    totals: { ...t, rate: attendanceRate(t) },
  };
}

// ---------------------------------------------------------------- settings

export async function getSettings(app: FastifyInstance, ctx: RequestContext): Promise<AttendanceSettings> {
  const schoolId = requireSchool(ctx);
  return { absenceNotices: await repo.absenceNoticesEnabled(app.db, schoolId) };
}

export async function saveSettings(app: FastifyInstance, ctx: RequestContext, input: AttendanceSettings): Promise<AttendanceSettings> {
  const user = ctx.user;
  const schoolId = requireSchool(ctx);
  await app.db.transaction(async (tx) => {
    const before = await repo.absenceNoticesEnabled(tx, schoolId);
    await repo.saveSettings(tx, schoolId, input.absenceNotices);
    await audit(tx, {
      organisationId: user.organisationId,
      schoolId,
      userId: user.id,
      action: 'attendance.settings.updated',
      entity: 'attendance_settings',
      entityId: schoolId,
      before: { absenceNotices: before },
      after: { absenceNotices: input.absenceNotices },
      ip: ctx.ip,
    });
  });
  return getSettings(app, ctx);
}

// ---------------------------------------------------------------- CSV

export function ratesCsv(rates: AttendanceRates): string {
  const cell = (v: unknown) => {
    const s = v == null ? '' : String(v);
    // a leading = + - @ would run as a formula in a spreadsheet
    return csvCell(/^[=+\-@]/.test(s) ? `'${s}` : s);
  };
  const lines = [['Registration Number', 'Name of Student', 'Class', 'Present', 'Absent', 'Late', 'Excused', 'Rate (%)'].join(',')];
  for (const s of rates.students) lines.push([s.registrationNo, s.name, s.className, s.present, s.absent, s.late, s.excused, s.rate ?? ''].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
