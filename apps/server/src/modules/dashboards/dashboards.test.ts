/**
 * Dashboards: hand-worked fixtures in the tenant's 2023/24 session (test-app createSchool), looked at
 * on Monday 2024-01-08, the first day of the Second term.
 *
 *   JSS 1 A (class teacher: the tenant's teacher, Adeyemi): Ada (female, the tenant's student), Bola (male)
 *   JSS 2 A: Chika (female)            → 3 students, 1 male, 2 female
 *   Staff: Adeyemi + Okafor (Teacher), Musa (Gateman), Ngozi (Non-academic staff, inactive) → 3 active
 *   Registers of JSS 1 A: Mon Ada Present, Bola Absent; Tue Ada Late, Bola Present
 *     → Monday: 1 register of 2 classes, 1 present of 2 marked = 50 %; Ada's term 2/2 = 100 %, Bola 1/2 = 50 %
 *   Second-term invoices: Ada ₦50,000 with ₦20,000 paid, Bola ₦50,000 unpaid, Chika ₦30,000 paid ₦40,000 (₦10,000 credit)
 *     → expected ₦130,000, collected ₦60,000, outstanding ₦80,000; Ada owes ₦30,000
 *   Mathematics in JSS 1 A (Adeyemi), Monday 9:00 and Tuesday 10:00. Scores of the Second term: Ada 80, Bola 45,
 *     published for JSS 1 A; Chika's JSS 2 A scores are not published; Ada's Third-term score (30) is not published.
 *   Lesson notes of Adeyemi: 2 Draft, 1 Rejected, 1 Submitted; Okafor: 1 Submitted → 2 awaiting review.
 *   Applications: 6, the newest 5 listed, 2 Pending.
 */
import { DASHBOARD_DATE_MESSAGE } from '@school/shared/dashboards/types';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createGuardian, createStaff, createStudent, createSubject } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let jss1a: string, jss2a: string;
let ada: string, bola: string, chika: string;
let second: string, third: string;
let adeyemi: string;
let secondParentEmail: string;

const MON = '2024-01-08';
const TUE = '2024-01-09';
const SAT = '2024-01-13';

const clients = new Map<string, TestClient>();
async function as(email: string) {
  if (!clients.has(email)) {
    const c = new TestClient(app);
    await c.login(email);
    clients.set(email, c);
  }
  return clients.get(email)!;
}

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const db = app.db;
  const school = t.school.id;
  const terms = await db.query.terms.findMany({ where: (x, { eq }) => eq(x.schoolId, school) });
  second = terms.find((x) => x.name === 'Second')!.id;
  third = terms.find((x) => x.name === 'Third')!.id;

  adeyemi = (await createStaff(db, t, { userId: t.users.teacher.id, name: 'Mrs. Adeyemi' })).id;
  const okafor = (await createStaff(db, t, { name: 'Mr. Okafor' })).id;
  await createStaff(db, t, { staffType: 'Gateman', name: 'Musa' });
  await createStaff(db, t, { staffType: 'Non-academic staff', name: 'Ngozi', status: 'inactive' });

  jss1a = (await createClass(db, t, { level: 'JSS 1', arm: 'A', classTeacherId: adeyemi })).id;
  jss2a = (await createClass(db, t, { level: 'JSS 2', arm: 'A' })).id;

  ada = t.student.id;
  await createEnrolment(db, t, { studentId: ada, classId: jss1a });
  bola = (await createStudent(db, t, { registrationNo: 'DB-BOLA', firstName: 'Bola', lastName: 'Ade', gender: 'male', classId: jss1a })).id;
  chika = (await createStudent(db, t, { registrationNo: 'DB-CHIKA', firstName: 'Chika', lastName: 'Eze', gender: 'female', classId: jss2a })).id;

  // a second parent, of Chika only
  const parent2 = await createUser(db, { organisationId: t.organisation.id, schoolId: school, role: 'parent' });
  secondParentEmail = parent2.email;
  await createGuardian(db, t, { userId: parent2.id, name: 'Mr Eze', relationship: 'father', studentId: chika });

  // attendance
  const regs = await db
    .insert(schema.attendanceRegisters)
    .values([
      { schoolId: school, classId: jss1a, termId: second, date: MON },
      { schoolId: school, classId: jss1a, termId: second, date: TUE },
    ])
    .returning();
  await db.insert(schema.attendanceEntries).values([
    { schoolId: school, registerId: regs[0].id, studentId: ada, date: MON, status: 'Present' },
    { schoolId: school, registerId: regs[0].id, studentId: bola, date: MON, status: 'Absent' },
    { schoolId: school, registerId: regs[1].id, studentId: ada, date: TUE, status: 'Late' },
    { schoolId: school, registerId: regs[1].id, studentId: bola, date: TUE, status: 'Present' },
  ]);

  // fees
  const inv = await db
    .insert(schema.invoices)
    .values([
      { schoolId: school, termId: second, studentId: ada, classId: jss1a },
      { schoolId: school, termId: second, studentId: bola, classId: jss1a },
      { schoolId: school, termId: second, studentId: chika, classId: jss2a },
    ])
    .returning();
  await db.insert(schema.invoiceLines).values([
    { schoolId: school, invoiceId: inv[0].id, kind: 'fee', description: 'Tuition', amountKobo: 5_000_000 },
    { schoolId: school, invoiceId: inv[1].id, kind: 'fee', description: 'Tuition', amountKobo: 5_000_000 },
    { schoolId: school, invoiceId: inv[2].id, kind: 'fee', description: 'Tuition', amountKobo: 3_000_000 },
  ]);
  const pay = (invoiceId: string, studentId: string, amountKobo: number, status = 'Success') => ({
    schoolId: school,
    organisationId: t.organisation.id,
    invoiceId,
    studentId,
    amountKobo,
    method: 'Cash',
    status,
  });
  await db.insert(schema.payments).values([pay(inv[0].id, ada, 2_000_000), pay(inv[2].id, chika, 4_000_000), pay(inv[1].id, bola, 1_000_000, 'Failed')]);

  // timetable and scores
  const maths = await createSubject(db, t, { name: 'Mathematics', code: 'MTH' });
  const english = await createSubject(db, t, { name: 'English', code: 'ENG' });
  const m1 = await createClassSubject(db, t, { classId: jss1a, subjectId: maths.id, teacherId: adeyemi });
  await createClassSubject(db, t, { classId: jss2a, subjectId: english.id, teacherId: okafor });
  await db.insert(schema.timetableSlots).values([
    { schoolId: school, academicSessionId: t.session.id, classId: jss1a, day: 1, hour: 9, classSubjectId: m1.id, teacherId: adeyemi },
    { schoolId: school, academicSessionId: t.session.id, classId: jss1a, day: 2, hour: 10, classSubjectId: m1.id, teacherId: adeyemi },
  ]);
  await db.insert(schema.scores).values([
    { schoolId: school, termId: second, studentId: ada, subjectId: maths.id, test1: 10, test2: 10, assignment: 10, exam: 50 },
    { schoolId: school, termId: second, studentId: bola, subjectId: maths.id, test1: 5, test2: 5, assignment: 5, exam: 30 },
    { schoolId: school, termId: third, studentId: ada, subjectId: maths.id, test1: 5, test2: 5, assignment: 5, exam: 15 },
    { schoolId: school, termId: second, studentId: chika, subjectId: english.id, test1: 9, test2: 9, assignment: 9, exam: 40 },
  ]);
  await db.insert(schema.resultPublications).values({ schoolId: school, termId: second, classId: jss1a });

  // lesson notes
  const note = (teacherId: string, status: string, week: number) => ({
    schoolId: school,
    teacherId,
    classId: jss1a,
    subjectId: maths.id,
    termId: second,
    week,
    title: `Week ${week}`,
    body: 'Notes',
    status,
  });
  await db
    .insert(schema.lessonNotes)
    .values([note(adeyemi, 'Draft', 1), note(adeyemi, 'Draft', 2), note(adeyemi, 'Rejected', 3), note(adeyemi, 'Submitted', 4), note(okafor, 'Submitted', 5)]);

  // applications: 6, created a minute apart; the oldest and the newest Pending
  const application = (i: number, status: string) => ({
    schoolId: school,
    registrationNo: `APP-${i}`,
    status,
    guardianEmail: `g${i}@example.test`,
    guardianPhone: '08030000000',
    guardianAddress: 'Lagos',
    relationship: 'Mother',
    name: `Applicant ${i}`,
    gender: 'Female',
    dateOfBirth: '2012-01-01',
    phone: '08030000000',
    stateOfOrigin: 'Lagos',
    prevEducation: 'Primary',
    institution: 'Sunrise Primary',
    institutionAddress: 'Lagos',
    attendedClasses: 'Primary 6',
    institutionContactName: 'Head',
    institutionContactPhone: '08030000000',
    classLevel: 'JSS 1',
    createdAt: new Date(Date.UTC(2024, 0, 1, 9, i)),
  });
  await db.insert(schema.admissionApplications).values([1, 2, 3, 4, 5, 6].map((i) => application(i, i === 1 || i === 6 ? 'Pending' : 'Admitted')));
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/dashboard/admin', () => {
  it('counts students by class and gender, staff by type, the day’s attendance, the term’s fees, applications and notes', async () => {
    const res = await (await as(t.users.admin.email)).get(`/api/dashboard/admin?date=${MON}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.date).toBe(MON);
    expect(body.session).toEqual({ id: t.session.id, name: '2023/24' });
    expect(body.term).toEqual({ id: second, name: 'Second' });
    expect(body.students).toEqual({
      total: 3,
      male: 1,
      female: 2,
      byClass: [
        { classId: jss1a, className: 'JSS 1 A', male: 1, female: 1, total: 2 },
        { classId: jss2a, className: 'JSS 2 A', male: 0, female: 1, total: 1 },
      ],
    });
    expect(body.staff).toEqual({
      total: 3,
      byType: [
        { type: 'Gateman', count: 1 },
        { type: 'Teacher', count: 2 },
      ],
    });
    expect(body.attendance).toEqual({ date: MON, registersTaken: 1, classes: 2, present: 1, absent: 1, late: 0, excused: 0, rate: 50 });
    expect(body.fees).toEqual({ expectedKobo: 13_000_000, collectedKobo: 6_000_000, outstandingKobo: 8_000_000 });
    expect(body.applications.pending).toBe(2);
    expect(body.applications.recent.map((a: { name: string }) => a.name)).toEqual(['Applicant 6', 'Applicant 5', 'Applicant 4', 'Applicant 3', 'Applicant 2']);
    expect(body.lessonNotes).toEqual({ awaitingReview: 2 });
  });

  it('shows no register on a day nothing was taken (rate null), and the students of the selected session only', async () => {
    const admin = await as(t.users.admin.email);
    const res = await admin.get(`/api/dashboard/admin?date=${SAT}`);
    expect(res.json().attendance).toMatchObject({ registersTaken: 0, rate: null });
    const past = await app.db.query.academicSessions.findFirst({ where: (s, { and, eq }) => and(eq(s.schoolId, t.school.id), eq(s.name, '2022/23')) });
    const old = await admin.get(`/api/dashboard/admin?date=${MON}`, { 'x-academic-session': past!.id });
    expect(old.json().students).toEqual({ total: 0, male: 0, female: 0, byClass: [] });
    expect(old.json().term).toBeNull();
    expect(old.json().fees).toBeNull();
  });

  it('matches the students list total and the staff list', async () => {
    const admin = await as(t.users.admin.email);
    const dash = (await admin.get(`/api/dashboard/admin?date=${MON}`)).json();
    const students = (await admin.get('/api/students?page=1&pageSize=10')).json();
    expect(students.total).toBe(dash.students.total);
    const staffList = (await admin.get('/api/staff?page=1&pageSize=10&status=active')).json();
    expect(staffList.total).toBe(dash.staff.total);
  });

  it('refuses a bad date with the message, other roles with 403, and strangers with 401', async () => {
    const admin = await as(t.users.admin.email);
    const bad = await admin.get('/api/dashboard/admin?date=2024-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DASHBOARD_DATE_MESSAGE);
    expect((await (await as(t.users.teacher.email)).get('/api/dashboard/admin')).statusCode).toBe(403);
    expect((await (await as(t.users.student.email)).get('/api/dashboard/admin')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/dashboard/admin')).statusCode).toBe(401);
  });

  it('shows another school nothing of this one', async () => {
    const res = await (await as(other.users.admin.email)).get(`/api/dashboard/admin?date=${MON}`);
    expect(res.json()).toMatchObject({
      students: { total: 0 },
      staff: { total: 0 },
      attendance: { registersTaken: 0 },
      applications: { pending: 0, recent: [] },
    });
    expect(res.json().fees).toEqual({ expectedKobo: 0, collectedKobo: 0, outstandingKobo: 0 });
  });
});

describe('GET /api/dashboard/teacher', () => {
  it('lists the teacher’s classes, the registers not taken, their notes and their lessons of the day', async () => {
    const teacher = await as(t.users.teacher.email);
    const mon = (await teacher.get(`/api/dashboard/teacher?date=${MON}`)).json();
    expect(mon.day).toBe(1);
    expect(mon.classes).toEqual([{ classId: jss1a, className: 'JSS 1 A', students: 2, classTeacher: true }]);
    expect(mon.registersNotMarked).toEqual([]);
    expect(mon.lessonNotes).toEqual({ drafts: 2, rejected: 1, submitted: 1 });
    expect(mon.today).toEqual([{ hour: 9, subjectName: 'Mathematics', className: 'JSS 1 A', teacherName: 'Mrs. Adeyemi' }]);
    const wed = (await teacher.get('/api/dashboard/teacher?date=2024-01-10')).json();
    expect(wed.registersNotMarked).toEqual([{ classId: jss1a, className: 'JSS 1 A' }]);
    expect(wed.today).toEqual([]);
    const sat = (await teacher.get(`/api/dashboard/teacher?date=${SAT}`)).json();
    expect(sat).toMatchObject({ day: null, registersNotMarked: [], today: [] });
  });

  it('is for teachers only (403 for other roles)', async () => {
    expect((await (await as(t.users.admin.email)).get('/api/dashboard/teacher')).statusCode).toBe(403);
    expect((await (await as(t.users.parent.email)).get('/api/dashboard/teacher')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/dashboard/teacher')).statusCode).toBe(401);
  });

  it('a teacher without a staff record sees empty figures', async () => {
    const res = await (await as(other.users.teacher.email)).get(`/api/dashboard/teacher?date=${MON}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ classes: [], registersNotMarked: [], today: [], lessonNotes: { drafts: 0, rejected: 0, submitted: 0 } });
  });
});

describe('GET /api/dashboard/students/:studentId', () => {
  it('gives the student their lessons of the day, attendance this term, latest published results and fee balance', async () => {
    const res = await (await as(t.users.student.email)).get(`/api/dashboard/students/${ada}?date=${MON}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ studentId: ada, name: 'Ada Obi', className: 'JSS 1 A', term: { id: second, name: 'Second' }, day: 1 });
    expect(body.today).toEqual([{ hour: 9, subjectName: 'Mathematics', className: 'JSS 1 A', teacherName: 'Mrs. Adeyemi' }]);
    // days open: the Second term's 65 school days (it has ended), not the 2 registers taken
    expect(body.attendance).toEqual({ present: 1, absent: 0, late: 1, excused: 0, daysOpen: 65, rate: 100 });
    // the Third term's score is not published: the Second term is the latest the student sees
    expect(body.results).toEqual({
      status: 'published',
      termId: second,
      termName: 'Second',
      sessionName: '2023/24',
      className: 'JSS 1 A',
      average: 80,
      position: 1,
      studentCount: 2,
    });
    expect(body.fees).toEqual({ dueKobo: 5_000_000, paidKobo: 2_000_000, outstandingKobo: 3_000_000, creditKobo: 0 });
  });

  it('agrees with the attendance, results and fees areas', async () => {
    const student = await as(t.users.student.email);
    const dash = (await student.get(`/api/dashboard/students/${ada}?date=${MON}`)).json();
    const att = (await student.get(`/api/students/${ada}/attendance?termId=${second}`)).json();
    expect(att.totals).toMatchObject({
      present: dash.attendance.present,
      late: dash.attendance.late,
      daysOpen: dash.attendance.daysOpen,
      rate: dash.attendance.rate,
    });
    const results = (await student.get(`/api/results/students/${ada}`)).json();
    expect(results.terms[0]).toMatchObject({ termId: dash.results.termId, average: dash.results.average, position: dash.results.position });
  });

  it('shows no results while a class’s results are unpublished', async () => {
    const res = await (await as(secondParentEmail)).get(`/api/dashboard/students/${chika}?date=${MON}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({ status: 'none' });
    expect(res.json().fees).toEqual({ dueKobo: 3_000_000, paidKobo: 4_000_000, outstandingKobo: 0, creditKobo: 1_000_000 });
    expect(res.json().attendance).toEqual({ present: 0, absent: 0, late: 0, excused: 0, daysOpen: 65, rate: null });
  });

  it('answers 404 for another student, another parent’s child and another school’s student', async () => {
    const student = await as(t.users.student.email);
    expect((await student.get(`/api/dashboard/students/${bola}`)).statusCode).toBe(404);
    expect((await (await as(secondParentEmail)).get(`/api/dashboard/students/${ada}`)).statusCode).toBe(404);
    expect((await (await as(other.users.admin.email)).get(`/api/dashboard/students/${ada}`)).statusCode).toBe(404);
    expect((await (await as(other.users.student.email)).get(`/api/dashboard/students/${ada}`)).statusCode).toBe(404);
    expect((await student.get('/api/dashboard/students/not-a-uuid')).statusCode).toBe(404);
    expect((await new TestClient(app).get(`/api/dashboard/students/${ada}`)).statusCode).toBe(401);
  });

  it('refuses a teacher and an owner (403): the student, their parents and the school’s administrators only', async () => {
    expect((await (await as(t.users.teacher.email)).get(`/api/dashboard/students/${ada}`)).statusCode).toBe(403);
    expect((await (await as(t.users.super_admin.email)).get(`/api/dashboard/students/${ada}`)).statusCode).toBe(403);
  });

  it('lets an administrator of the school look', async () => {
    const res = await (await as(t.users.admin.email)).get(`/api/dashboard/students/${bola}?date=${MON}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().attendance).toMatchObject({ present: 1, absent: 1, rate: 50 });
  });
});

describe('GET /api/dashboard/parent', () => {
  it('gives each of the parent’s children only', async () => {
    const res = await (await as(t.users.parent.email)).get(`/api/dashboard/parent?date=${MON}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.term).toEqual({ id: second, name: 'Second' });
    expect(body.children).toHaveLength(1);
    expect(body.children[0]).toMatchObject({
      studentId: ada,
      className: 'JSS 1 A',
      attendance: { rate: 100, daysOpen: 65 },
      results: { status: 'published', average: 80, position: 1 },
      fees: { outstandingKobo: 3_000_000 },
    });
    const two = (await (await as(secondParentEmail)).get(`/api/dashboard/parent?date=${MON}`)).json();
    expect(two.children.map((c: { studentId: string }) => c.studentId)).toEqual([chika]);
    expect(two.children[0].results).toEqual({ status: 'none' });
  });

  it('is for parents only (403 for other roles)', async () => {
    expect((await (await as(t.users.admin.email)).get('/api/dashboard/parent')).statusCode).toBe(403);
    expect((await (await as(t.users.student.email)).get('/api/dashboard/parent')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/dashboard/parent')).statusCode).toBe(401);
    const another = await (await as(other.users.parent.email)).get('/api/dashboard/parent');
    expect(another.json().children.map((c: { studentId: string }) => c.studentId)).toEqual([other.student.id]);
  });
});

describe('the permission matrix', () => {
  it('answers 403 on every dashboard when the organisation takes dashboard:view from a role', async () => {
    const tenant = await createTenant(app.db);
    const row = await app.db.query.permissionMatrices.findFirst({ where: (m, { eq }) => eq(m.organisationId, tenant.organisation.id) });
    const matrix = structuredClone(row!.matrix) as Record<string, Record<string, Record<string, boolean>>>;
    for (const role of ['admin', 'teacher', 'student', 'parent']) matrix[role].dashboard.view = false;
    await app.db.update(schema.permissionMatrices).set({ matrix }).where(eq(schema.permissionMatrices.organisationId, tenant.organisation.id));
    expect((await (await as(tenant.users.admin.email)).get('/api/dashboard/admin')).statusCode).toBe(403);
    expect((await (await as(tenant.users.teacher.email)).get('/api/dashboard/teacher')).statusCode).toBe(403);
    expect((await (await as(tenant.users.student.email)).get(`/api/dashboard/students/${tenant.student.id}`)).statusCode).toBe(403);
    expect((await (await as(tenant.users.parent.email)).get('/api/dashboard/parent')).statusCode).toBe(403);
  });
});
