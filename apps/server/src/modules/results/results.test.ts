import { DEFAULT_PERMISSION_MATRIX, type PermissionMatrix } from '@school/shared/auth/permissions';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { TestClient } from '../../test/test-app';
import { computeClassTermResults, isTermPublished, sessionAverages } from './results.service';
import {
  app,
  t,
  other,
  jss1a,
  maths,
  english,
  first,
  second,
  studentIds,
  otherClassId,
  otherTermId,
  otherSubjectId,
  otherStudentId,
  teacher,
  okafor,
  admin,
  student,
  parent,
  otherAdmin,
  row,
  batch,
  sheetUrl,
  scoreRows,
  setUp,
  tearDown,
} from './results.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('score entry (GET/PUT /api/results/scores)', () => {
  it('gives a teacher the classes and subjects they teach only', async () => {
    const res = await (await teacher()).get('/api/results/options');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ classes: [{ id: jss1a.id, name: 'JSS 1 A' }], subjects: [{ id: maths.id, name: 'Mathematics' }] });
    expect(res.json().terms.map((x: { name: string }) => x.name)).toEqual(['First', 'Second', 'Third']);
  });

  it('shows the class’s students with empty scores before entry', async () => {
    const res = await (await teacher()).get(sheetUrl());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      className: 'JSS 1 A',
      subjectName: 'Mathematics',
      termName: 'First',
      canEdit: true,
      published: false,
      maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
    });
    expect(res.json().rows.map((r: { name: string; total: null }) => [r.name, r.total])).toEqual([
      ['Ade Bola', null],
      ['Eze Chi', null],
      ['Obi Ada', null],
      ['Ola Dayo', null],
    ]);
  });

  it('saves a whole grid and answers totals, grades and tied positions computed by the server', async () => {
    const res = await (
      await teacher()
    ).put(
      '/api/results/scores',
      batch([
        row(studentIds.ada, 15, 15, 10, 60), // 100 A+
        row(studentIds.bola, 12.5, 12.5, 10, 45), // 80 A
        row(studentIds.chi, 10, 10, 10, 50), // 80 A
        row(studentIds.dayo, 10, 9, 8, null), // 27, no exam yet: incomplete
      ]),
    );
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().rows.map((r: { name: string }) => [r.name, r]));
    expect(byName['Obi Ada']).toMatchObject({ total: 100, grade: 'A+', remark: 'Distinction', position: 1, incomplete: false });
    expect(byName['Ade Bola']).toMatchObject({ total: 80, grade: 'A', position: 2, test1: 12.5 });
    expect(byName['Eze Chi']).toMatchObject({ total: 80, grade: 'A', position: 2 });
    expect(byName['Ola Dayo']).toMatchObject({ total: 27, grade: 'F', position: 4, incomplete: true, exam: null });
    // (100 + 80 + 80 + 27) / 4 = 71.75
    expect(res.json()).toMatchObject({ classAverage: 71.75, highest: 100, lowest: 27 });
    expect((await scoreRows()).length).toBe(4);
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'scores')))
      .orderBy(desc(schema.auditLog.createdAt))
      .limit(1);
    expect(entry.action).toBe('scores.update');
    expect((entry.after as { rows: unknown[] }).rows).toHaveLength(4);
  });

  it('grades every boundary of the default scale from what is saved', async () => {
    const totals = [39, 39.5, 40, 44, 45, 49, 50, 59, 60, 69, 70, 89, 90, 100];
    const expected = ['F', 'F', 'E', 'E', 'D', 'D', 'C', 'C', 'B', 'B', 'A', 'A', 'A+', 'A+'];
    const client = await okafor();
    for (let i = 0; i < totals.length; i++) {
      // the exam carries everything above 40 (15 + 15 + 10)
      const total = totals[i];
      const r = total >= 40 ? row(studentIds.ada, 15, 15, 10, total - 40) : row(studentIds.ada, 15, 15, 9, total - 39);
      const res = await client.put('/api/results/scores', batch([r], { subjectId: english.id }));
      expect(res.statusCode, String(total)).toBe(200);
      const ada = res.json().rows.find((x: { studentId: string }) => x.studentId === studentIds.ada);
      expect([ada.total, ada.grade], String(total)).toEqual([total, expected[i]]);
    }
  });

  it('is all-or-nothing: one bad row answers 400 naming the student and field, and nothing is written', async () => {
    const before = await scoreRows();
    const client = await teacher();
    const over = await client.put('/api/results/scores', batch([row(studentIds.ada, 1, 1, 1, 1), row(studentIds.chi, 16, 10, 10, 50)]));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: 'Eze Chi: Test 1 cannot be above 15', errors: { 'rows.1.test1': 'Eze Chi: Test 1 cannot be above 15' } });
    const below = await client.put('/api/results/scores', batch([row(studentIds.ada, 1, 1, 1, 1), row(studentIds.dayo, 1, 1, 1, -1)]));
    expect(below.json()).toMatchObject({ message: 'Ola Dayo: Exam cannot be below 0', errors: { 'rows.1.exam': 'Ola Dayo: Exam cannot be below 0' } });
    const third = await client.put('/api/results/scores', batch([row(studentIds.bola, 1, 1, 2.3, 1)]));
    expect(third.json().message).toBe('Ade Bola: Assignment must be a whole or half mark');
    const stranger = await client.put('/api/results/scores', batch([row(studentIds.ada, 1, 1, 1, 1), row(otherStudentId, 1, 1, 1, 1)]));
    expect(stranger.json()).toMatchObject({
      message: 'A student in the list is not in JSS 1 A',
      errors: { 'rows.1.studentId': 'A student in the list is not in JSS 1 A' },
    });
    const twice = await client.put('/api/results/scores', batch([row(studentIds.ada, 1, 1, 1, 1), row(studentIds.ada, 2, 1, 1, 1)]));
    expect(twice.json().message).toBe('Obi Ada appears more than once');
    expect(await scoreRows()).toEqual(before);
  });

  it('asks for term, class and subject with the spec’s messages', async () => {
    const res = await (await teacher()).put('/api/results/scores', { termId: '', classId: '', subjectId: '', rows: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ termId: 'Please Select a Term', classId: 'Please Select a Class', subjectId: 'Please Select a subject' });
  });

  it('keeps teachers to their own subjects (403), other schools’ ids (404), and answers 401 signed out', async () => {
    const client = await teacher();
    const notMine = await client.get(sheetUrl(english.id));
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('You do not teach English in JSS 1 A');
    expect((await client.put('/api/results/scores', batch([], { subjectId: english.id }))).statusCode).toBe(403);
    expect((await client.get(sheetUrl(maths.id, first.id, otherClassId))).statusCode).toBe(404);
    expect((await client.get(sheetUrl(maths.id, otherTermId))).statusCode).toBe(404);
    expect((await client.get(sheetUrl(otherSubjectId))).statusCode).toBe(404);
    expect((await (await otherAdmin()).put('/api/records/results/scores', batch([]))).statusCode).toBe(404);
    expect((await new TestClient(app).get(sheetUrl())).statusCode).toBe(401);
    expect((await (await student()).get(sheetUrl())).statusCode).toBe(403);
    // administrators cannot use the teachers' route (assessments: view only) but have their own
    expect((await (await admin()).put('/api/results/scores', batch([]))).statusCode).toBe(403);
  });

  it('answers 404 naming the class, term or subject sent as something that is not an id', async () => {
    const client = await teacher();
    const cases: Array<[Promise<{ statusCode: number; json: () => { message: string } }>, string]> = [
      [client.get(sheetUrl(maths.id, first.id, 'not-an-id')), 'Class not found'],
      [client.get(sheetUrl(maths.id, 'not-an-id')), 'Term not found'],
      [client.get(sheetUrl('not-an-id')), 'Subject not found'],
      [client.put('/api/results/scores', batch([], { classId: "1' or '1'='1" })), 'Class not found'],
      [client.put('/api/results/scores', batch([], { subjectId: 'maths' })), 'Subject not found'],
      [(await admin()).get(`/api/records/results?classId=${jss1a.id}&termId=first`), 'Term not found'],
      [(await admin()).get(`/api/records/grades?classId=jss1a&termId=${first.id}`), 'Class not found'],
      [(await admin()).post('/api/records/results/publish', { termId: 'first' }), 'Term not found'],
      [(await admin()).post('/api/records/results/unpublish', { termId: first.id, classId: 'jss1a' }), 'Class not found'],
    ];
    for (const [request, message] of cases) {
      const res = await request;
      expect(res.statusCode, message).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });

  it('recomputes grades after the scale changes', async () => {
    const client = await admin();
    const saved = await client.put('/api/results/settings', {
      maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
      gradingScale: [
        { min: 85, max: 100, grade: 'A', point: 4, remark: 'Excellent' },
        { min: 50, max: 84, grade: 'C', point: 2, remark: 'Credit' },
        { min: 0, max: 49, grade: 'F', point: 0, remark: 'Fail' },
      ],
      passMark: 50,
      requirePin: false,
    });
    expect(saved.statusCode).toBe(200);
    const sheet = (await (await teacher()).get(sheetUrl())).json();
    expect(sheet.rows.find((r: { name: string }) => r.name === 'Ade Bola')).toMatchObject({ total: 80, grade: 'C', remark: 'Credit' });
    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'result_settings')));
    expect(audits).toHaveLength(1);
    // back to the defaults for the rest of the file
    await client.put('/api/results/settings', {
      maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
      gradingScale: (await import('@school/shared/results/settings')).DEFAULT_GRADING_SCALE,
      passMark: 40,
      requirePin: false,
    });
  });
});

describe('publication and what students and parents see', () => {
  const mine = (id = studentIds.ada) => `/api/results/students/${id}`;

  it('hides unpublished results from the student and the parent', async () => {
    const res = await (await student()).get(mine());
    expect(res.statusCode).toBe(200);
    expect(res.json().terms).toEqual([]);
    expect((await (await parent()).get(mine())).json().terms).toEqual([]);
    // the administrator sees them unpublished
    const adminView = (await (await admin()).get(mine())).json();
    expect(adminView.terms[0]).toMatchObject({ termName: 'First', published: false });
  });

  it('never shows another student’s results (404), nor another school’s', async () => {
    expect((await (await student()).get(mine(studentIds.bola))).statusCode).toBe(404);
    expect((await (await parent()).get(mine(studentIds.bola))).statusCode).toBe(404);
    expect((await (await admin()).get(mine(otherStudentId))).statusCode).toBe(404);
    expect((await (await teacher()).get(mine())).statusCode).toBe(403);
    expect((await new TestClient(app).get(mine())).statusCode).toBe(401);
  });

  it('publishes a class’s term (audited); the student and parent then see totals, grades and positions', async () => {
    const client = await admin();
    const res = await client.post('/api/records/results/publish', { termId: first.id, classId: jss1a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ termId: first.id, classIds: [jss1a.id], published: true });
    expect(await isTermPublished(app.db, { schoolId: t.school.id, classId: jss1a.id, termId: first.id })).toBe(true);
    expect(await isTermPublished(app.db, { schoolId: t.school.id, termId: first.id })).toBe(true);
    expect(await isTermPublished(app.db, { schoolId: t.school.id, classId: jss1a.id, termId: second.id })).toBe(false);

    const view = (await (await student()).get(mine())).json();
    expect(view.terms).toHaveLength(1);
    const term = view.terms[0];
    expect(term).toMatchObject({ termName: 'First', className: 'JSS 1 A', published: true, studentCount: 4 });
    const mathsRow = term.subjects.find((s: { subjectName: string }) => s.subjectName === 'Mathematics');
    expect(mathsRow).toMatchObject({
      test1: 15,
      test2: 15,
      assignment: 10,
      exam: 60,
      total: 100,
      grade: 'A+',
      point: 5,
      position: 1,
      highest: 100,
      lowest: 27,
      classAverage: 71.75,
    });
    // English: Ada's last boundary save was 100; Maths 100 → average 100, first in class
    expect(term).toMatchObject({ total: 200, average: 100, position: 1, subjectsTaken: 2 });
    expect((await (await parent()).get(mine())).json().terms).toHaveLength(1);
    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'result_publication')));
    expect(audits.map((a) => a.action)).toEqual(['results.publish']);
  });

  it('closes the grid to teachers once published (403); an administrator’s change is audited with before and after', async () => {
    const sheet = (await (await teacher()).get(sheetUrl())).json();
    expect(sheet).toMatchObject({ canEdit: false, lockedReason: 'These results are published; only an administrator can change them' });
    const denied = await (await teacher()).put('/api/results/scores', batch([row(studentIds.dayo, 10, 9, 8, 30)]));
    expect(denied.statusCode).toBe(403);
    const res = await (await admin()).put('/api/records/results/scores', batch([row(studentIds.dayo, 10, 9, 8, 30)]));
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.find((r: { name: string }) => r.name === 'Ola Dayo')).toMatchObject({ total: 57, grade: 'C', incomplete: false });
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'scores.update_after_publication')));
    expect(entry.before).toMatchObject({ rows: [{ studentId: studentIds.dayo, exam: null, test1: 10 }] });
    expect(entry.after).toMatchObject({ rows: [{ studentId: studentIds.dayo, exam: 30, test1: 10 }] });
  });

  it('unpublishes (whole school for the term) and hides the results again', async () => {
    const res = await (await admin()).post('/api/records/results/unpublish', { termId: first.id });
    expect(res.json()).toEqual({ termId: first.id, classIds: [jss1a.id], published: false });
    expect((await (await student()).get(mine())).json().terms).toEqual([]);
    expect((await (await teacher()).post('/api/records/results/publish', { termId: first.id })).statusCode).toBe(403);
    expect((await (await student()).post('/api/records/results/publish', { termId: first.id })).statusCode).toBe(403);
    // the administrators' records: refused to families by the route's policy (they hold records:view for their own results only)
    expect((await (await parent()).get(`/api/records/results/scores?classId=${jss1a.id}&termId=${first.id}&subjectId=${maths.id}`)).statusCode).toBe(403);
    expect((await (await otherAdmin()).post('/api/records/results/publish', { termId: first.id })).statusCode).toBe(404);
    expect((await (await admin()).post('/api/records/results/publish', { termId: first.id, classId: otherClassId })).statusCode).toBe(404);
  });
});

describe('administrators’ records: broadsheet, CSV, grades, transcript', () => {
  const place = () => `classId=${jss1a.id}&termId=${first.id}`;

  it('answers the broadsheet (same figures as the computation) and refuses others', async () => {
    const res = await (await admin()).get(`/api/records/results?${place()}`);
    expect(res.statusCode).toBe(200);
    // withdrawn above: no publication
    expect(res.json()).toEqual({
      ...(await computeClassTermResults(app.db, { schoolId: t.school.id, classId: jss1a.id, termId: first.id })),
      publication: null,
    });
    expect(res.json().subjects.map((s: { subjectName: string }) => s.subjectName)).toEqual(['English', 'Mathematics']);
    expect((await (await student()).get(`/api/records/results?${place()}`)).statusCode).toBe(403);
    expect((await (await teacher()).get(`/api/records/results?${place()}`)).statusCode).toBe(403);
    expect((await (await otherAdmin()).get(`/api/records/results?${place()}`)).statusCode).toBe(404);
    expect((await new TestClient(app).get(`/api/records/results?${place()}`)).statusCode).toBe(401);
  });

  it('exports the broadsheet as CSV', async () => {
    const res = await (await admin()).get(`/api/records/results/csv?${place()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Position,Student,Admission number,English,Mathematics,Total,Average,Subjects');
    expect(lines[1]).toMatch(/^1,Obi Ada,/);
  });

  it('answers the scale and the grade distribution per subject', async () => {
    const res = await (await admin()).get(`/api/records/grades?${place()}`);
    expect(res.statusCode).toBe(200);
    const mathsRow = res.json().subjects.find((s: { subjectName: string }) => s.subjectName === 'Mathematics');
    // 100 A+, 80 A, 80 A, 57 C
    expect(mathsRow).toMatchObject({ graded: 4, passed: 4, counts: { 'A+': 1, A: 2, B: 0, C: 1, D: 0, E: 0, F: 0 } });
    expect(res.json().scale).toHaveLength(7);
  });

  it('answers a transcript over sessions with the cumulative average', async () => {
    const res = await (await admin()).get(`/api/records/transcript/${studentIds.ada}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().sessions).toHaveLength(1);
    expect(res.json().sessions[0]).toMatchObject({ sessionName: '2023/24', className: 'JSS 1 A', cumulativeAverage: 100 });
    expect((await (await admin()).get(`/api/records/transcript/${otherStudentId}`)).statusCode).toBe(404);
    expect((await (await student()).get(`/api/records/transcript/${studentIds.ada}`)).statusCode).toBe(403);
  });

  it('averages a session over the terms with results (sessionAverages)', async () => {
    // Second term: Ada 50 in Maths only → term average 50; First term average 100 → (100 + 50) / 2 = 75
    await (await teacher()).put('/api/results/scores', batch([row(studentIds.ada, 10, 10, 10, 20)], { termId: second.id }));
    const averages = await sessionAverages(app.db, { schoolId: t.school.id, sessionId: t.session.id, classId: jss1a.id });
    expect(averages.get(studentIds.ada)).toBe(75);
    // Bola: First (80 + English none) = 80, Second none → 80
    expect(averages.get(studentIds.bola)).toBe(80);
    expect(await sessionAverages(app.db, { schoolId: other.school.id, sessionId: t.session.id, classId: jss1a.id })).toEqual(new Map());
  });
});

describe('each screen to its role, whatever the matrix grants', () => {
  async function setMatrix(matrix: PermissionMatrix) {
    await app.db.update(schema.permissionMatrices).set({ matrix }).where(eq(schema.permissionMatrices.organisationId, t.organisation.id));
  }

  it('keeps teachers out of students’ results and the records, and administrators off the teachers’ score entry, when the owner grants them the areas', async () => {
    const matrix = structuredClone(DEFAULT_PERMISSION_MATRIX);
    matrix.teacher.records = { add: false, edit: false, delete: false, view: true };
    matrix.admin.assessments = { add: true, edit: true, delete: true, view: true };
    await setMatrix(matrix);
    try {
      expect((await (await teacher()).get(`/api/results/students/${studentIds.ada}`)).statusCode).toBe(403);
      expect((await (await teacher()).get(`/api/records/results?classId=${jss1a.id}&termId=${first.id}`)).statusCode).toBe(403);
      // administrators correct scores through their records route (audited as such), not the teachers' screen
      expect((await (await admin()).put('/api/results/scores', batch([]))).statusCode).toBe(403);
      expect((await (await admin()).put('/api/records/results/scores', batch([]))).statusCode).toBe(200);
    } finally {
      await setMatrix(DEFAULT_PERMISSION_MATRIX);
    }
  });
});
