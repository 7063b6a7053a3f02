import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createEnrolment, createStudent } from '../../test/factories';
import { keepPublishedResults, NOT_PUBLISHED_YET, UNSCORED_SUBJECTS } from './results.service';
import { admin, app, batch, english, first, jss1a, maths, row, second, setUp, student, studentIds, t, tearDown, teacher } from './results.test-kit';

/*
 * Issue 18: published results do not move. Publication keeps each class's computed results; a late
 * admission, a corrected score or a new grading scale change nothing families see until an
 * administrator re-publishes (audited with who moved). Publishing with a subject nobody has a score
 * in lists them first.
 */

beforeAll(setUp);
afterAll(tearDown);

const place = () => ({ termId: first.id, classId: jss1a.id });
const broadsheetUrl = () => `/api/records/results?termId=${first.id}&classId=${jss1a.id}`;
const adaView = async () => {
  const res = await (await student()).get(`/api/results/students/${studentIds.ada}`);
  expect(res.statusCode).toBe(200);
  return res.json().terms as Array<{
    termId: string;
    position: number | null;
    average: number | null;
    studentCount: number;
    subjects: Array<{ grade: string | null }>;
  }>;
};
const publicationRow = async (termId = first.id) => {
  const [r] = await app.db
    .select()
    .from(schema.resultPublications)
    .where(
      and(eq(schema.resultPublications.schoolId, t.school.id), eq(schema.resultPublications.termId, termId), eq(schema.resultPublications.classId, jss1a.id)),
    );
  return r ?? null;
};

describe('publishing with a subject nobody has a score in', () => {
  it('answers 409 listing the class and subjects, and publishes nothing', async () => {
    const client = await admin();
    // Mathematics scored for all four (Ada 80, Bola 70, Chi 60, Dayo 50); English not at all
    const saved = await client.put(
      '/api/records/results/scores',
      batch([row(studentIds.ada, 12, 12, 8, 48), row(studentIds.bola, 10, 10, 8, 42), row(studentIds.chi, 9, 9, 6, 36), row(studentIds.dayo, 8, 7, 5, 30)]),
    );
    expect(saved.statusCode).toBe(200);
    const res = await client.post('/api/records/results/publish', place());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: UNSCORED_SUBJECTS, unscored: [{ classId: jss1a.id, className: 'JSS 1 A', subjects: ['English'] }] });
    expect(await publicationRow()).toBeNull();
    expect(await adaView()).toEqual([]);
  });

  it('publishes once the user confirms, and says so in the audit', async () => {
    const res = await (await admin()).post('/api/records/results/publish', { ...place(), allowUnscored: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ termId: first.id, classIds: [jss1a.id], published: true });
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'results.publish')));
    expect(entry.after).toMatchObject({ unscored: [{ className: 'JSS 1 A', subjects: ['English'] }] });
    // withdrawn again, English scored, then published without a question
    await (await admin()).post('/api/records/results/unpublish', place());
    await (
      await admin()
    ).put(
      '/api/records/results/scores',
      batch([row(studentIds.ada, 12, 12, 8, 48), row(studentIds.bola, 10, 10, 8, 42), row(studentIds.chi, 9, 9, 6, 36), row(studentIds.dayo, 8, 7, 5, 30)], {
        subjectId: english.id,
      }),
    );
    expect((await (await admin()).post('/api/records/results/publish', place())).statusCode).toBe(200);
  });
});

describe('published results do not move', () => {
  let emeId: string;

  it('keeps positions, the class size and grades after a late admission, a correction and a new scale', async () => {
    const before = await adaView();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ position: 1, average: 80, studentCount: 4 });
    expect(before[0].subjects.map((s) => s.grade)).toEqual(['A', 'A']);

    // Eme joins JSS 1 A after publication and the administrator enters her (better) scores
    const eme = await createStudent(app.db, t, { firstName: 'Eme', lastName: 'Uko' });
    emeId = eme.id;
    await createEnrolment(app.db, t, { studentId: eme.id, classId: jss1a.id });
    const client = await admin();
    for (const subjectId of [maths.id, english.id]) {
      const res = await client.put('/api/records/results/scores', batch([row(eme.id, 15, 15, 10, 55)], { subjectId }));
      expect(res.statusCode).toBe(200);
      // the grid shows today's scores: five students, Eme first
      expect(res.json().rows).toHaveLength(5);
      expect(res.json().rows.find((r: { studentId: string }) => r.studentId === eme.id)).toMatchObject({ total: 95, position: 1 });
    }
    // a scale where 80 is no longer an A
    const scale = await client.put('/api/results/settings', {
      maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
      gradingScale: [
        { min: 85, max: 100, grade: 'A', point: 4, remark: 'Excellent' },
        { min: 50, max: 84, grade: 'C', point: 2, remark: 'Credit' },
        { min: 0, max: 49, grade: 'F', point: 0, remark: 'Fail' },
      ],
      passMark: 50,
      requirePin: false,
    });
    expect(scale.statusCode).toBe(200);

    expect(await adaView()).toEqual(before);
    const sheet = (await client.get(broadsheetUrl())).json();
    expect(sheet).toMatchObject({ published: true, studentCount: 4 });
    expect(sheet.students.map((s: { studentId: string }) => s.studentId)).not.toContain(eme.id);
    expect(sheet.publication.scoresChangedAt).toEqual(expect.any(String));
    expect(Date.parse(sheet.publication.scoresChangedAt)).toBeGreaterThanOrEqual(Date.parse(sheet.publication.publishedAt));
  });

  it('re-publishes on request: the corrections reach families, audited with each student who moved', async () => {
    expect((await (await teacher()).post('/api/records/results/republish', place())).statusCode).toBe(403);
    const res = await (await admin()).post('/api/records/results/republish', place());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ termId: first.id, classIds: [jss1a.id], published: true });

    const [ada] = await adaView();
    // Eme 95 first, Ada 80 second of five; 80 is a C on the new scale
    expect(ada).toMatchObject({ position: 2, average: 80, studentCount: 5 });
    expect(ada.subjects.map((s) => s.grade)).toEqual(['C', 'C']);
    const sheet = (await (await admin()).get(broadsheetUrl())).json();
    expect(sheet).toMatchObject({ studentCount: 5, publication: { scoresChangedAt: null } });

    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'results.republish')));
    const changes = (
      entry.after as {
        classes: Array<{ className: string; studentCount: object; changes: Array<{ student: string; before: object | null; after: object | null }> }>;
      }
    ).classes[0];
    expect(changes).toMatchObject({ className: 'JSS 1 A', studentCount: { before: 4, after: 5 } });
    expect(changes.changes).toContainEqual({ student: 'Uko Eme', before: null, after: { average: 95, position: 1 } });
    expect(changes.changes).toContainEqual({ student: 'Obi Ada', before: { average: 80, position: 1 }, after: { average: 80, position: 2 } });
    expect(emeId).toBeTruthy();
  });

  it('refuses to re-publish what is not published', async () => {
    const res = await (await admin()).post('/api/records/results/republish', { termId: second.id, classId: jss1a.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_PUBLISHED_YET);
  });
});

describe('publications made before results were kept', () => {
  it('are computed when read until the start-up pass keeps them', async () => {
    // Second term: Ada 40 in Mathematics alone, published by SQL the way the demo seed and 0018 left them
    await (await admin()).put('/api/records/results/scores', batch([row(studentIds.ada, 5, 5, 5, 25)], { termId: second.id }));
    await app.db.insert(schema.resultPublications).values({ schoolId: t.school.id, termId: second.id, classId: jss1a.id });
    const secondOf = async () => (await adaView()).find((term) => term.termId === second.id);
    expect(await secondOf()).toMatchObject({ average: 40, position: 1, studentCount: 5 });

    expect(await keepPublishedResults(app.db)).toBe(1);
    expect((await publicationRow(second.id))?.results).toMatchObject({ classId: jss1a.id, termId: second.id, published: true, studentCount: 5 });
    expect(await keepPublishedResults(app.db)).toBe(0);
    // kept: a later correction no longer shows
    await (await admin()).put('/api/records/results/scores', batch([row(studentIds.ada, 10, 10, 10, 50)], { termId: second.id }));
    expect(await secondOf()).toMatchObject({ average: 40 });
  });
});
