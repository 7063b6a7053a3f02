import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHOOSE_A_SCHOOL } from '@school/shared/reports/schemas';
import * as schema from '../../db/schema';
import { termOf } from '../../test/factories';
import { feesSummary } from '../finance/finance.api';
import { app, t, other, schoolA2, second, otherSecond, as, admin, superAdmin, setUp, tearDown, csvOf } from './reports.test-kit';

beforeAll(setUp);
afterAll(tearDown);

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

  it('answers 404 with its message for a session or school that is not an id', async () => {
    const session = await (await admin()).get('/api/reports/school/students?sessionId=2022-23');
    expect([session.statusCode, session.json().message]).toEqual([404, 'Session not found']);
    const school = await (await superAdmin()).get('/api/reports/organisation/students?schoolId=not-a-uuid');
    expect([school.statusCode, school.json().message]).toEqual([404, 'School not found']);
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
