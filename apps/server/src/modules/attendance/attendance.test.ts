import {
  CLASS_REQUIRED,
  DATE_REQUIRED,
  FUTURE_DATE,
  NOT_A_SCHOOL_DAY,
  NOT_ON_REGISTER,
  OUT_OF_TERM,
  RATE_RANGE,
  STATUS_REQUIRED,
} from '@school/shared/attendance/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createGuardian, createStaff, createStudent } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { defaultRegisterDate } from './attendance.calendar';
import { NOT_CLASS_TEACHER } from './attendance.service';
import { dayAttendanceRate, registersNotMarked, termAttendanceSummary } from './attendance.summary';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let jss1a: typeof schema.classes.$inferSelect;
let jss2a: typeof schema.classes.$inferSelect;
let otherClass: typeof schema.classes.$inferSelect;
let adeyemi: typeof schema.staff.$inferSelect;
let okaforUser: typeof schema.users.$inferSelect;
/** Ada (the tenant's student), Bola, Chika in JSS 1 A; Dayo in JSS 2 A. */
let ada: string, bola: string, chika: string, dayo: string;
let secondTerm: string;
let thirdTerm: string;

// 2024-01-08 is the Monday the tenant's Second term starts (test-app createSchool).
const MON = '2024-01-08';
const TUE = '2024-01-09';
const WED = '2024-01-10';
const SAT = '2024-01-13';

async function addStudent(db: Db, tenant: Tenant, firstName: string, classId: string, guardianEmail: string | null) {
  const s = await createStudent(db, tenant, { registrationNo: `REG-${firstName}`, firstName, lastName: 'Test', classId });
  if (guardianEmail) await createGuardian(db, tenant, { name: `Parent of ${firstName}`, email: guardianEmail, studentId: s.id });
  return s.id;
}

const clients: Record<string, TestClient> = {};
async function as(key: string, email: string) {
  if (!clients[key]) {
    clients[key] = new TestClient(app);
    await clients[key].login(email);
  }
  return clients[key];
}
const admin = () => as('admin', t.users.admin.email);
const teacher = () => as('teacher', t.users.teacher.email);
const okafor = () => as('okafor', okaforUser.email);

const registerUrl = (classId: string, date: string) => `/api/attendance/register?classId=${classId}&date=${date}`;
const everyone = (status: Record<string, string>) => ({ ...{ [ada]: 'Present', [bola]: 'Present', [chika]: 'Present' }, ...status });
const body = (classId: string, date: string, statuses: Record<string, string>) => ({
  classId,
  date,
  entries: Object.entries(statuses).map(([studentId, status]) => ({ studentId, status })),
});

async function outboxTo(email: string) {
  return app.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.schoolId, t.school.id), eq(schema.outbox.to, email)));
}

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  adeyemi = await createStaff(app.db, t, { userId: t.users.teacher.id, name: 'Mrs. Adeyemi' });
  okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher', name: 'Mr. Okafor' });
  const okaforStaff = await createStaff(app.db, t, { userId: okaforUser.id, name: 'Mr. Okafor' });
  jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: adeyemi.id });
  jss2a = await createClass(app.db, t, { level: 'JSS 2', arm: 'A', classTeacherId: okaforStaff.id });
  otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  await app.db
    .update(schema.guardians)
    .set({ email: 'ada.mother@example.test' })
    .where(and(eq(schema.guardians.schoolId, t.school.id), eq(schema.guardians.id, t.guardian.id)));
  ada = t.student.id;
  bola = await addStudent(app.db, t, 'Bola', jss1a.id, 'bola.parent@example.test');
  chika = await addStudent(app.db, t, 'Chika', jss1a.id, null);
  dayo = await addStudent(app.db, t, 'Dayo', jss2a.id, 'dayo.parent@example.test');
  const terms = await app.db.select().from(schema.terms).where(eq(schema.terms.schoolId, t.school.id));
  secondTerm = terms.find((x) => x.name === 'Second')!.id;
  thirdTerm = terms.find((x) => x.name === 'Third')!.id;
});

afterAll(async () => {
  await app?.close();
});

describe('the register', () => {
  it('opens a day not taken yet with everyone Present', async () => {
    const res = await (await teacher()).get(registerUrl(jss1a.id, MON));
    expect(res.statusCode).toBe(200);
    const reg = res.json();
    expect(reg).toMatchObject({ className: 'JSS 1 A', date: MON, saved: false, term: { id: secondTerm, name: 'Second' } });
    expect(reg.rows).toHaveLength(3);
    expect(reg.rows.every((r: { status: string }) => r.status === 'Present')).toBe(true);
    expect(reg.counts).toEqual({ Present: 3, Absent: 0, Late: 0, Excused: 0 });
  });

  it('keeps one register per class and day: a second save updates it, and re-opening shows what was saved', async () => {
    const c = await teacher();
    const first = await c.put('/api/attendance/register', body(jss1a.id, TUE, everyone({ [bola]: 'Absent' })));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ saved: true, counts: { Present: 2, Absent: 1, Late: 0, Excused: 0 } });
    const second = await c.put('/api/attendance/register', body(jss1a.id, TUE, everyone({ [bola]: 'Late', [chika]: 'Excused' })));
    expect(second.statusCode).toBe(200);
    const registers = await app.db
      .select()
      .from(schema.attendanceRegisters)
      .where(
        and(eq(schema.attendanceRegisters.schoolId, t.school.id), eq(schema.attendanceRegisters.classId, jss1a.id), eq(schema.attendanceRegisters.date, TUE)),
      );
    expect(registers).toHaveLength(1);
    const reopened = (await c.get(registerUrl(jss1a.id, TUE))).json();
    expect(reopened.saved).toBe(true);
    expect(reopened.takenBy).toBe(t.users.teacher.name);
    const byId = Object.fromEntries(reopened.rows.map((r: { studentId: string; status: string }) => [r.studentId, r.status]));
    expect(byId).toEqual({ [ada]: 'Present', [bola]: 'Late', [chika]: 'Excused' });
  });

  it('audits a change with the marks before and after', async () => {
    const rows = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'attendance.register.updated')));
    const last = rows.find((r) => (r.after as { date: string }).date === TUE)!;
    expect((last.before as { entries: Record<string, string> }).entries[bola]).toBe('Absent');
    expect((last.after as { entries: Record<string, string>; changedAfterTheDay: boolean }).entries[bola]).toBe('Late');
    expect((last.after as { changedAfterTheDay: boolean }).changedAfterTheDay).toBe(true);
  });

  it('refuses future dates, weekends and days outside the terms of the session', async () => {
    const c = await teacher();
    const future = await c.get(registerUrl(jss1a.id, '2099-01-05'));
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(FUTURE_DATE);
    const put = await c.put('/api/attendance/register', body(jss1a.id, '2099-01-05', everyone({})));
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual({ date: FUTURE_DATE });
    const weekend = await c.put('/api/attendance/register', body(jss1a.id, SAT, everyone({})));
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().message).toBe(NOT_A_SCHOOL_DAY);
    // 2024-04-15 is a Monday of the Easter break, between the Second and Third terms
    const holiday = await c.put('/api/attendance/register', body(jss1a.id, '2024-04-15', everyone({})));
    expect(holiday.statusCode).toBe(400);
    expect(holiday.json().message).toBe(OUT_OF_TERM('2023/24'));
    const count = await app.db
      .select()
      .from(schema.attendanceRegisters)
      .where(and(eq(schema.attendanceRegisters.schoolId, t.school.id), eq(schema.attendanceRegisters.date, '2024-04-15')));
    expect(count).toHaveLength(0);
  });

  it('answers the field messages for bad input', async () => {
    const c = await teacher();
    const missing = await c.put('/api/attendance/register', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ classId: CLASS_REQUIRED, date: DATE_REQUIRED });
    const badStatus = await c.put('/api/attendance/register', body(jss1a.id, MON, everyone({ [ada]: 'Sick' })));
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe(STATUS_REQUIRED);
    const stranger = await c.put('/api/attendance/register', body(jss1a.id, MON, { ...everyone({}), [dayo]: 'Present' }));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(NOT_ON_REGISTER);
    expect(
      await app.db
        .select()
        .from(schema.attendanceRegisters)
        .where(and(eq(schema.attendanceRegisters.schoolId, t.school.id), eq(schema.attendanceRegisters.date, MON))),
    ).toHaveLength(0);
  });

  it('lets only the class teacher (or an administrator) take a class register', async () => {
    const c = await okafor();
    const get = await c.get(registerUrl(jss1a.id, MON));
    expect(get.statusCode).toBe(403);
    expect(get.json().message).toBe(NOT_CLASS_TEACHER('JSS 1 A'));
    const put = await c.put('/api/attendance/register', body(jss1a.id, MON, everyone({})));
    expect(put.statusCode).toBe(403);
    const own = await c.put('/api/attendance/register', body(jss2a.id, MON, { [dayo]: 'Present' }));
    expect(own.statusCode).toBe(200);
    const byAdmin = await (await admin()).get(registerUrl(jss2a.id, MON));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().saved).toBe(true);
  });

  it('answers 401 signed out, 403 to a student or a parent, 404 for another school', async () => {
    expect((await new TestClient(app).get(registerUrl(jss1a.id, MON))).statusCode).toBe(401);
    const student = await as('student', t.users.student.email);
    expect((await student.put('/api/attendance/register', body(jss1a.id, MON, everyone({})))).statusCode).toBe(403);
    // registers are the school staff's screens: a family is refused them whatever the matrix grants
    expect((await student.get(registerUrl(jss1a.id, MON))).statusCode).toBe(403);
    expect((await (await as('parent', t.users.parent.email)).get('/api/attendance/options')).statusCode).toBe(403);
    expect((await (await admin()).get(registerUrl(otherClass.id, MON))).statusCode).toBe(404);
    expect(
      (
        await (
          await admin()
        ).put('/api/attendance/register', { classId: otherClass.id, date: MON, entries: [{ studentId: other.student.id, status: 'Present' }] })
      ).statusCode,
    ).toBe(404);
  });

  it('lists the classes a teacher takes and a default date within a term', async () => {
    const res = await (await teacher()).get('/api/attendance/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().classes).toEqual([{ id: jss1a.id, name: 'JSS 1 A' }]);
    const all = (await (await admin()).get('/api/attendance/options')).json();
    expect(all.classes.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 2 A']);
  });
});

describe('absence notices', () => {
  it('mails the guardian once a day per student, however often the register is saved', async () => {
    const c = await teacher();
    expect((await c.put('/api/attendance/register', body(jss1a.id, WED, everyone({ [ada]: 'Absent', [bola]: 'Absent' })))).statusCode).toBe(200);
    expect((await c.put('/api/attendance/register', body(jss1a.id, WED, everyone({ [ada]: 'Absent' })))).statusCode).toBe(200);
    const toAda = (await outboxTo('ada.mother@example.test')).filter((m) => m.subject.includes('10 January 2024'));
    expect(toAda).toHaveLength(1);
    expect(toAda[0].subject).toBe('Ada Obi was absent on Wednesday, 10 January 2024');
    expect(toAda[0].body).toContain('JSS 1 A');
    expect((await outboxTo('bola.parent@example.test')).filter((m) => m.subject.includes('10 January 2024'))).toHaveLength(1);
    const notices = await app.db
      .select()
      .from(schema.attendanceAbsenceNotices)
      .where(and(eq(schema.attendanceAbsenceNotices.schoolId, t.school.id), eq(schema.attendanceAbsenceNotices.date, WED)));
    expect(notices).toHaveLength(2);
  });

  it('sends none when the school turned them off', async () => {
    const a = await admin();
    expect((await a.get('/api/settings/attendance')).json()).toEqual({ absenceNotices: true });
    const off = await a.put('/api/settings/attendance', { absenceNotices: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ absenceNotices: false });
    const res = await (await teacher()).put('/api/attendance/register', body(jss1a.id, '2024-01-11', everyone({ [bola]: 'Absent' })));
    expect(res.statusCode).toBe(200);
    expect((await outboxTo('bola.parent@example.test')).filter((m) => m.subject.includes('11 January 2024'))).toHaveLength(0);
    expect((await a.put('/api/settings/attendance', { absenceNotices: true })).statusCode).toBe(200);
    // a teacher may not change the school's settings
    expect((await (await teacher()).put('/api/settings/attendance', { absenceNotices: false })).statusCode).toBe(403);
    expect((await a.put('/api/settings/attendance', {})).statusCode).toBe(400);
  });
});

describe('rates (hand-worked)', () => {
  // JSS 1 A in the Second term, after the saves above:
  //   Tue 9:  Ada Present, Bola Late,    Chika Excused
  //   Wed 10: Ada Absent,  Bola Present, Chika Present
  //   Thu 11: Ada Present, Bola Absent,  Chika Present
  // Ada 2 present of 3 = 66.7; Bola 1 present + 1 late of 3 = 66.7; Chika 2 of 3 = 66.7
  // Then on Fri 12: Ada Present, Bola Present, Chika Absent → Ada 3/4 = 75, Bola 3/4 = 75, Chika 2/4 = 50
  // Class: Present 7, Absent 3, Late 1, Excused 1 → (7 + 1) / 12 = 66.7
  it('computes per class and per student rates, and filters students under a rate', async () => {
    const c = await teacher();
    expect((await c.put('/api/attendance/register', body(jss1a.id, '2024-01-12', everyone({ [chika]: 'Absent' })))).statusCode).toBe(200);
    const res = await (await admin()).get(`/api/attendance/rates?termId=${secondTerm}`);
    expect(res.statusCode).toBe(200);
    const rates = res.json();
    const jss1 = rates.classes.find((x: { className: string }) => x.className === 'JSS 1 A');
    expect(jss1).toMatchObject({ registers: 4, present: 7, absent: 3, late: 1, excused: 1, rate: 66.7 });
    const jss2 = rates.classes.find((x: { className: string }) => x.className === 'JSS 2 A');
    expect(jss2).toMatchObject({ registers: 1, present: 1, rate: 100 });
    const byId = Object.fromEntries(rates.students.map((s: { studentId: string; rate: number }) => [s.studentId, s.rate]));
    expect(byId).toEqual({ [ada]: 75, [bola]: 75, [chika]: 50, [dayo]: 100 });
    const below = (await (await admin()).get(`/api/attendance/rates?termId=${secondTerm}&below=60`)).json();
    expect(below.students.map((s: { studentId: string }) => s.studentId)).toEqual([chika]);
    const oneClass = (await (await admin()).get(`/api/attendance/rates?termId=${secondTerm}&classId=${jss2a.id}`)).json();
    expect(oneClass.students.map((s: { studentId: string }) => s.studentId)).toEqual([dayo]);
  });

  it('gives the report card its summary and the dashboards their figures', async () => {
    // days open: the term's school days (8 January to 5 April 2024: 65 weekdays), whatever registers were taken
    const summary = await termAttendanceSummary(app.db, { schoolId: t.school.id, termId: secondTerm, studentIds: [ada, bola, chika, dayo] });
    expect(summary.get(ada)).toEqual({ present: 3, absent: 1, late: 0, excused: 0, daysOpen: 65 });
    expect(summary.get(bola)).toEqual({ present: 2, absent: 1, late: 1, excused: 0, daysOpen: 65 });
    expect(summary.get(chika)).toEqual({ present: 2, absent: 1, late: 0, excused: 1, daysOpen: 65 });
    expect(summary.get(dayo)).toEqual({ present: 1, absent: 0, late: 0, excused: 0, daysOpen: 65 });
    // up to the school's today: Monday 8 to Friday 12 January
    const soFar = await termAttendanceSummary(app.db, { schoolId: t.school.id, termId: secondTerm, studentIds: [ada], today: '2024-01-12' });
    expect(soFar.get(ada)?.daysOpen).toBe(5);
    // a term not started yet has not opened
    const third = await termAttendanceSummary(app.db, { schoolId: t.school.id, termId: thirdTerm, studentIds: [ada], today: '2024-04-10' });
    expect(third.get(ada)).toEqual({ present: 0, absent: 0, late: 0, excused: 0, daysOpen: 0 });
    const day = await dayAttendanceRate(app.db, { schoolId: t.school.id, date: '2024-01-12' });
    expect(day).toMatchObject({ registersTaken: 1, classes: 2, present: 2, absent: 1, rate: 2 / 3 });
    expect(await registersNotMarked(app.db, { schoolId: t.school.id, staffId: adeyemi.id, date: '2024-01-12' })).toEqual([]);
    expect((await registersNotMarked(app.db, { schoolId: t.school.id, staffId: adeyemi.id, date: '2024-01-15' })).map((c) => c.name)).toEqual(['JSS 1 A']);
    expect(await registersNotMarked(app.db, { schoolId: t.school.id, staffId: adeyemi.id, date: SAT })).toEqual([]);
    expect((await registersNotMarked(app.db, { schoolId: t.school.id, userId: t.users.teacher.id, date: '2024-01-15' })).map((c) => c.name)).toEqual([
      'JSS 1 A',
    ]);
    // the Easter break is no school day
    expect(await registersNotMarked(app.db, { schoolId: t.school.id, userId: t.users.teacher.id, date: '2024-04-15' })).toEqual([]);
  });

  it('exports the per-student rates as CSV', async () => {
    const res = await (await admin()).get(`/api/attendance/rates.csv?termId=${secondTerm}&classId=${jss1a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Registration Number,Name of Student,Class,Present,Absent,Late,Excused,Rate (%)');
    expect(lines).toContain('REG-Chika,Test Chika,JSS 1 A,2,1,0,1,50');
  });

  it('scopes rates: teachers their classes, 404 for another school, 400 for a bad rate', async () => {
    const mine = (await (await teacher()).get(`/api/attendance/rates?termId=${secondTerm}`)).json();
    expect(mine.classes.map((c: { className: string }) => c.className)).toEqual(['JSS 1 A']);
    expect((await (await teacher()).get(`/api/attendance/rates?termId=${secondTerm}&classId=${jss2a.id}`)).statusCode).toBe(404);
    const otherTerm = (await app.db.select().from(schema.terms).where(eq(schema.terms.schoolId, other.school.id)))[0];
    expect((await (await admin()).get(`/api/attendance/rates?termId=${otherTerm.id}`)).statusCode).toBe(404);
    const bad = await (await admin()).get(`/api/attendance/rates?termId=${secondTerm}&below=140`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(RATE_RANGE);
    expect((await new TestClient(app).get(`/api/attendance/rates?termId=${secondTerm}`)).statusCode).toBe(401);
  });

  it("shows a teacher their classes' rates and the days not marked", async () => {
    const res = await (await teacher()).get('/api/attendance/teacher-overview');
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    // the session is long over: the overview looks at its current (Second) term, all of it
    expect(overview.term.name).toBe('Second');
    const [cls] = overview.classes;
    expect(cls).toMatchObject({ className: 'JSS 1 A', students: 3, termRate: 66.7 });
    expect(cls.unmarkedDays).toContain('2024-01-08');
    expect(cls.unmarkedDays).not.toContain('2024-01-09');
    expect(cls.unmarkedDays).toHaveLength(65 - 4);
  });

  it('does not list the days before a school started mid-term as not marked (ADR 0035)', async () => {
    const late = await createTenant(app.db);
    // the school signed up on Monday 12 February 2024, in the middle of the Second term
    await app.db
      .update(schema.schools)
      .set({ createdAt: new Date('2024-02-12T08:00:00+01:00') })
      .where(eq(schema.schools.id, late.school.id));
    const staff = await createStaff(app.db, late, { userId: late.users.teacher.id, name: 'Mrs. Bello' });
    const cls = await createClass(app.db, late, { level: 'JSS 1', arm: 'A', classTeacherId: staff.id });
    await createEnrolment(app.db, late, { studentId: late.student.id, classId: cls.id });
    const bello = new TestClient(app);
    await bello.login(late.users.teacher.email);
    const days = async () => (await bello.get('/api/attendance/teacher-overview')).json().classes[0].unmarkedDays as string[];

    const fromSignUp = await days();
    expect(fromSignUp[0]).toBe('2024-02-12');
    expect(fromSignUp.every((d) => d >= '2024-02-12')).toBe(true);
    // 8 of the term's 13 weeks are left (12 Feb to 5 Apr)
    expect(fromSignUp).toHaveLength(8 * 5);

    // a register recorded for an earlier day (the school entered its paper registers) starts the list there
    const entered = await bello.put('/api/attendance/register', {
      classId: cls.id,
      date: '2024-02-05',
      entries: [{ studentId: late.student.id, status: 'Present' }],
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const fromFirstRegister = await days();
    expect(fromFirstRegister[0]).toBe('2024-02-06');
    expect(fromFirstRegister).toHaveLength(8 * 5 + 4);
  });
});

describe("a student's calendar", () => {
  it('shows the student their month as events, with the term totals', async () => {
    const res = await (await as('student', t.users.student.email)).get(`/api/students/${ada}/attendance?month=2024-01`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.student).toEqual({ id: ada, name: 'Ada Obi', className: 'JSS 1 A' });
    expect(body.events).toEqual([
      { day: 9, month: 1, year: 2024, title: 'Present' },
      { day: 10, month: 1, year: 2024, title: 'Absent' },
      { day: 11, month: 1, year: 2024, title: 'Present' },
      { day: 12, month: 1, year: 2024, title: 'Present' },
    ]);
    expect(body.term.name).toBe('Second');
    expect(body.totals).toEqual({ present: 3, absent: 1, late: 0, excused: 0, daysOpen: 65, rate: 75 });
  });

  it("shows guardians their children's only, and answers 404 otherwise", async () => {
    const parent = await as('parent', t.users.parent.email);
    expect((await parent.get(`/api/students/${ada}/attendance?month=2024-01`)).statusCode).toBe(200);
    expect((await parent.get(`/api/students/${bola}/attendance`)).statusCode).toBe(404);
    const student = await as('student', t.users.student.email);
    expect((await student.get(`/api/students/${bola}/attendance`)).statusCode).toBe(404);
    expect((await (await admin()).get(`/api/students/${other.student.id}/attendance`)).statusCode).toBe(404);
    expect((await (await okafor()).get(`/api/students/${ada}/attendance`)).statusCode).toBe(404);
    expect((await (await teacher()).get(`/api/students/${ada}/attendance`)).statusCode).toBe(200);
    expect((await student.get(`/api/students/${ada}/attendance?month=2024-13`)).statusCode).toBe(400);
    expect((await new TestClient(app).get(`/api/students/${ada}/attendance`)).statusCode).toBe(401);
  });
});

describe('default register date', () => {
  const terms = [
    { id: '1', name: 'First', startDate: '2023-09-11', endDate: '2023-12-15', isCurrent: false },
    { id: '2', name: 'Second', startDate: '2024-01-08', endDate: '2024-04-05', isCurrent: true },
    { id: '3', name: 'Third', startDate: '2024-04-29', endDate: '2024-07-26', isCurrent: false },
  ];
  it('is today on a school day, else the last school day before it', () => {
    expect(defaultRegisterDate(terms, '2024-02-14')).toBe('2024-02-14');
    expect(defaultRegisterDate(terms, '2024-02-17')).toBe('2024-02-16');
    expect(defaultRegisterDate(terms, '2026-11-22')).toBe('2024-04-05');
    expect(defaultRegisterDate(terms, '2023-01-01')).toBeNull();
  });

  it('opens the register on the last school day that is not a holiday', () => {
    const holidays = [{ name: 'Easter break', startDate: '2024-03-28', endDate: '2024-04-01' }];
    expect(defaultRegisterDate(terms, '2024-04-01', holidays)).toBe('2024-03-27');
    expect(defaultRegisterDate(terms, '2024-03-31', holidays)).toBe('2024-03-27');
    expect(defaultRegisterDate(terms, '2024-04-02', holidays)).toBe('2024-04-02');
  });
});
