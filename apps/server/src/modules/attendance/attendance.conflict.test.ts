import { REGISTER_CHANGED } from '@school/shared/attendance/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createStaff, createStudent } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

/*
 * Issue 21: a register carries a version, and a save that names the version it was made on is
 * refused with 409 and the register as saved now when someone saved in between: marks made offline
 * never overwrite another teacher's or an administrator's unseen.
 */

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let t: Tenant;
let classId: string;
let ada: string, bola: string;
const teacher = new Map<string, TestClient>();

// days of the tenant's Second term (test-app createSchool starts it on Monday 2024-01-08)
const MON = '2024-01-08';
const TUE = '2024-01-09';
const WED = '2024-01-10';

async function as(email: string) {
  let client = teacher.get(email);
  if (!client) {
    client = new TestClient(app);
    await client.login(email);
    teacher.set(email, client);
  }
  return client;
}
const classTeacher = () => as(t.users.teacher.email);
const admin = () => as(t.users.admin.email);

const url = (date: string) => `/api/attendance/register?classId=${classId}&date=${date}`;
const marks = (date: string, bolaStatus: string, baseVersion?: string | null) => ({
  classId,
  date,
  entries: [
    { studentId: ada, status: 'Present' },
    { studentId: bola, status: bolaStatus },
  ],
  ...(baseVersion !== undefined ? { baseVersion } : {}),
});
const statusOf = (register: { rows: Array<{ studentId: string; status: string }> }, studentId: string) =>
  register.rows.find((r) => r.studentId === studentId)?.status;

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  const staff = await createStaff(app.db, t, { userId: t.users.teacher.id, name: 'Mrs. Adeyemi' });
  classId = (await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: staff.id })).id;
  await createEnrolment(app.db, t, { studentId: t.student.id, classId });
  ada = t.student.id;
  bola = (await createStudent(app.db, t, { registrationNo: 'REG-Bola', firstName: 'Bola', lastName: 'Test', classId })).id;
});

afterAll(async () => {
  await app?.close();
});

describe('the version of a register', () => {
  it('is null before the register is taken, and moves with every save', async () => {
    const c = await classTeacher();
    expect((await c.get(url(MON))).json()).toMatchObject({ saved: false, version: null });
    const first = await c.put('/api/attendance/register', marks(MON, 'Absent'));
    expect(first.statusCode).toBe(200);
    const v1 = first.json().version as string;
    expect(v1).toMatch(/^\d{20}$/);
    expect((await c.get(url(MON))).json().version).toBe(v1);
    const second = await c.put('/api/attendance/register', marks(MON, 'Late', v1));
    expect(second.statusCode).toBe(200);
    expect(second.json().version).not.toBe(v1);
    expect(statusOf(second.json(), bola)).toBe('Late');
  });
});

describe('a save made on an older register', () => {
  it('is refused with 409, the message and the register as saved meanwhile, and writes nothing', async () => {
    const c = await classTeacher();
    const opened = (await c.get(url(TUE))).json();
    // the administrator saves first, while the teacher's marks wait (offline)
    const theirs = await (await admin()).put('/api/attendance/register', marks(TUE, 'Excused', opened.version));
    expect(theirs.statusCode).toBe(200);

    const mine = await c.put('/api/attendance/register', marks(TUE, 'Absent', opened.version));
    expect(mine.statusCode).toBe(409);
    const body = mine.json();
    expect(body.message).toBe(REGISTER_CHANGED);
    expect(body.current).toMatchObject({ classId, date: TUE, saved: true, version: theirs.json().version, takenBy: t.users.admin.name });
    expect(statusOf(body.current, bola)).toBe('Excused');
    // the administrator's marks stand
    expect(statusOf((await c.get(url(TUE))).json(), bola)).toBe('Excused');
    const entries = await app.db
      .select()
      .from(schema.attendanceEntries)
      .where(and(eq(schema.attendanceEntries.schoolId, t.school.id), eq(schema.attendanceEntries.studentId, bola), eq(schema.attendanceEntries.date, TUE)));
    expect(entries.map((e) => e.status)).toEqual(['Excused']);
  });

  it('keeps mine when sent again on the version the conflict showed', async () => {
    const c = await classTeacher();
    const current = (await c.get(url(TUE))).json();
    const res = await c.put('/api/attendance/register', marks(TUE, 'Absent', current.version));
    expect(res.statusCode).toBe(200);
    expect(statusOf(res.json(), bola)).toBe('Absent');
  });

  it('is refused when the teacher saw the day not taken but someone has taken it since', async () => {
    const c = await classTeacher();
    expect((await c.get(url(WED))).json().version).toBeNull();
    expect((await (await admin()).put('/api/attendance/register', marks(WED, 'Late'))).statusCode).toBe(200);
    const res = await c.put('/api/attendance/register', marks(WED, 'Absent', null));
    expect(res.statusCode).toBe(409);
    expect(statusOf(res.json().current, bola)).toBe('Late');
  });

  it('answers 400 for a version that is not one', async () => {
    const res = await (await classTeacher()).put('/api/attendance/register', marks(WED, 'Absent', 'x'.repeat(65)));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ baseVersion: 'Unknown version' });
  });

  it('saves over whatever is there without a version, as before', async () => {
    const res = await (await classTeacher()).put('/api/attendance/register', marks(WED, 'Absent'));
    expect(res.statusCode).toBe(200);
    expect(statusOf(res.json(), bola)).toBe('Absent');
  });
});
