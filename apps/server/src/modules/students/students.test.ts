import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, auditLog, invoiceLines, invoices, payments, students, terms } from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { csvCell } from './students.presenter';

let app: FastifyInstance;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let teacher: TestClient;
let student: TestClient;
let parent: TestClient;
const ids = {} as Record<'classA' | 'classB' | 'classC' | 'chinedu' | 'emeka' | 'fatima' | 'otherStudent', string>;

async function signedIn(email: string) {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  const db = app.db;
  const schoolId = tenant.school.id;
  const teacherStaff = await createStaff(db, tenant, { userId: tenant.users.teacher.id, name: 'Mrs. Funmilayo Adeyemi' });
  const a = await createClass(db, tenant, { level: 'JSS 1', arm: 'A', classTeacherId: teacherStaff.id });
  const b = await createClass(db, tenant, { level: 'JSS 2', arm: 'B' });
  const c = await createClass(db, tenant, { level: 'SSS 1', arm: 'A' });
  Object.assign(ids, { classA: a.id, classB: b.id, classC: c.id });
  const maths = await createSubject(db, tenant, { name: 'Mathematics', code: 'MTH' });
  await createClassSubject(db, tenant, { classId: c.id, subjectId: maths.id, teacherId: teacherStaff.id });
  await createEnrolment(db, tenant, { studentId: tenant.student.id, classId: a.id });
  const chinedu = await createStudent(db, tenant, { registrationNo: 'GFA/2023/0002', firstName: 'Chinedu', lastName: 'Okafor', gender: 'male', classId: b.id });
  const emeka = await createStudent(db, tenant, {
    registrationNo: '=HYPERLINK("http://x")',
    firstName: 'Emeka "Junior"',
    lastName: 'Eze, Jr',
    gender: 'male',
    classId: c.id,
  });
  const fatima = await createStudent(db, tenant, {
    registrationNo: 'GFA/2023/0004',
    firstName: 'Fatima',
    middleName: 'Zainab',
    lastName: 'Bello',
    gender: 'female',
    classId: b.id,
  });
  Object.assign(ids, { chinedu: chinedu.id, emeka: emeka.id, fatima: fatima.id });
  // last session: Ada was in Primary 6
  const [previous] = await db
    .select()
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.name, '2022/23')));
  const p6 = await createClass(db, tenant, { academicSessionId: previous.id, level: 'Primary 6', arm: 'A' });
  await createEnrolment(db, tenant, { studentId: tenant.student.id, classId: p6.id, academicSessionId: previous.id });
  await db
    .update(students)
    .set({ address: '4 Old Road' })
    .where(and(eq(students.schoolId, schoolId), eq(students.id, tenant.student.id)));
  ids.otherStudent = other.student.id;

  admin = await signedIn(tenant.users.admin.email);
  teacher = await signedIn(tenant.users.teacher.email);
  student = await signedIn(tenant.users.student.email);
  parent = await signedIn(tenant.users.parent.email);
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/students', () => {
  it('answers 401 signed out and 403 to students and parents', async () => {
    expect((await new TestClient(app).get('/api/students')).statusCode).toBe(401);
    const res = await student.get('/api/students');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this');
    expect((await parent.get('/api/students')).statusCode).toBe(403);
    expect((await student.get('/api/students.csv')).statusCode).toBe(403);
  });

  it('lists the selected session’s students of the whole school for an administrator, by surname', async () => {
    const res = await admin.get('/api/students');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 10 });
    expect(body.items.map((s: { name: string }) => s.name)).toEqual(['Fatima Zainab Bello', 'Emeka "Junior" Eze, Jr', 'Ada Obi', 'Chinedu Okafor']);
    expect(body.items[3]).toEqual({
      id: ids.chinedu,
      registrationNo: 'GFA/2023/0002',
      name: 'Chinedu Okafor',
      classId: ids.classB,
      className: 'JSS 2 B',
      gender: 'male',
      status: 'active',
      feeStatus: null,
    });
  });

  it('filters by class, gender and search (name or registration number)', async () => {
    const names = async (query: string) => (await admin.get(`/api/students?${query}`)).json().items.map((s: { name: string }) => s.name);
    expect(await names(`classId=${ids.classB}`)).toEqual(['Fatima Zainab Bello', 'Chinedu Okafor']);
    expect(await names('gender=female')).toEqual(['Fatima Zainab Bello', 'Ada Obi']);
    expect(await names(`classId=${ids.classB}&gender=male`)).toEqual(['Chinedu Okafor']);
    expect(await names('search=okaf')).toEqual(['Chinedu Okafor']);
    expect(await names('search=chinedu%20okafor')).toEqual(['Chinedu Okafor']);
    expect(await names('search=2023%2F0004')).toEqual(['Fatima Zainab Bello']);
    expect(await names('search=%25')).toEqual([]);
    expect((await admin.get('/api/students?gender=other')).statusCode).toBe(400);
    expect((await admin.get('/api/students?classId=nope')).statusCode).toBe(400);
  });

  it('pages on the server', async () => {
    const first = (await admin.get('/api/students?page=1&pageSize=3')).json();
    const second = (await admin.get('/api/students?page=2&pageSize=3')).json();
    expect(first.items).toHaveLength(3);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((s: { name: string }) => s.name)).toEqual(['Chinedu Okafor']);
  });

  it('shows a teacher only the students of the classes they teach (class teacher or subject)', async () => {
    const body = (await teacher.get('/api/students')).json();
    expect(body.total).toBe(2);
    expect(body.items.map((s: { name: string }) => s.name)).toEqual(['Emeka "Junior" Eze, Jr', 'Ada Obi']);
    // a class filter outside their classes finds no one
    expect((await teacher.get(`/api/students?classId=${ids.classB}`)).json().total).toBe(0);
    const classes = (await teacher.get('/api/students/classes')).json().items;
    expect(classes).toEqual([
      { id: ids.classA, name: 'JSS 1 A' },
      { id: ids.classC, name: 'SSS 1 A' },
    ]);
    expect((await admin.get('/api/students/classes')).json().items).toHaveLength(3);
  });

  it('lists nobody of another school', async () => {
    const otherAdmin = await signedIn(other.users.admin.email);
    expect((await otherAdmin.get('/api/students')).json().total).toBe(0);
    expect((await otherAdmin.get(`/api/students?classId=${ids.classA}`)).json().total).toBe(0);
  });
});

describe('GET /api/students.csv', () => {
  it('escapes quotes and commas and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+234')).toBe("'+234");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(null)).toBe('');
  });

  it('exports every matching row with a header row', async () => {
    const res = await admin.get('/api/students.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('students.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('S/N,Registration Number,Name,Class,Gender,Status');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('1,GFA/2023/0004,Fatima Zainab Bello,JSS 2 B,Female,Active');
    expect(lines[2]).toBe(`2,"'=HYPERLINK(""http://x"")","Emeka ""Junior"" Eze, Jr",SSS 1 A,Male,Active`);
  });

  it('applies the filters and the teacher’s scope', async () => {
    const filtered = (await admin.get('/api/students.csv?gender=male&search=okafor')).body.trimEnd().split('\r\n');
    expect(filtered).toEqual(['S/N,Registration Number,Name,Class,Gender,Status', '1,GFA/2023/0002,Chinedu Okafor,JSS 2 B,Male,Active']);
    expect((await teacher.get('/api/students.csv')).body.trimEnd().split('\r\n')).toHaveLength(3);
  });
});

describe('GET /api/students/:id', () => {
  it('shows details, guardians, class history, and empty summaries before any record exists', async () => {
    const res = await admin.get(`/api/students/${tenant.student.id}`);
    expect(res.statusCode).toBe(200);
    const s = res.json().student;
    expect(s).toMatchObject({
      id: tenant.student.id,
      name: 'Ada Obi',
      gender: 'female',
      address: '4 Old Road',
      currentClass: { id: ids.classA, name: 'JSS 1 A' },
      guardians: [{ id: tenant.guardian.id, name: 'Mrs Obi', relationship: 'mother', phone: null, email: null }],
      // the Second term is current; nothing taken, published or invoiced yet
      summary: { attendance: { termName: 'Second', present: 0, daysOpen: 65, rate: null }, results: null, fees: null },
    });
    expect(s.classHistory.map((e: { academicSessionName: string; className: string }) => `${e.academicSessionName} ${e.className}`)).toEqual([
      '2023/24 JSS 1 A',
      '2022/23 Primary 6 A',
    ]);
  });

  it('summarises this term’s attendance, the newest published results and the fees, for staff, the student and the parent', async () => {
    const db = app.db;
    const schoolId = tenant.school.id;
    const [second] = await db
      .select()
      .from(terms)
      .where(and(eq(terms.schoolId, schoolId), eq(terms.academicSessionId, tenant.session.id), eq(terms.name, 'Second')));
    const english = await createSubject(db, tenant, { name: 'English Language', code: 'ENG' });
    await createClassSubject(db, tenant, { classId: ids.classA, subjectId: english.id });
    // 10 + 10 + 5 + 45 = 70, published
    let res = await admin.put('/api/records/results/scores', {
      termId: second.id,
      classId: ids.classA,
      subjectId: english.id,
      rows: [{ studentId: tenant.student.id, test1: 10, test2: 10, assignment: 5, exam: 45 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await admin.post('/api/records/results/publish', { termId: second.id, classId: ids.classA });
    expect(res.statusCode, res.body).toBe(200);
    // one register, Ada present (a Wednesday of the Second term)
    res = await admin.put('/api/attendance/register', {
      classId: ids.classA,
      date: '2024-02-14',
      entries: [{ studentId: tenant.student.id, status: 'Present' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // ₦50,000 due, ₦20,000 paid
    const [invoice] = await db.insert(invoices).values({ schoolId, termId: second.id, studentId: tenant.student.id, classId: ids.classA }).returning();
    await db.insert(invoiceLines).values({ schoolId, invoiceId: invoice.id, kind: 'fee', description: 'Tuition', amountKobo: 5_000_000 });
    await db.insert(payments).values({
      schoolId,
      organisationId: tenant.organisation.id,
      invoiceId: invoice.id,
      studentId: tenant.student.id,
      amountKobo: 2_000_000,
      method: 'Cash',
      status: 'Success',
      reference: `CASH-${invoice.id}`,
      paidAt: new Date('2024-02-15T10:00:00Z'),
    });

    const expected = {
      attendance: { termName: 'Second', present: 1, daysOpen: 65, rate: 100 },
      results: { termName: 'Second', sessionName: '2023/24', average: 70, position: 1, studentCount: 1 },
      fees: { dueKobo: 5_000_000, paidKobo: 2_000_000, outstandingKobo: 3_000_000, creditKobo: 0 },
    };
    expect((await admin.get(`/api/students/${tenant.student.id}`)).json().student.summary).toEqual(expected);
    expect((await student.get(`/api/me/students/${tenant.student.id}/profile`)).json().student.summary).toEqual(expected);
    expect((await parent.get(`/api/me/students/${tenant.student.id}/profile`)).json().student.summary).toEqual(expected);
  });

  it('answers 404 for another school’s student and for a malformed id', async () => {
    expect((await admin.get(`/api/students/${ids.otherStudent}`)).statusCode).toBe(404);
    expect((await admin.get('/api/students/not-a-uuid')).statusCode).toBe(404);
  });

  it('lets a teacher open students of their classes only', async () => {
    expect((await teacher.get(`/api/students/${ids.emeka}`)).statusCode).toBe(200);
    const res = await teacher.get(`/api/students/${ids.chinedu}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Student not found');
  });

  it('is 403 for students and parents; they use /api/me/students/:id/profile', async () => {
    expect((await student.get(`/api/students/${tenant.student.id}`)).statusCode).toBe(403);
    expect((await student.get(`/api/me/students/${tenant.student.id}/profile`)).json().student.name).toBe('Ada Obi');
    expect((await student.get(`/api/me/students/${ids.chinedu}/profile`)).statusCode).toBe(404);
    expect((await parent.get(`/api/me/students/${tenant.student.id}/profile`)).statusCode).toBe(200);
    expect((await parent.get(`/api/me/students/${ids.fatima}/profile`)).statusCode).toBe(404);
    // the own-profile route is the family's: staff are refused (they use /api/students/:id)
    expect((await admin.get(`/api/me/students/${tenant.student.id}/profile`)).statusCode).toBe(403);
    expect((await new TestClient(app).get(`/api/me/students/${tenant.student.id}/profile`)).statusCode).toBe(401);
  });
});

describe('PUT /api/students/:id', () => {
  const valid = {
    firstName: ' Fatima ',
    middleName: '',
    lastName: 'Bello-Sani',
    gender: 'Female',
    dateOfBirth: '2011-03-14',
    stateOfOrigin: 'Kano',
    address: '7 Zoo Road, Kano',
  };

  it('gives every field message and writes nothing', async () => {
    const res = await admin.put(`/api/students/${ids.fatima}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      dateOfBirth: 'Date of Birth is required',
      stateOfOrigin: 'State of origin is required',
      address: 'Address is required',
    });
    expect(res.json().message).toBe('First name is required');
    const bad = await admin.put(`/api/students/${ids.fatima}`, { ...valid, dateOfBirth: '2999-01-01', stateOfOrigin: 'Atlantis', gender: 'x' });
    expect(bad.json().errors).toEqual({ dateOfBirth: 'Invalid DOB', stateOfOrigin: 'State of origin is required', gender: 'Gender is required' });
    const long = await admin.put(`/api/students/${ids.fatima}`, { ...valid, address: 'a'.repeat(301) });
    expect(long.json().errors).toEqual({ address: 'Address must be at most 300 characters' });
    const [row] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.id, ids.fatima)));
    expect(row.lastName).toBe('Bello');
  });

  it('saves the details and audits before and after', async () => {
    const res = await admin.put(`/api/students/${ids.fatima}`, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().student).toMatchObject({
      name: 'Fatima Bello-Sani',
      middleName: null,
      gender: 'female',
      dateOfBirth: '2011-03-14',
      stateOfOrigin: 'Kano',
      address: '7 Zoo Road, Kano',
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, ids.fatima), eq(auditLog.action, 'student.updated')));
    expect(entry).toMatchObject({ schoolId: tenant.school.id, userId: tenant.users.admin.id, entity: 'student' });
    expect(entry.before).toMatchObject({ lastName: 'Bello', middleName: 'Zainab', address: null });
    expect(entry.after).toMatchObject({ lastName: 'Bello-Sani', middleName: null, address: '7 Zoo Road, Kano' });
  });

  it('answers 404 across schools (whatever the body), 403 to teachers and students, 401 signed out', async () => {
    expect((await admin.put(`/api/students/${ids.otherStudent}`, valid)).statusCode).toBe(404);
    expect((await admin.put(`/api/students/${ids.otherStudent}`, {})).statusCode).toBe(404);
    expect((await teacher.put(`/api/students/${ids.emeka}`, valid)).statusCode).toBe(403);
    expect((await student.put(`/api/students/${tenant.student.id}`, valid)).statusCode).toBe(403);
    const anonymous = new TestClient(app);
    expect((await anonymous.put(`/api/students/${ids.fatima}`, valid)).statusCode).toBe(401);
  });
});

describe('PUT /api/me/students/:id/profile', () => {
  it('lets a student change their own address only, with messages and an audit entry', async () => {
    const empty = await student.put(`/api/me/students/${tenant.student.id}/profile`, { address: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ address: 'Address is required' });
    const res = await student.put(`/api/me/students/${tenant.student.id}/profile`, { address: '9 New Street, Yaba', firstName: 'Hacker' });
    expect(res.statusCode).toBe(200);
    expect(res.json().student).toMatchObject({ address: '9 New Street, Yaba', firstName: 'Ada' });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, tenant.student.id), eq(auditLog.action, 'student.profile-updated')));
    expect(entry).toMatchObject({ before: { address: '4 Old Road' }, after: { address: '9 New Street, Yaba' }, userId: tenant.users.student.id });
  });

  it('answers 404 for someone else’s profile or another school, 403 to a parent (only the pupil edits it)', async () => {
    expect((await student.put(`/api/me/students/${ids.chinedu}/profile`, { address: 'x' })).statusCode).toBe(404);
    expect((await parent.put(`/api/me/students/${tenant.student.id}/profile`, { address: 'x' })).statusCode).toBe(403);
    expect((await student.put(`/api/me/students/${ids.otherStudent}/profile`, { address: 'x' })).statusCode).toBe(404);
  });
});
