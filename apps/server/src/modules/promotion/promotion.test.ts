import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_SESSION_REQUIRED, GRADUATE_ONLY_FINAL, PROMOTE_NOT_FINAL, TO_SESSION_NOT_LATER } from '@school/shared/academics/promotion';
import { DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStudent, createSubject, termOf } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

/**
 * Promotion from 2023/24 into 2024/25. JSS 1 A: Ada (the tenant's student) averages 65, Bola 25,
 * Chi has no scores; SSS 3 A: Dayo averages 80 (graduates), Efe 30 (repeats). Pass mark 40.
 */
let app: FastifyInstance;
let t: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TestClient;
let next: { id: string };
let previous: { id: string };
const ids = {} as Record<'jss1a' | 'sss3a' | 'bola' | 'chi' | 'dayo' | 'efe' | 'english' | 'maths', string>;

async function score(studentId: string, subjectId: string, termId: string, marks: [number, number, number, number]) {
  const [test1, test2, assignment, exam] = marks;
  await app.db.insert(schema.scores).values({ schoolId: t.school.id, studentId, subjectId, termId, test1, test2, assignment, exam });
}

async function enrolmentsIn(sessionId: string) {
  return app.db
    .select({ studentId: schema.enrolments.studentId, classId: schema.enrolments.classId })
    .from(schema.enrolments)
    .where(and(eq(schema.enrolments.schoolId, t.school.id), eq(schema.enrolments.academicSessionId, sessionId)));
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.db;
  t = await createTenant(db);
  other = await createTenant(db);
  const schoolId = t.school.id;
  [next] = await db.insert(schema.academicSessions).values({ schoolId, name: '2024/25', status: 'Pending' }).returning();
  [previous] = await db
    .select()
    .from(schema.academicSessions)
    .where(and(eq(schema.academicSessions.schoolId, schoolId), eq(schema.academicSessions.name, '2022/23')));
  const english = await createSubject(db, t, { name: 'English Language', code: 'ENG' });
  const maths = await createSubject(db, t, { name: 'Mathematics', code: 'MTH' });
  const jss1a = await createClass(db, t, { level: 'JSS 1', arm: 'A' });
  const sss3a = await createClass(db, t, { level: 'SSS 3', arm: 'A' });
  await createClassSubject(db, t, { classId: jss1a.id, subjectId: english.id });
  await createClassSubject(db, t, { classId: jss1a.id, subjectId: maths.id });
  await createClassSubject(db, t, { classId: sss3a.id, subjectId: english.id });
  await createEnrolment(db, t, { studentId: t.student.id, classId: jss1a.id });
  const pupil = (i: number, firstName: string, classId: string) =>
    createStudent(db, t, { registrationNo: `P-${i}-${schoolId.slice(0, 4)}`, firstName, lastName: 'Test', gender: 'male', classId });
  const bola = await pupil(0, 'Bola', jss1a.id);
  const chi = await pupil(1, 'Chi', jss1a.id);
  const dayo = await pupil(2, 'Dayo', sss3a.id);
  const efe = await pupil(3, 'Efe', sss3a.id);
  Object.assign(ids, { jss1a: jss1a.id, sss3a: sss3a.id, bola: bola.id, chi: chi.id, dayo: dayo.id, efe: efe.id, english: english.id, maths: maths.id });
  const first = await termOf(db, t, 'First');
  await score(t.student.id, english.id, first.id, [10, 10, 10, 40]); // 70
  await score(t.student.id, maths.id, first.id, [10, 10, 5, 35]); // 60 → average 65
  await score(bola.id, english.id, first.id, [5, 5, 0, 10]); // 20
  await score(bola.id, maths.id, first.id, [5, 5, 5, 15]); // 30 → average 25
  await score(dayo.id, english.id, first.id, [15, 15, 10, 40]); // 80
  await score(efe.id, english.id, first.id, [5, 5, 5, 15]); // 30
  admin = new TestClient(app);
  await admin.login(t.users.admin.email);
});

afterAll(async () => {
  await app?.close();
});

const viewUrl = (classId?: string, from = t.session.id, to = next.id) =>
  `/api/promotion?fromSessionId=${from}&toSessionId=${to}${classId ? `&classId=${classId}` : ''}`;

describe('promotion', () => {
  it('shows each class with its students’ cumulative averages and proposed outcomes', async () => {
    const res = await admin.get(viewUrl(ids.jss1a));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.passMark).toBe(40);
    expect(body.fromSession.name).toBe('2023/24');
    expect(body.toSession.name).toBe('2024/25');
    expect(body.classes.map((c: { className: string; studentCount: number }) => [c.className, c.studentCount])).toEqual([
      ['JSS 1 A', 3],
      ['SSS 3 A', 2],
    ]);
    const byName = Object.fromEntries(body.students.map((s: { name: string }) => [s.name.split(' ')[1], s]));
    expect(byName.Ada).toMatchObject({ average: 65, proposed: 'promote', proposedClassName: 'JSS 2 A', placedIn: null });
    expect(byName.Bola).toMatchObject({ average: 25, proposed: 'repeat', proposedClassName: 'JSS 1 A' });
    expect(byName.Chi).toMatchObject({ average: null, proposed: 'promote' });

    const sss = (await admin.get(viewUrl(ids.sss3a))).json();
    const outcomes = Object.fromEntries(
      sss.students.map((s: { name: string; proposed: string; proposedClassName: string | null }) => [s.name.split(' ')[1], [s.proposed, s.proposedClassName]]),
    );
    expect(outcomes).toEqual({ Dayo: ['graduate', null], Efe: ['repeat', 'SSS 3 A'] });
  });

  it('proposes from the school’s pass mark in the results settings', async () => {
    await app.db.insert(schema.resultSettings).values({
      schoolId: t.school.id,
      test1Max: 15,
      test2Max: 15,
      assignmentMax: 10,
      examMax: 60,
      gradingScale: DEFAULT_RESULT_SETTINGS.gradingScale,
      passMark: 70,
    });
    try {
      const body = (await admin.get(viewUrl(ids.jss1a))).json();
      expect(body.passMark).toBe(70);
      const ada = body.students.find((s: { studentId: string }) => s.studentId === t.student.id);
      expect(ada).toMatchObject({ average: 65, proposed: 'repeat' });
    } finally {
      await app.db.delete(schema.resultSettings).where(eq(schema.resultSettings.schoolId, t.school.id));
    }
  });

  it('refuses bad requests with the field’s message and writes nothing', async () => {
    let res = await admin.get(`/api/promotion?toSessionId=${next.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FROM_SESSION_REQUIRED);

    res = await admin.get(viewUrl(undefined, t.session.id, previous.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TO_SESSION_NOT_LATER);

    res = await admin.post('/api/promotion', { fromSessionId: t.session.id, toSessionId: next.id, decisions: [{ studentId: ids.bola, outcome: 'graduate' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GRADUATE_ONLY_FINAL);

    res = await admin.post('/api/promotion', { fromSessionId: t.session.id, toSessionId: next.id, decisions: [{ studentId: ids.dayo, outcome: 'promote' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PROMOTE_NOT_FINAL);

    res = await admin.post('/api/promotion', {
      fromSessionId: t.session.id,
      toSessionId: next.id,
      classId: ids.sss3a,
      decisions: [{ studentId: ids.bola, outcome: 'repeat' }],
    });
    expect(res.statusCode).toBe(400);

    res = await admin.post('/api/promotion', { fromSessionId: t.session.id, toSessionId: next.id, decisions: [{ studentId: ids.bola, outcome: 'stay' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose promote, repeat or graduate');

    expect(await enrolmentsIn(next.id)).toEqual([]);
  });

  it('answers 401, 403 and 404 across schools', async () => {
    const anonymous = new TestClient(app);
    expect((await anonymous.get(viewUrl())).statusCode).toBe(401);
    const teacher = new TestClient(app);
    await teacher.login(t.users.teacher.email);
    expect((await teacher.get(viewUrl())).statusCode).toBe(403);
    expect((await teacher.post('/api/promotion', { fromSessionId: t.session.id, toSessionId: next.id })).statusCode).toBe(403);
    const otherAdmin = new TestClient(app);
    await otherAdmin.login(other.users.admin.email);
    expect((await otherAdmin.get(viewUrl())).statusCode).toBe(404);
    expect((await otherAdmin.post('/api/promotion', { fromSessionId: t.session.id, toSessionId: next.id })).statusCode).toBe(404);
    expect((await admin.get(viewUrl(other.session.id))).statusCode).toBe(404);
    expect(await enrolmentsIn(next.id)).toEqual([]);
  });

  it('refuses students and parents (who hold academics view for their own subjects) the class averages, with 403', async () => {
    for (const role of ['student', 'parent'] as const) {
      const client = new TestClient(app);
      await client.login(t.users[role].email);
      const res = await client.get(viewUrl(ids.jss1a));
      expect(res.statusCode, role).toBe(403);
      expect(res.body, role).not.toContain('average');
    }
  });

  it('promotes, repeats and graduates in one run with overrides, and a second run changes nothing', async () => {
    const res = await admin.post('/api/promotion', {
      fromSessionId: t.session.id,
      toSessionId: next.id,
      decisions: [{ studentId: ids.bola, outcome: 'promote' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ promoted: 3, repeated: 1, graduated: 1, unchanged: 0, classesCreated: ['JSS 2 A', 'SSS 3 A'] });

    const created = await app.db
      .select()
      .from(schema.classes)
      .where(and(eq(schema.classes.schoolId, t.school.id), eq(schema.classes.academicSessionId, next.id)));
    const jss2a = created.find((c) => c.level === 'JSS 2')!;
    const sss3aNext = created.find((c) => c.level === 'SSS 3')!;
    const placed = await enrolmentsIn(next.id);
    expect(
      placed
        .filter((e) => e.classId === jss2a.id)
        .map((e) => e.studentId)
        .sort(),
    ).toEqual([t.student.id, ids.bola, ids.chi].sort());
    expect(placed.filter((e) => e.classId === sss3aNext.id).map((e) => e.studentId)).toEqual([ids.efe]);
    const [dayo] = await app.db
      .select()
      .from(schema.students)
      .where(and(eq(schema.students.schoolId, t.school.id), eq(schema.students.id, ids.dayo)));
    expect(dayo.status).toBe('graduated');
    // the new SSS 3 A takes this year's SSS 3 A subjects
    const subjects = await app.db
      .select()
      .from(schema.classSubjects)
      .where(and(eq(schema.classSubjects.schoolId, t.school.id), eq(schema.classSubjects.classId, sss3aNext.id)));
    expect(subjects.map((s) => s.subjectId)).toEqual([ids.english]);

    const again = await admin.post('/api/promotion', {
      fromSessionId: t.session.id,
      toSessionId: next.id,
      decisions: [{ studentId: ids.bola, outcome: 'repeat' }],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ promoted: 0, repeated: 0, graduated: 0, unchanged: 5, classesCreated: [] });
    expect((await enrolmentsIn(next.id)).length).toBe(4);

    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'promotion.run')));
    expect(audits).toHaveLength(1);

    const view = (await admin.get(viewUrl(ids.jss1a))).json();
    expect(view.classes.find((c: { className: string }) => c.className === 'JSS 1 A').placedCount).toBe(3);
    expect(view.students.find((s: { studentId: string }) => s.studentId === ids.bola).placedIn.className).toBe('JSS 2 A');
  });
});
