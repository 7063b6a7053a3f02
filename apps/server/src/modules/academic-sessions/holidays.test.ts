import {
  HOLIDAY_END_BEFORE_START,
  HOLIDAY_NAME_REQUIRED,
  HOLIDAY_NAME_TOO_LONG,
  HOLIDAY_NO_WEEKDAY,
  holidayOutsideTermMessage,
} from '@school/shared/academics/holidays';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createStaff } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { registersNotMarked, termAttendanceSummary } from '../attendance/attendance.api';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let secondTerm: string;
let jss1a: string;
let adeyemi: string;
const clients: Record<string, TestClient> = {};

async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}
const admin = () => as(t.users.admin.email);
const listUrl = (sessionId = t.session.id) => `/api/academic-sessions/${sessionId}/holidays`;
const addUrl = (sessionId = t.session.id) => `/api/settings/academic-sessions/${sessionId}/holidays`;
const holidayUrl = (id: string) => `/api/settings/holidays/${id}`;

async function add(name: string, startDate: string, endDate = startDate) {
  const res = await (await admin()).post(addUrl(), { name, startDate, endDate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; startDate: string; endDate: string; weekdays: number; termName: string };
}

async function auditOf(entityId: string) {
  return app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entityId, entityId)));
}

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const staff = await createStaff(app.db, t, { userId: t.users.teacher.id, name: 'Mrs. Adeyemi' });
  adeyemi = staff.id;
  jss1a = (await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: staff.id })).id;
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a });
  const [second] = await app.db
    .select()
    .from(schema.terms)
    .where(and(eq(schema.terms.schoolId, t.school.id), eq(schema.terms.name, 'Second')));
  secondTerm = second.id;
});
afterAll(async () => {
  await app?.close();
});

// The tenant's 2023/24 terms: First 11 Sep – 15 Dec 2023, Second 8 Jan – 5 Apr 2024 (65 weekdays), Third 29 Apr – 26 Jul 2024.
describe('adding and listing holidays', () => {
  it('adds a holiday inside a term, lists it with its weekdays closed, and audits it', async () => {
    const created = await add('  Mid-term break ', '2024-02-21', '2024-02-25');
    expect(created).toMatchObject({ name: 'Mid-term break', startDate: '2024-02-21', endDate: '2024-02-25', weekdays: 3, termName: 'Second' });
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({ action: 'holiday.created', userId: t.users.admin.id, after: { name: 'Mid-term break', startDate: '2024-02-21' } });
    await add('Good Friday', '2024-03-29');
    const list = await (await admin()).get(listUrl());
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((h: { name: string; weekdays: number }) => [h.name, h.weekdays])).toEqual([
      ['Mid-term break', 3],
      ['Good Friday', 1],
    ]);
  });

  it('lets the school’s teachers read the holidays, but not change them', async () => {
    const teacher = await as(t.users.teacher.email);
    const list = await teacher.get(listUrl());
    expect(list.statusCode).toBe(200);
    expect(list.json().items.length).toBeGreaterThan(0);
    expect((await teacher.post(addUrl(), { name: 'Extra day', startDate: '2024-03-04', endDate: '2024-03-04' })).statusCode).toBe(403);
    const id = list.json().items[0].id;
    expect((await teacher.request({ method: 'DELETE', url: holidayUrl(id) })).statusCode).toBe(403);
    for (const role of ['student', 'parent'] as const) expect((await (await as(t.users[role].email)).get(listUrl())).statusCode, role).toBe(403);
    expect((await new TestClient(app).get(listUrl())).statusCode).toBe(401);
  });

  it('answers 404 for another school’s session or holiday', async () => {
    const otherAdmin = await as(other.users.admin.email);
    expect((await otherAdmin.get(listUrl())).statusCode).toBe(404);
    expect((await otherAdmin.post(addUrl(), { name: 'Sneaky', startDate: '2024-03-04', endDate: '2024-03-04' })).statusCode).toBe(404);
    const [mine] = (await (await admin()).get(listUrl())).json().items;
    const res = await otherAdmin.request({ method: 'DELETE', url: holidayUrl(mine.id) });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Holiday not found']);
    const put = await otherAdmin.put(holidayUrl(mine.id), { name: 'Renamed', startDate: mine.startDate, endDate: mine.endDate });
    expect(put.statusCode).toBe(404);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const a = await admin();
    const cases: Array<[unknown, string, string]> = [
      [{ name: ' ', startDate: '2024-03-04', endDate: '2024-03-04' }, 'name', HOLIDAY_NAME_REQUIRED],
      [{ name: 'x'.repeat(81), startDate: '2024-03-04', endDate: '2024-03-04' }, 'name', HOLIDAY_NAME_TOO_LONG],
      [{ name: 'Bad date', startDate: '2024-02-30', endDate: '2024-03-04' }, 'startDate', 'Invalid date'],
      [{ name: 'Backwards', startDate: '2024-03-06', endDate: '2024-03-04' }, 'endDate', HOLIDAY_END_BEFORE_START],
      [{ name: 'Weekend', startDate: '2024-03-09', endDate: '2024-03-10' }, 'startDate', HOLIDAY_NO_WEEKDAY],
      [{ name: 'Between terms', startDate: '2024-04-08', endDate: '2024-04-08' }, 'startDate', holidayOutsideTermMessage('2023/24')],
      [{ name: 'Across two terms', startDate: '2024-04-04', endDate: '2024-04-30' }, 'startDate', holidayOutsideTermMessage('2023/24')],
    ];
    for (const [payload, field, message] of cases) {
      const res = await a.post(addUrl(), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const missing = await a.post(addUrl(), {});
    expect(missing.json().errors).toMatchObject({ name: HOLIDAY_NAME_REQUIRED, startDate: 'First day is required', endDate: 'Last day is required' });
    const names = (await a.get(listUrl())).json().items.map((h: { name: string }) => h.name);
    expect(names).toEqual(['Mid-term break', 'Good Friday']);
  });

  it('refuses a holiday sharing a day with another, naming it', async () => {
    const res = await (await admin()).post(addUrl(), { name: 'Long weekend', startDate: '2024-02-23', endDate: '2024-02-26' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('These dates overlap another holiday: Mid-term break (21 February 2024 to 25 February 2024)');
  });

  it('refuses a holiday over a day a register was taken', async () => {
    const teacher = await as(t.users.teacher.email);
    const taken = await teacher.put('/api/attendance/register', {
      classId: jss1a,
      date: '2024-01-09',
      entries: [{ studentId: t.student.id, status: 'Present' }],
    });
    expect(taken.statusCode).toBe(200);
    const res = await (await admin()).post(addUrl(), { name: 'Too late', startDate: '2024-01-08', endDate: '2024-01-10' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A register was taken on 9 January 2024, so the school was open that day');
  });
});

describe('changing and removing holidays', () => {
  it('renames and moves a holiday, audited with before and after', async () => {
    const friday = (await (await admin()).get(listUrl())).json().items.find((h: { name: string }) => h.name === 'Good Friday');
    const res = await (await admin()).put(holidayUrl(friday.id), { name: 'Easter break', startDate: '2024-03-28', endDate: '2024-04-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Easter break', startDate: '2024-03-28', endDate: '2024-04-01', weekdays: 3 });
    const entry = (await auditOf(friday.id)).find((e) => e.action === 'holiday.updated');
    expect(entry).toMatchObject({ before: { name: 'Good Friday', startDate: '2024-03-29' }, after: { name: 'Easter break', startDate: '2024-03-28' } });
    // moving it over the mid-term break is refused; keeping its own days is not an overlap
    const clash = await (await admin()).put(holidayUrl(friday.id), { name: 'Easter break', startDate: '2024-02-23', endDate: '2024-02-27' });
    expect(clash.statusCode).toBe(400);
  });

  it('removes a holiday, audited', async () => {
    const extra = await add('Sports day', '2024-03-14');
    const res = await (await admin()).request({ method: 'DELETE', url: holidayUrl(extra.id) });
    expect(res.statusCode).toBe(204);
    expect((await auditOf(extra.id)).map((e) => e.action)).toEqual(expect.arrayContaining(['holiday.created', 'holiday.deleted']));
    expect((await (await admin()).request({ method: 'DELETE', url: holidayUrl(extra.id) })).statusCode).toBe(404);
  });
});

describe('school days less holidays', () => {
  // holidays now: Mid-term break 21–23 Feb (3 weekdays), Easter break 28 Mar – 1 Apr (3 weekdays)
  it('counts times school opened as the term’s weekdays less holidays, up to today', async () => {
    const summary = await termAttendanceSummary(app.db, { schoolId: t.school.id, termId: secondTerm, studentIds: [t.student.id] });
    expect(summary.get(t.student.id)).toEqual({ present: 1, absent: 0, late: 0, excused: 0, daysOpen: 65 - 6 });
    const midTerm = await termAttendanceSummary(app.db, { schoolId: t.school.id, termId: secondTerm, studentIds: [t.student.id], today: '2024-02-22' });
    // 8 Jan – 22 Feb: 34 weekdays, less 21 and 22 February
    expect(midTerm.get(t.student.id)?.daysOpen).toBe(32);
  });

  it('refuses a register on a holiday, naming it, and reads none', async () => {
    const teacher = await as(t.users.teacher.email);
    const save = await teacher.put('/api/attendance/register', {
      classId: jss1a,
      date: '2024-02-22',
      entries: [{ studentId: t.student.id, status: 'Present' }],
    });
    expect(save.statusCode).toBe(400);
    expect(save.json()).toMatchObject({
      message: '22 February 2024 is a holiday: Mid-term break',
      errors: { date: '22 February 2024 is a holiday: Mid-term break' },
    });
    expect((await teacher.get(`/api/attendance/register?classId=${jss1a}&date=2024-04-01`)).json().message).toBe('1 April 2024 is a holiday: Easter break');
    expect(await registersNotMarked(app.db, { schoolId: t.school.id, staffId: adeyemi, date: '2024-02-22' })).toEqual([]);
  });
});
