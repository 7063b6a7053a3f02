import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createSubject, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;

let adeyemi: typeof schema.staff.$inferSelect; // the tenant's teacher login
let okafor: typeof schema.staff.$inferSelect; // another teacher, with a login
let jss1a: typeof schema.classes.$inferSelect;
let jss1b: typeof schema.classes.$inferSelect;
let jss2a: typeof schema.classes.$inferSelect;
let maths: typeof schema.subjects.$inferSelect;
let english: typeof schema.subjects.$inferSelect;
let mathsA: typeof schema.classSubjects.$inferSelect;
let mathsB: typeof schema.classSubjects.$inferSelect;
let englishA: typeof schema.classSubjects.$inferSelect;
let mathsJss2: typeof schema.classSubjects.$inferSelect;
let okaforUser: typeof schema.users.$inferSelect;
let otherClass: typeof schema.classes.$inferSelect;
let otherClassSubject: typeof schema.classSubjects.$inferSelect;

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
const slotUrl = (classId: string) => `/api/classes/${classId}/timetable/slots`;

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  adeyemi = await createStaff(app.db, t, { name: 'Mrs. Funmilayo Adeyemi', userId: t.users.teacher.id });
  okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher', name: 'Mr. Chinedu Okafor' });
  okafor = await createStaff(app.db, t, { name: 'Mr. Chinedu Okafor', userId: okaforUser.id });
  jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
  jss2a = await createClass(app.db, t, { level: 'JSS 2', arm: 'A', classTeacherId: okafor.id });
  maths = await createSubject(app.db, t, { name: 'Mathematics' });
  english = await createSubject(app.db, t, { name: 'English Language' });
  mathsA = await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: adeyemi.id });
  mathsB = await createClassSubject(app.db, t, { classId: jss1b.id, subjectId: maths.id, teacherId: adeyemi.id });
  englishA = await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: english.id, teacherId: okafor.id });
  mathsJss2 = await createClassSubject(app.db, t, { classId: jss2a.id, subjectId: maths.id, teacherId: adeyemi.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });

  const otherTeacher = await createStaff(app.db, other, { name: 'Other Teacher' });
  otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  const otherSubject = await createSubject(app.db, other, { name: 'Mathematics', code: 'MTH' });
  otherClassSubject = await createClassSubject(app.db, other, { classId: otherClass.id, subjectId: otherSubject.id, teacherId: otherTeacher.id });
});
afterAll(async () => {
  await app.close();
});

async function slotsOf(classId: string, schoolId = t.school.id) {
  return app.db
    .select()
    .from(schema.timetableSlots)
    .where(and(eq(schema.timetableSlots.schoolId, schoolId), eq(schema.timetableSlots.classId, classId)));
}

describe('setting a slot (PUT /api/classes/:classId/timetable/slots)', () => {
  it('sets a subject, taking its teacher from the class subject, and audits the write', async () => {
    const res = await (await admin()).put(slotUrl(jss1b.id), { day: 1, hour: 9, classSubjectId: mathsB.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.class).toMatchObject({ id: jss1b.id, name: 'JSS 1 B' });
    expect(body.canEdit).toBe(true);
    expect(body.slots).toEqual([
      expect.objectContaining({
        day: 1,
        hour: 9,
        classSubjectId: mathsB.id,
        subjectName: 'Mathematics',
        teacherId: adeyemi.id,
        teacherName: 'Mrs. Funmilayo Adeyemi',
      }),
    ]);
    expect(body.subjects.map((s: { subjectName: string }) => s.subjectName)).toEqual(['Mathematics']);
    const [row] = await slotsOf(jss1b.id);
    expect(row.teacherId).toBe(adeyemi.id);
    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'timetable_slot'), eq(schema.auditLog.entityId, row.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'timetable.slot_set', userId: t.users.admin.id, before: null });
    expect(audits[0].after).toMatchObject({ className: 'JSS 1 B', day: 1, hour: 9, subject: 'Mathematics', teacher: 'Mrs. Funmilayo Adeyemi' });
  });

  it('refuses a teacher already teaching another class at that day and hour, naming the other class (409)', async () => {
    const res = await (await admin()).put(slotUrl(jss1a.id), { day: 1, hour: 9, classSubjectId: mathsA.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Mrs. Funmilayo Adeyemi already teaches JSS 1 B at Monday 9:00 AM');
    expect(await slotsOf(jss1a.id)).toHaveLength(0);
    // another teacher's subject fits in the same hour
    const ok = await (await admin()).put(slotUrl(jss1a.id), { day: 1, hour: 9, classSubjectId: englishA.id });
    expect(ok.statusCode).toBe(200);
    // and saving the same slot again is no clash with itself
    expect((await (await admin()).put(slotUrl(jss1b.id), { day: 1, hour: 9, classSubjectId: mathsB.id })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous saves book the same teacher at the same time', async () => {
    const [first, second] = await Promise.all([
      (await admin()).put(slotUrl(jss1a.id), { day: 2, hour: 10, classSubjectId: mathsA.id }),
      (await as('admin2', t.users.admin.email)).put(slotUrl(jss2a.id), { day: 2, hour: 10, classSubjectId: mathsJss2.id }),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().message).toMatch(/^Mrs\. Funmilayo Adeyemi already teaches JSS (1 A|2 A) at Tuesday 10:00 AM$/);
    const booked = await app.db
      .select()
      .from(schema.timetableSlots)
      .where(
        and(
          eq(schema.timetableSlots.schoolId, t.school.id),
          eq(schema.timetableSlots.teacherId, adeyemi.id),
          eq(schema.timetableSlots.day, 2),
          eq(schema.timetableSlots.hour, 10),
        ),
      );
    expect(booked).toHaveLength(1);
  });

  it('answers 409 naming the other class when a concurrent save commits between the check and the write (PostgreSQL)', async () => {
    const client = await admin();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const concurrent = app.db.transaction(async (tx) => {
      await tx.insert(schema.timetableSlots).values({
        schoolId: t.school.id,
        academicSessionId: t.session.id,
        classId: jss2a.id,
        day: 3,
        hour: 11,
        classSubjectId: mathsJss2.id,
        teacherId: adeyemi.id,
      });
      inserted();
      await held;
    });
    await didInsert;
    const put = client.put(slotUrl(jss1a.id), { day: 3, hour: 11, classSubjectId: mathsA.id });
    // the save's check sees nothing yet; its insert now waits on the unique index
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await concurrent;
    const res = await put;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Mrs. Funmilayo Adeyemi already teaches JSS 2 A at Wednesday 11:00 AM');
    await app.db
      .delete(schema.timetableSlots)
      .where(and(eq(schema.timetableSlots.schoolId, t.school.id), eq(schema.timetableSlots.classId, jss2a.id), eq(schema.timetableSlots.day, 3)));
  });

  it('answers 400 with the field message for the BREAK, bad days and hours, a missing subject or another class’s subject, writing nothing', async () => {
    const client = await admin();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ day: 3, hour: 12, classSubjectId: mathsA.id }, { hour: 'No subject can be set at BREAK' }],
      [{ day: 6, hour: 9, classSubjectId: mathsA.id }, { day: 'Please Select a Day' }],
      [{ day: 3, hour: 17, classSubjectId: mathsA.id }, { hour: 'Please Select a Time' }],
      [{ day: 3, hour: 9 }, { classSubjectId: 'Please Select a subject' }],
      [{ day: 3, hour: 9, classSubjectId: 'maths' }, { classSubjectId: 'Please Select a subject' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await client.put(slotUrl(jss1a.id), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
      expect(res.json().message).toBe(Object.values(errors)[0]);
    }
    const wrongClass = await client.put(slotUrl(jss1a.id), { day: 3, hour: 9, classSubjectId: mathsB.id });
    expect(wrongClass.statusCode).toBe(400);
    expect(wrongClass.json().errors).toEqual({ classSubjectId: 'Mathematics is not a subject of JSS 1 A' });
    const wednesday = (await slotsOf(jss1a.id)).filter((s) => s.day === 3);
    expect(wednesday).toHaveLength(0);
  });

  it('clears a slot with classSubjectId null, and audits it', async () => {
    const client = await admin();
    await client.put(slotUrl(jss1a.id), { day: 4, hour: 14, classSubjectId: englishA.id });
    const res = await client.put(slotUrl(jss1a.id), { day: 4, hour: 14, classSubjectId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().slots.find((s: { day: number; hour: number }) => s.day === 4 && s.hour === 14)).toBeUndefined();
    const [cleared] = await app.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'timetable_slot'), eq(schema.auditLog.action, 'timetable.slot_cleared')),
      );
    expect(cleared.before).toMatchObject({ day: 4, hour: 14, subject: 'English Language' });
    // clearing an empty slot is fine and writes nothing
    expect((await client.put(slotUrl(jss1a.id), { day: 4, hour: 15, classSubjectId: null })).statusCode).toBe(200);
  });

  it('answers 401 signed out, 403 without the academics edit grant, 404 for another school’s class or subject', async () => {
    expect((await new TestClient(app).put(slotUrl(jss1a.id), { day: 1, hour: 8, classSubjectId: mathsA.id })).statusCode).toBe(401);
    const t403 = await (await teacher()).put(slotUrl(jss1a.id), { day: 1, hour: 8, classSubjectId: mathsA.id });
    expect(t403.statusCode).toBe(403);
    expect(t403.json().message).toBe('You do not have permission to do this');
    expect((await (await admin()).put(slotUrl(otherClass.id), { day: 1, hour: 8, classSubjectId: otherClassSubject.id })).statusCode).toBe(404);
    expect((await (await admin()).put(slotUrl(jss1a.id), { day: 1, hour: 8, classSubjectId: otherClassSubject.id })).statusCode).toBe(404);
    const stranger = await as('stranger', other.users.admin.email);
    expect((await stranger.put(slotUrl(jss1a.id), { day: 1, hour: 8, classSubjectId: mathsA.id })).statusCode).toBe(404);
    expect(await slotsOf(otherClass.id, other.school.id)).toHaveLength(0);
  });
});

describe('when a class subject’s teacher changes', () => {
  it('moves its slots to the new teacher, and refuses a change that would put them in two classes at once', async () => {
    const client = await admin();
    // English in JSS 1 A (Okafor) is on Monday 9; Okafor takes Maths in JSS 2 A on Thursday 8
    const setThursday = await client.put(slotUrl(jss2a.id), { day: 4, hour: 8, classSubjectId: mathsJss2.id });
    expect(setThursday.statusCode).toBe(200);
    await app.db
      .update(schema.classSubjects)
      .set({ teacherId: okafor.id })
      .where(and(eq(schema.classSubjects.schoolId, t.school.id), eq(schema.classSubjects.id, mathsJss2.id)));
    const moved = await app.db
      .select()
      .from(schema.timetableSlots)
      .where(and(eq(schema.timetableSlots.schoolId, t.school.id), eq(schema.timetableSlots.classSubjectId, mathsJss2.id)));
    expect(moved.every((s) => s.teacherId === okafor.id)).toBe(true);

    // Okafor already teaches JSS 1 A on Monday 9; giving him JSS 1 B's Maths (Monday 9) clashes
    await expect(
      app.db
        .update(schema.classSubjects)
        .set({ teacherId: okafor.id })
        .where(and(eq(schema.classSubjects.schoolId, t.school.id), eq(schema.classSubjects.id, mathsB.id))),
    ).rejects.toSatisfy((error: { message?: string; cause?: { message?: string } }) =>
      [error.message, error.cause?.message].some((m) => m?.includes('Mr. Chinedu Okafor already teaches JSS 1 A at Monday 9:00 AM')),
    );
    // through the API the administrator gets a 409 naming the clash, not a 500
    const viaApi = await client.request({ method: 'PATCH', url: `/api/academics/class-subjects/${mathsB.id}`, payload: { teacherId: okafor.id } });
    expect(viaApi.statusCode).toBe(409);
    expect(viaApi.json().message).toContain('Mr. Chinedu Okafor already teaches JSS 1 A at Monday 9:00 AM');
    const [still] = await app.db
      .select()
      .from(schema.classSubjects)
      .where(and(eq(schema.classSubjects.schoolId, t.school.id), eq(schema.classSubjects.id, mathsB.id)));
    expect(still.teacherId).toBe(adeyemi.id);
    // back to Adeyemi for the other tests
    await app.db
      .update(schema.classSubjects)
      .set({ teacherId: adeyemi.id })
      .where(and(eq(schema.classSubjects.schoolId, t.school.id), eq(schema.classSubjects.id, mathsJss2.id)));
  });
});

describe('reading a class timetable (GET /api/classes/:classId/timetable)', () => {
  it('shows an administrator any class of the school, with its subjects to choose from', async () => {
    const res = await (await admin()).get(`/api/classes/${jss1a.id}/timetable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().canEdit).toBe(true);
    expect(res.json().subjects.map((s: { subjectName: string }) => s.subjectName)).toEqual(['English Language', 'Mathematics']);
    expect(
      res.json().slots.some((s: { day: number; hour: number; subjectName: string }) => s.day === 1 && s.hour === 9 && s.subjectName === 'English Language'),
    ).toBe(true);
  });

  it('shows a teacher the classes they teach or are class teacher of, read-only; others 404', async () => {
    const mine = await (await teacher()).get(`/api/classes/${jss1b.id}/timetable`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ canEdit: false, subjects: [] });
    const classTeacher = await as('okafor', okaforUser.email);
    expect((await classTeacher.get(`/api/classes/${jss2a.id}/timetable`)).statusCode).toBe(200);
    expect((await classTeacher.get(`/api/classes/${jss1b.id}/timetable`)).statusCode).toBe(404);
  });

  it('shows a student their own class and a parent their child’s; other classes 404', async () => {
    const student = await as('student', t.users.student.email);
    expect((await student.get(`/api/classes/${jss1a.id}/timetable`)).statusCode).toBe(200);
    expect((await student.get(`/api/classes/${jss1b.id}/timetable`)).statusCode).toBe(404);
    const parent = await as('parent', t.users.parent.email);
    expect((await parent.get(`/api/classes/${jss1a.id}/timetable`)).statusCode).toBe(200);
    expect((await parent.get(`/api/classes/${jss2a.id}/timetable`)).statusCode).toBe(404);
  });

  it('answers 401 signed out and 404 for another school’s class or a malformed id', async () => {
    expect((await new TestClient(app).get(`/api/classes/${jss1a.id}/timetable`)).statusCode).toBe(401);
    expect((await (await admin()).get(`/api/classes/${otherClass.id}/timetable`)).statusCode).toBe(404);
    expect((await (await admin()).get('/api/classes/not-an-id/timetable')).statusCode).toBe(404);
    const stranger = await as('stranger', other.users.admin.email);
    expect((await stranger.get(`/api/classes/${jss1a.id}/timetable`)).statusCode).toBe(404);
  });
});

describe('GET /api/timetable/classes', () => {
  it('lists the selected session’s classes in level order with the number of filled slots', async () => {
    const res = await (await admin()).get('/api/timetable/classes');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.academicSessionId).toBe(t.session.id);
    expect(body.items.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 1 B', 'JSS 2 A']);
    expect(body.items[2]).toMatchObject({ classTeacherName: 'Mr. Chinedu Okafor' });
    expect(body.items.find((c: { name: string }) => c.name === 'JSS 1 B').filledSlots).toBeGreaterThan(0);
  });

  it('answers 401 signed out and 403 to a teacher', async () => {
    expect((await new TestClient(app).get('/api/timetable/classes')).statusCode).toBe(401);
    expect((await (await teacher()).get('/api/timetable/classes')).statusCode).toBe(403);
  });

  it('is the administrator’s class select: students and parents (who hold academics view) get 403, not every class', async () => {
    for (const key of ['student', 'parent'] as const) {
      const res = await (await as(key, t.users[key].email)).get('/api/timetable/classes');
      expect(res.statusCode, key).toBe(403);
      expect(res.body, key).not.toContain('JSS 1 B');
    }
  });
});

describe('GET /api/teachers/me/timetable', () => {
  it('gives the signed-in teacher their week across classes, in the selected session', async () => {
    const res = await (await teacher()).get('/api/teachers/me/timetable');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.teacher).toEqual({ id: adeyemi.id, name: 'Mrs. Funmilayo Adeyemi' });
    expect(body.slots).toEqual(expect.arrayContaining([expect.objectContaining({ day: 1, hour: 9, className: 'JSS 1 B', subjectName: 'Mathematics' })]));
    expect(body.slots.every((s: { teacherId: string }) => s.teacherId === adeyemi.id)).toBe(true);
    const older = await app.db
      .select()
      .from(schema.academicSessions)
      .where(and(eq(schema.academicSessions.schoolId, t.school.id), eq(schema.academicSessions.name, '2022/23')));
    const past = await (await teacher()).get('/api/teachers/me/timetable', { 'x-academic-session': older[0].id });
    expect(past.json().slots).toEqual([]);
  });

  it('answers an account without a staff record with an empty week; 401 signed out; 403 to a student', async () => {
    expect((await (await admin()).get('/api/teachers/me/timetable')).json()).toMatchObject({ teacher: null, slots: [] });
    expect((await new TestClient(app).get('/api/teachers/me/timetable')).statusCode).toBe(401);
    expect((await (await as('student', t.users.student.email)).get('/api/teachers/me/timetable')).statusCode).toBe(403);
  });
});

describe('GET /api/students/:studentId/timetable', () => {
  it('gives a student their class’s week and a parent their child’s', async () => {
    for (const key of ['student', 'parent'] as const) {
      const client = await as(key, t.users[key].email);
      const res = await client.get(`/api/students/${t.student.id}/timetable`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json()).toMatchObject({ student: { id: t.student.id, name: 'Ada Obi' }, class: { id: jss1a.id, name: 'JSS 1 A' } });
      expect(res.json().slots.length).toBeGreaterThan(0);
    }
  });

  it('answers 404 for someone else’s student or another school’s, 403 to a teacher, 401 signed out', async () => {
    const stranger = await as('stranger-student', other.users.student.email);
    expect((await stranger.get(`/api/students/${t.student.id}/timetable`)).statusCode).toBe(404);
    const otherParent = await as('other-parent', other.users.parent.email);
    expect((await otherParent.get(`/api/students/${t.student.id}/timetable`)).statusCode).toBe(404);
    expect((await (await as('stranger', other.users.admin.email)).get(`/api/students/${t.student.id}/timetable`)).statusCode).toBe(404);
    expect((await (await teacher()).get(`/api/students/${t.student.id}/timetable`)).statusCode).toBe(403);
    expect((await new TestClient(app).get(`/api/students/${t.student.id}/timetable`)).statusCode).toBe(401);
  });

  it('answers a student without a class in the session with no class and no slots', async () => {
    const res = await (await as('other-student', other.users.student.email)).get(`/api/students/${other.student.id}/timetable`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ class: null, slots: [] });
  });
});
