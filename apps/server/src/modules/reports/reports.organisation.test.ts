import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHOOSE_A_SESSION, CHOOSE_A_TERM } from '@school/shared/reports/schemas';
import { createOrganisation, createSchool, createUser, TestClient } from '../../test/test-app';
import { app, t, other, schoolA2, as, admin, superAdmin, setUp, tearDown, csvOf } from './reports.test-kit';

beforeAll(setUp);
afterAll(tearDown);

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
