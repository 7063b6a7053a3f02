import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHOOSE_A_SCHOOL, CHOOSE_A_SESSION, CHOOSE_A_TERM } from '@school/shared/reports/schemas';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf } from '../../test/factories';
import { createOrganisation, createSchool, createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { parseCsv } from '../../lib/csv';
import { feesSummary } from '../finance/finance.api';

/*
 * Hand-worked fixture (school A of organisation A, session 2023/24, Second term):
 *   JSS 1 A: Ada (F, active), Bola (M, admitted 2024-01-10), Chidi (M, withdrawn)   → M 2, F 1, 3
 *   JSS 1 B: Dayo (F, admitted 2023-09-05)                                           → M 0, F 1, 1
 *   SSS 1 A: Emeka (M, graduated)                                                    → M 1, F 0, 1
 *   (Femi, enrolled only in 2022/23, is not counted.)
 *   totals M 3, F 2, 5; active 3, graduated 1, withdrawn 1; new admissions 2 (Bola, Dayo).
 * Staff: Adeyemi (Teacher, class teacher of JSS 1 A, Mathematics in JSS 1 A and B, English in JSS 1 A),
 *   Bello (Teacher, inactive), Principal Okoro (Civic Education in SSS 1 A), Gateman Musa.
 * Fees, Second term: Ada 500.00 − 50.00 discount, paid 200.00 (+100.00 pending, not counted);
 *   Bola 500.00, paid 600.00 (credit not counted against others); Dayo 700.00, nothing paid.
 *   JSS 1 A: 2 invoices, 950.00 / 800.00 / 250.00; JSS 1 B: 1, 700.00 / 0 / 700.00; total 3, 1,650.00 / 800.00 / 950.00.
 * Attendance, Second term, JSS 1 A: 2 registers; present 3, late 1, absent 2 → 66.7 %.
 * Results, Second term, JSS 1 A Mathematics: Ada 80, Bola 60 → class average 70.
 * School A2 (same organisation): Primary 2 A with Kemi (F) and Tunde (M); one teacher; Second term
 *   2023/24 one invoice 300.00 paid in full.
 */

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let schoolA2: { id: string; name: string };
let second: typeof schema.terms.$inferSelect;
let otherSecond: typeof schema.terms.$inferSelect;
const classes: Record<string, string> = {};

let counter = 0;
const reg = () => `R-${++counter}`;

async function invoice(
  schoolId: string,
  organisationId: string,
  termId: string,
  classId: string,
  studentId: string,
  lines: number[],
  payments: Array<[number, string]>,
) {
  const [inv] = await app.db.insert(schema.invoices).values({ schoolId, termId, classId, studentId }).returning();
  await app.db.insert(schema.invoiceLines).values(
    lines.map((amount) => ({
      schoolId,
      invoiceId: inv.id,
      kind: amount < 0 ? 'discount' : 'fee',
      description: amount < 0 ? 'Discount' : 'Tuition',
      amountKobo: amount,
    })),
  );
  for (const [amount, status] of payments) {
    await app.db
      .insert(schema.payments)
      .values({ schoolId, organisationId, invoiceId: inv.id, studentId, amountKobo: amount, method: 'Cash', status, reference: reg() });
  }
}

const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}
const admin = () => as(t.users.admin.email);
const superAdmin = () => as(t.users.super_admin.email);

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const db = app.db;
  const s = t.school.id;
  const [past] = await db
    .select()
    .from(schema.academicSessions)
    .where(and(eq(schema.academicSessions.schoolId, s), eq(schema.academicSessions.name, '2022/23')));

  for (const [key, level, arm, sessionId] of [
    ['jss1a', 'JSS 1', 'A', t.session.id],
    ['jss1b', 'JSS 1', 'B', t.session.id],
    ['sss1a', 'SSS 1', 'A', t.session.id],
    ['pastJss1a', 'JSS 1', 'A', past.id],
  ] as const) {
    classes[key] = (await createClass(db, t, { academicSessionId: sessionId, level, arm })).id;
  }
  const student = async (firstName: string, gender: string, status = 'active', admittedOn: string | null = null) =>
    (await createStudent(db, t, { registrationNo: reg(), firstName, lastName: 'Test', gender, status, admittedOn })).id;
  const ada = t.student.id;
  const bola = await student('Bola', 'male', 'active', '2024-01-10');
  const chidi = await student('Chidi', 'male', 'withdrawn', '2022-09-01');
  const dayo = await student('Dayo', 'female', 'active', '2023-09-05');
  const emeka = await student('Emeka', 'male', 'graduated', '2021-09-01');
  const femi = await student('Femi', 'male', 'active', '2022-09-02');
  const enrol = (classId: string, studentId: string, academicSessionId = t.session.id) => createEnrolment(db, t, { studentId, classId, academicSessionId });
  await enrol(classes.jss1a, ada);
  await enrol(classes.jss1a, bola);
  await enrol(classes.jss1a, chidi);
  await enrol(classes.jss1b, dayo);
  await enrol(classes.sss1a, emeka);
  await enrol(classes.pastJss1a, femi, past.id);

  const staff = async (name: string, staffType: string, status = 'active') => (await createStaff(db, t, { name, staffType, status })).id;
  const adeyemi = await staff('Mrs. Adeyemi', 'Teacher');
  await staff('Mr. Bello', 'Teacher', 'inactive');
  const okoro = await staff('Dr. Okoro', 'Principal');
  await staff('Musa', 'Gateman');
  await db.update(schema.classes).set({ classTeacherId: adeyemi }).where(eq(schema.classes.id, classes.jss1a));
  const maths = await createSubject(db, t, { name: 'Mathematics', code: 'MTH' });
  const english = await createSubject(db, t, { name: 'English', code: 'ENG' });
  const civic = await createSubject(db, t, { name: 'Civic Education', code: 'CVE' });
  await createClassSubject(db, t, { classId: classes.jss1a, subjectId: maths.id, teacherId: adeyemi });
  await createClassSubject(db, t, { classId: classes.jss1b, subjectId: maths.id, teacherId: adeyemi });
  await createClassSubject(db, t, { classId: classes.jss1a, subjectId: english.id, teacherId: adeyemi });
  await createClassSubject(db, t, { classId: classes.sss1a, subjectId: civic.id, teacherId: okoro });

  second = await termOf(db, t, 'Second');
  const org = t.organisation.id;
  await invoice(
    s,
    org,
    second.id,
    classes.jss1a,
    ada,
    [50000, -5000],
    [
      [20000, 'Success'],
      [10000, 'Pending'],
    ],
  );
  await invoice(s, org, second.id, classes.jss1a, bola, [50000], [[60000, 'Success']]);
  await invoice(s, org, second.id, classes.jss1b, dayo, [70000], []);

  const [r1, r2] = await db
    .insert(schema.attendanceRegisters)
    .values([
      { schoolId: s, classId: classes.jss1a, termId: second.id, date: '2024-01-08' },
      { schoolId: s, classId: classes.jss1a, termId: second.id, date: '2024-01-09' },
    ])
    .returning();
  void r1;
  void r2;
  await db.insert(schema.attendanceTermTotals).values([
    { schoolId: s, termId: second.id, studentId: ada, classId: classes.jss1a, present: 2 },
    { schoolId: s, termId: second.id, studentId: bola, classId: classes.jss1a, present: 1, absent: 1 },
    { schoolId: s, termId: second.id, studentId: chidi, classId: classes.jss1a, late: 1, absent: 1 },
  ]);
  await db.insert(schema.scores).values([
    { schoolId: s, studentId: ada, subjectId: maths.id, termId: second.id, test1: 10, test2: 10, assignment: 10, exam: 50 },
    { schoolId: s, studentId: bola, subjectId: maths.id, termId: second.id, test1: 10, test2: 10, assignment: 0, exam: 40 },
  ]);

  // a second school of organisation A
  const a2 = await createSchool(db, org, { name: 'Greenfield A2' });
  schoolA2 = a2.school;
  const p2a = await createClass(db, a2, { level: 'Primary 2', arm: 'A' });
  const kemi = await createStudent(db, a2, { registrationNo: reg(), firstName: 'Kemi', lastName: 'A2', gender: 'female', classId: p2a.id });
  await createStudent(db, a2, { registrationNo: reg(), firstName: 'Tunde', lastName: 'A2', gender: 'male', classId: p2a.id });
  await createStaff(db, a2, { name: 'Mr. A2' });
  const a2Second = await termOf(db, a2, 'Second');
  await invoice(a2.school.id, org, a2Second.id, p2a.id, kemi.id, [30000], [[30000, 'Success']]);

  // organisation B's school: figures that must never show in A's reports
  otherSecond = await termOf(db, other, 'Second');
  const oc = await createClass(db, other, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(db, other, { studentId: other.student.id, classId: oc.id });
  await invoice(other.school.id, other.organisation.id, otherSecond.id, oc.id, other.student.id, [99900], [[99900, 'Success']]);
  await createStaff(db, other, { name: 'Other' });
});

afterAll(async () => {
  await app?.close();
});

const csvOf = (body: string) => parseCsv(body).map((r) => r.fields);

describe('school student report', () => {
  it('counts the session’s students by class and gender, statuses and new admissions', async () => {
    const res = await (await admin()).get('/api/reports/school/students');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.school).toEqual({ id: t.school.id, name: t.school.name });
    expect(body.session).toEqual({ id: t.session.id, name: '2023/24' });
    expect(body.classes.map((c: any) => [c.className, c.male, c.female, c.total])).toEqual([
      ['JSS 1 A', 2, 1, 3],
      ['JSS 1 B', 0, 1, 1],
      ['SSS 1 A', 1, 0, 1],
    ]);
    expect(body.totals).toEqual({ male: 3, female: 2, total: 5 });
    expect(body.statuses).toEqual({ active: 3, graduated: 1, withdrawn: 1 });
    expect(body.newAdmissions).toBe(2);
  });

  it('follows the session chosen in the top bar (header) or named in the query', async () => {
    const [past] = await app.db
      .select()
      .from(schema.academicSessions)
      .where(and(eq(schema.academicSessions.schoolId, t.school.id), eq(schema.academicSessions.name, '2022/23')));
    const byHeader = (await (await admin()).get('/api/reports/school/students', { 'x-academic-session': past.id })).json();
    expect(byHeader.session.name).toBe('2022/23');
    expect(byHeader.totals).toEqual({ male: 1, female: 0, total: 1 });
    const byQuery = (await (await admin()).get(`/api/reports/school/students?sessionId=${past.id}`)).json();
    expect(byQuery.totals.total).toBe(1);
    const otherSession = await (await admin()).get(`/api/reports/school/students?sessionId=${other.session.id}`);
    expect(otherSession.statusCode).toBe(404);
  });

  it('exports the same rows and totals as CSV', async () => {
    const res = await (await admin()).get('/api/reports/school/students/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="student-report-.+-2023-24\.csv"$/);
    expect(csvOf(res.body)).toEqual([
      ['Class', 'Male', 'Female', 'Total'],
      ['JSS 1 A', '2', '1', '3'],
      ['JSS 1 B', '0', '1', '1'],
      ['SSS 1 A', '1', '0', '1'],
      ['Total', '3', '2', '5'],
    ]);
  });

  it('lets the super administrator read one school of the organisation, and no other', async () => {
    const sa = await superAdmin();
    const missing = await sa.get('/api/reports/school/students');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: CHOOSE_A_SCHOOL, errors: { schoolId: CHOOSE_A_SCHOOL } });
    const own = await sa.get(`/api/reports/school/students?schoolId=${t.school.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().totals.total).toBe(5);
    expect((await sa.get(`/api/reports/school/students?schoolId=${other.school.id}`)).statusCode).toBe(404);
    expect((await sa.get('/api/reports/school/students?schoolId=not-a-uuid')).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 to other roles, 404 for another school', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/reports/school/students' })).statusCode).toBe(401);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const res = await (await as(t.users[role].email)).get('/api/reports/school/students');
      expect(res.statusCode, role).toBe(403);
      expect((await (await as(t.users[role].email)).get('/api/reports/school/students/export.csv')).statusCode).toBe(403);
    }
    expect((await (await admin()).get(`/api/reports/school/students?schoolId=${other.school.id}`)).statusCode).toBe(404);
    expect((await (await admin()).get(`/api/reports/school/students?schoolId=${schoolA2.id}`)).statusCode).toBe(404);
  });
});

describe('school staff report', () => {
  it('counts staff by type and status and lists each teacher’s load', async () => {
    const res = await (await admin()).get('/api/reports/school/staff');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.types).toEqual([
      { staffType: 'Teacher', active: 1, inactive: 1, total: 2 },
      { staffType: 'Principal', active: 1, inactive: 0, total: 1 },
      { staffType: 'Gateman', active: 1, inactive: 0, total: 1 },
    ]);
    expect(body.totals).toEqual({ active: 3, inactive: 1, total: 4 });
    expect(body.teachers.map((x: any) => [x.name, x.status, x.classTeacherOf, x.subjects, x.classSubjects])).toEqual([
      ['Dr. Okoro', 'active', [], ['Civic Education'], 1],
      ['Mr. Bello', 'inactive', [], [], 0],
      ['Mrs. Adeyemi', 'active', ['JSS 1 A'], ['English', 'Mathematics'], 3],
    ]);
  });

  it('exports CSV with the totals of the page', async () => {
    const res = await (await admin()).get('/api/reports/school/staff/export.csv');
    expect(res.statusCode).toBe(200);
    const rows = csvOf(res.body);
    expect(rows.slice(0, 5)).toEqual([
      ['Staff Type', 'Active', 'Inactive', 'Total'],
      ['Teacher', '1', '1', '2'],
      ['Principal', '1', '0', '1'],
      ['Gateman', '1', '0', '1'],
      ['Total', '3', '1', '4'],
    ]);
    expect(rows).toContainEqual(['Mrs. Adeyemi', 'active', 'JSS 1 A', 'English; Mathematics', '3']);
  });

  it('answers 401, 403 and 404 across schools', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/reports/school/staff' })).statusCode).toBe(401);
    expect((await (await as(t.users.teacher.email)).get('/api/reports/school/staff')).statusCode).toBe(403);
    expect((await (await admin()).get(`/api/reports/school/staff?schoolId=${other.school.id}`)).statusCode).toBe(404);
    expect((await (await superAdmin()).get(`/api/reports/school/staff?schoolId=${other.school.id}`)).statusCode).toBe(404);
  });
});

describe('school financial report', () => {
  it('gives expected, collected and outstanding per class for the current term, the same as finance', async () => {
    const res = await (await admin()).get('/api/reports/school/financial');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.term).toEqual({ id: second.id, name: 'Second', isCurrent: true });
    expect(body.terms.map((x: any) => x.name)).toEqual(['First', 'Second', 'Third']);
    expect(body.classes.map((c: any) => [c.className, c.invoices, c.expectedKobo, c.collectedKobo, c.outstandingKobo])).toEqual([
      ['JSS 1 A', 2, 95000, 80000, 25000],
      ['JSS 1 B', 1, 70000, 0, 70000],
    ]);
    expect(body.totals).toEqual({ invoices: 3, expectedKobo: 165000, collectedKobo: 80000, outstandingKobo: 95000 });
    // the same figures as finance's own summary, class by class
    const summary = await feesSummary(app.db, { schoolId: t.school.id, termId: second.id });
    expect([summary.expectedKobo, summary.collectedKobo, summary.outstandingKobo]).toEqual([165000, 80000, 95000]);
    expect(body.classes).toEqual(summary.classes);
  });

  it('reads another term of the session when asked, and 404s a term of another school', async () => {
    const first = await termOf(app.db, t, 'First');
    const res = await (await admin()).get(`/api/reports/school/financial?termId=${first.id}`);
    expect(res.json()).toMatchObject({ term: { name: 'First' }, classes: [], totals: { invoices: 0, expectedKobo: 0 } });
    expect((await (await admin()).get(`/api/reports/school/financial?termId=${otherSecond.id}`)).statusCode).toBe(404);
    expect((await (await admin()).get('/api/reports/school/financial?termId=nope')).statusCode).toBe(404);
  });

  it('exports naira with two decimals and the Total row', async () => {
    const res = await (await admin()).get(`/api/reports/school/financial/export.csv?termId=${second.id}`);
    expect(res.headers['content-disposition']).toMatch(/filename="financial-report-.+-2023-24-second-term\.csv"/);
    expect(csvOf(res.body)).toEqual([
      ['Class', 'Invoices', 'Expected (NGN)', 'Collected (NGN)', 'Outstanding (NGN)'],
      ['JSS 1 A', '2', '950.00', '800.00', '250.00'],
      ['JSS 1 B', '1', '700.00', '0.00', '700.00'],
      ['Total', '3', '1650.00', '800.00', '950.00'],
    ]);
  });

  it('answers 401, 403 and 404 across schools', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/reports/school/financial' })).statusCode).toBe(401);
    expect((await (await as(t.users.parent.email)).get('/api/reports/school/financial')).statusCode).toBe(403);
    expect((await (await admin()).get(`/api/reports/school/financial?schoolId=${other.school.id}`)).statusCode).toBe(404);
  });
});

describe('school attendance and results report', () => {
  it('gives each class’s attendance rate and class average for the term', async () => {
    const res = await (await admin()).get(`/api/reports/school/academic?termId=${second.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.classes.map((c: any) => [c.className, c.students, c.registers, c.attendanceRate, c.classAverage, c.published])).toEqual([
      ['JSS 1 A', 3, 2, 66.7, 70, false],
      ['JSS 1 B', 1, 0, null, null, false],
      ['SSS 1 A', 1, 0, null, null, false],
    ]);
    expect(body.overall).toEqual({ students: 5, registers: 2, attendanceRate: 66.7, average: 70 });
    const csv = await (await admin()).get(`/api/reports/school/academic/export.csv?termId=${second.id}`);
    expect(csvOf(csv.body).at(-1)).toEqual(['Total', '5', '2', '66.7', '70', '']);
  });

  it('answers 401, 403 and 404 across schools', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/reports/school/academic' })).statusCode).toBe(401);
    expect((await (await as(t.users.student.email)).get('/api/reports/school/academic')).statusCode).toBe(403);
    expect((await (await admin()).get(`/api/reports/school/academic?termId=${otherSecond.id}`)).statusCode).toBe(404);
  });
});

describe('organisation reports', () => {
  it('offers the organisation’s schools, session names and default session and term', async () => {
    const res = await (await superAdmin()).get('/api/reports/organisation/options');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      schools: [
        { id: t.school.id, name: t.school.name },
        { id: schoolA2.id, name: 'Greenfield A2' },
      ],
      sessionNames: ['2023/24', '2022/23'],
      defaultSessionName: '2023/24',
      defaultTerm: 'Second',
    });
  });

  it('compares the schools’ students by level group and gender', async () => {
    const res = await (await superAdmin()).get('/api/reports/organisation/students?sessionName=2023/24');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sessionName).toBe('2023/24');
    expect(body.schools.map((s: any) => [s.schoolName, s.hasSession, s.male, s.female, s.total])).toEqual([
      [t.school.name, true, 3, 2, 5],
      ['Greenfield A2', true, 1, 1, 2],
    ]);
    expect(body.schools[0].groups).toMatchObject({ JSS: { male: 2, female: 2, total: 4 }, SSS: { male: 1, female: 0, total: 1 }, Primary: { total: 0 } });
    expect(body.totals).toMatchObject({ male: 4, female: 3, total: 7, groups: { Primary: { male: 1, female: 1, total: 2 }, JSS: { total: 4 } } });

    const one = (await (await superAdmin()).get(`/api/reports/organisation/students?schoolId=${schoolA2.id}`)).json();
    expect(one.schools.map((s: any) => s.schoolName)).toEqual(['Greenfield A2']);
    expect(one.totals.total).toBe(2);

    const csv = await (await superAdmin()).get('/api/reports/organisation/students/export.csv?sessionName=2023/24');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="schools-student-report-2023-24.csv"');
    const rows = csvOf(csv.body);
    expect(rows[0].slice(0, 4)).toEqual(['School', 'Nursery Male', 'Nursery Female', 'Nursery Total']);
    expect(rows.at(-1)!.slice(-3)).toEqual(['4', '3', '7']);
  });

  it('compares the schools’ staff by type', async () => {
    const body = (await (await superAdmin()).get('/api/reports/organisation/staff')).json();
    expect(body.schools.map((s: any) => [s.schoolName, s.byType.Teacher, s.byType.Principal, s.byType.Gateman, s.active, s.inactive, s.total])).toEqual([
      [t.school.name, 1, 1, 1, 3, 1, 4],
      ['Greenfield A2', 1, 0, 0, 1, 0, 1],
    ]);
    expect(body.totals).toMatchObject({ active: 4, inactive: 1, total: 5, byType: { Teacher: 2, Principal: 1, Gateman: 1, Admin: 0 } });
    const rows = csvOf((await (await superAdmin()).get('/api/reports/organisation/staff/export.csv')).body);
    expect(rows.at(-1)).toEqual(['Total', '2', '1', '0', '1', '0', '4', '1', '5']);
  });

  it('counts the organisation’s accounts per school by role and status, the owners apart', async () => {
    await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'parent', status: 'disabled' });
    await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher', status: 'invited' });
    await createUser(app.db, { organisationId: t.organisation.id, schoolId: schoolA2.id, role: 'admin', status: 'invited' });
    const body = (await (await superAdmin()).get('/api/reports/organisation/users')).json();
    expect(body.owners).toEqual({ active: 1, invited: 0, disabled: 0, total: 1 });
    expect(body.schools).toEqual([
      {
        schoolId: t.school.id,
        schoolName: t.school.name,
        byRole: { admin: 1, teacher: 2, student: 1, parent: 2 },
        active: 4,
        invited: 1,
        disabled: 1,
        total: 6,
      },
      {
        schoolId: schoolA2.id,
        schoolName: 'Greenfield A2',
        byRole: { admin: 1, teacher: 0, student: 0, parent: 0 },
        active: 0,
        invited: 1,
        disabled: 0,
        total: 1,
      },
    ]);
    expect(body.totals).toEqual({ byRole: { admin: 2, teacher: 2, student: 1, parent: 2 }, active: 4, invited: 2, disabled: 1, total: 7 });
    const rows = csvOf((await (await superAdmin()).get('/api/reports/organisation/users/export.csv')).body);
    expect(rows[0]).toEqual(['School', 'Administrators', 'Teachers', 'Students', 'Parents', 'Active', 'Invited', 'Disabled', 'Total']);
    expect(rows.at(-1)).toEqual(['Total', '2', '2', '1', '2', '4', '2', '1', '7']);
    // one school only, and an administrator sees their own
    const one = (await (await superAdmin()).get(`/api/reports/organisation/users?schoolId=${schoolA2.id}`)).json();
    expect(one.schools.map((s: { schoolId: string }) => s.schoolId)).toEqual([schoolA2.id]);
    const own = (await (await admin()).get('/api/reports/organisation/users')).json();
    expect(own.schools.map((s: { schoolId: string }) => s.schoolId)).toEqual([t.school.id]);
    expect((await app.inject({ method: 'GET', url: '/api/reports/organisation/users' })).statusCode).toBe(401);
    expect((await (await as(t.users.teacher.email)).get('/api/reports/organisation/users')).statusCode).toBe(403);
  });

  it('compares the schools’ fees for a session and term chosen by name', async () => {
    const body = (await (await superAdmin()).get('/api/reports/organisation/financial?sessionName=2023/24&term=Second')).json();
    expect(body.schools.map((s: any) => [s.schoolName, s.hasTerm, s.invoices, s.expectedKobo, s.collectedKobo, s.outstandingKobo])).toEqual([
      [t.school.name, true, 3, 165000, 80000, 95000],
      ['Greenfield A2', true, 1, 30000, 30000, 0],
    ]);
    expect(body.totals).toEqual({ invoices: 4, expectedKobo: 195000, collectedKobo: 110000, outstandingKobo: 95000 });
    const byDefault = (await (await superAdmin()).get('/api/reports/organisation/financial')).json();
    expect(byDefault).toMatchObject({ sessionName: '2023/24', term: 'Second', totals: { expectedKobo: 195000 } });
    const none = (await (await superAdmin()).get('/api/reports/organisation/financial?sessionName=2019/20&term=First')).json();
    expect(none.schools.map((s: any) => s.hasTerm)).toEqual([false, false]);
    expect(none.totals).toEqual({ invoices: 0, expectedKobo: 0, collectedKobo: 0, outstandingKobo: 0 });
    const rows = csvOf((await (await superAdmin()).get('/api/reports/organisation/financial/export.csv?sessionName=2023/24&term=Second')).body);
    expect(rows.at(-1)).toEqual(['Total', '4', '1950.00', '1100.00', '950.00']);
  });

  it('rejects a bad session or term name with its message', async () => {
    const badTerm = await (await superAdmin()).get('/api/reports/organisation/financial?term=Fourth');
    expect(badTerm.statusCode).toBe(400);
    expect(badTerm.json().message).toBe(CHOOSE_A_TERM);
    const badSession = await (await superAdmin()).get('/api/reports/organisation/students?sessionName=2023');
    expect(badSession.statusCode).toBe(400);
    expect(badSession.json().message).toBe(CHOOSE_A_SESSION);
  });

  it('shows an administrator only their own school', async () => {
    const options = (await (await admin()).get('/api/reports/organisation/options')).json();
    expect(options.schools).toEqual([{ id: t.school.id, name: t.school.name }]);
    const fees = (await (await admin()).get('/api/reports/organisation/financial?sessionName=2023/24&term=Second')).json();
    expect(fees.schools.map((s: any) => s.schoolId)).toEqual([t.school.id]);
    expect(fees.totals.expectedKobo).toBe(165000);
    const staff = (await (await admin()).get('/api/reports/organisation/staff')).json();
    expect(staff.totals.total).toBe(4);
    expect((await (await admin()).get(`/api/reports/organisation/students?schoolId=${schoolA2.id}`)).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 to teachers, students and parents, 404 for another organisation’s school', async () => {
    for (const path of ['options', 'students', 'staff', 'financial', 'students/export.csv']) {
      expect((await app.inject({ method: 'GET', url: `/api/reports/organisation/${path}` })).statusCode, path).toBe(401);
      for (const role of ['teacher', 'student', 'parent'] as const) {
        expect((await (await as(t.users[role].email)).get(`/api/reports/organisation/${path}`)).statusCode, path).toBe(403);
      }
    }
    for (const path of ['students', 'staff', 'financial', 'financial/export.csv']) {
      expect((await (await superAdmin()).get(`/api/reports/organisation/${path}?schoolId=${other.school.id}`)).statusCode, path).toBe(404);
    }
    const otherSuper = await as(other.users.super_admin.email);
    const theirs = (await otherSuper.get('/api/reports/organisation/financial?sessionName=2023/24&term=Second')).json();
    expect(theirs.schools.map((s: any) => s.schoolId)).toEqual([other.school.id]);
    expect(theirs.totals).toMatchObject({ expectedKobo: 99900, collectedKobo: 99900 });
  });
});

describe('query count', () => {
  it('uses the same number of queries whatever the number of schools', async () => {
    // a third school with its own data must not add queries: the organisation figures are GROUP BYs
    const org = await createOrganisation(app.db);
    const superUser = await createUser(app.db, { organisationId: org.id, schoolId: null, role: 'super_admin' });
    const client = new TestClient(app);
    await client.login(superUser.email);
    const count = async () => {
      let n = 0;
      const original = app.db.execute.bind(app.db);
      (app.db as any).execute = (...args: unknown[]) => {
        n++;
        return (original as any)(...args);
      };
      try {
        await client.get('/api/reports/organisation/financial?sessionName=2023/24&term=Second');
      } finally {
        (app.db as any).execute = original;
      }
      return n;
    };
    await createSchool(app.db, org.id);
    const withOne = await count();
    expect(withOne).toBeGreaterThan(0);
    await createSchool(app.db, org.id);
    await createSchool(app.db, org.id);
    expect(await count()).toBe(withOne);
  });
});
