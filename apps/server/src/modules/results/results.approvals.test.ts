import {
  ALREADY_PUBLISHED,
  NOT_READY_TO_PUBLISH,
  NOT_REVIEWED,
  NOTHING_SCORED,
  sheetSubmittedLock,
  STEP_OFF,
  unsubmittedSubjects,
} from '@school/shared/results/approvals';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass } from '../../test/factories';
import { classTeacherOnly, NOT_APPROVED } from './results.approvals';
import { admin, app, batch, english, first, jss1a, maths, okafor, parent, row, setUp, student, studentIds, t, tearDown, teacher } from './results.test-kit';

/*
 * Issue 18: the approval chain (ADR 0032). The test kit's JSS 1 A has Mathematics taught by Mrs.
 * Adeyemi (`teacher`) and English by Mr. Okafor (`okafor`), who is made its class teacher here. A
 * second class of the level, JSS 1 B, has no subjects and nobody reviews it.
 */

let jss1b: typeof schema.classes.$inferSelect;

beforeAll(async () => {
  await setUp();
  const [okaforStaff] = await app.db
    .select()
    .from(schema.staff)
    .where(and(eq(schema.staff.schoolId, t.school.id), eq(schema.staff.name, 'Mr. Okafor')));
  await app.db
    .update(schema.classes)
    .set({ classTeacherId: okaforStaff.id })
    .where(and(eq(schema.classes.schoolId, t.school.id), eq(schema.classes.id, jss1a.id)));
  jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
});
afterAll(tearDown);

const sheet = (subjectId: string) => ({ termId: first.id, classId: jss1a.id, subjectId });
const fullMarks = (subjectId: string) =>
  batch([row(studentIds.ada, 12, 12, 8, 48), row(studentIds.bola, 10, 10, 8, 42), row(studentIds.chi, 9, 9, 6, 36), row(studentIds.dayo, 8, 7, 5, 30)], {
    subjectId,
  });
const sheetUrl = (subjectId: string) => `/api/results/scores?termId=${first.id}&classId=${jss1a.id}&subjectId=${subjectId}`;
type ClassRow = {
  classId: string;
  className: string;
  stage: string;
  waitingFor: string | null;
  readyToPublish: boolean;
  returnNote: string | null;
  sheets: Array<{ subjectName: string; submittedAt: string | null; returnNote: string | null; scored: number }>;
  canReview: boolean;
  canApprove: boolean;
};
const approvals = async (client: Awaited<ReturnType<typeof admin>>) => {
  const res = await client.get(`/api/results/approvals?termId=${first.id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { steps: Record<string, boolean>; classes: ClassRow[] };
};
const classRow = async (client: Awaited<ReturnType<typeof admin>>, classId = jss1a.id) => (await approvals(client)).classes.find((c) => c.classId === classId)!;
const auditActions = async () =>
  (
    await app.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), like(schema.auditLog.action, 'results.%')))
  ).map((r) => r.action);

describe('with no steps switched on (the default)', () => {
  it('lists every class as ready to publish and refuses a submission', async () => {
    const list = await approvals(await admin());
    expect(list.steps).toEqual({ submission: false, review: false, approval: false });
    expect(list.classes.map((c) => [c.className, c.stage, c.readyToPublish])).toEqual([
      ['JSS 1 A', 'entering', true],
      ['JSS 1 B', 'entering', true],
    ]);
    const res = await (await teacher()).post('/api/results/sheets/submit', sheet(maths.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STEP_OFF.submission);
  });

  it('lets only administrators switch steps on, audited', async () => {
    const steps = { submission: true, review: true, approval: true };
    expect((await (await teacher()).put('/api/results/approval-steps', steps)).statusCode).toBe(403);
    const res = await (await admin()).put('/api/results/approval-steps', steps);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ schoolId: t.school.id, ...steps });
    expect((await (await admin()).get('/api/results/approval-steps')).json()).toMatchObject(steps);
    expect(await auditActions()).toContain('results.approval_steps.update');
  });
});

describe('a subject teacher submits a sheet', () => {
  it('refuses an empty sheet and another teacher’s subject', async () => {
    const empty = await (await teacher()).post('/api/results/sheets/submit', sheet(maths.id));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(NOTHING_SCORED);
    const notMine = await (await teacher()).post('/api/results/sheets/submit', sheet(english.id));
    expect(notMine.statusCode).toBe(403);
  });

  it('closes the grid to its teacher once submitted, and says by whom', async () => {
    const client = await teacher();
    expect((await client.put('/api/results/scores', fullMarks(maths.id))).statusCode).toBe(200);
    const res = await client.post('/api/results/sheets/submit', sheet(maths.id));
    expect(res.statusCode).toBe(200);
    const view = (await client.get(sheetUrl(maths.id))).json();
    expect(view.canEdit).toBe(false);
    expect(view.lockedReason).toBe(sheetSubmittedLock('Mathematics', 'JSS 1 A'));
    expect(view.approval).toMatchObject({ submissionOn: true, submittedByName: t.users.teacher.name, canSubmit: false });
    const save = await client.put('/api/results/scores', fullMarks(maths.id));
    expect(save.statusCode).toBe(403);
    expect(save.json().message).toBe(sheetSubmittedLock('Mathematics', 'JSS 1 A'));
  });

  it('shows a subject teacher only their own sheets, with nothing to review', async () => {
    const list = await approvals(await teacher());
    expect(list.classes.map((c) => c.className)).toEqual(['JSS 1 A']);
    expect(list.classes[0].sheets.map((s) => [s.subjectName, Boolean(s.submittedAt), s.scored])).toEqual([['Mathematics', true, 4]]);
    expect(list.classes[0].canReview).toBe(false);
  });

  it('keeps families out of the chain', async () => {
    expect((await (await parent()).get(`/api/results/approvals?termId=${first.id}`)).statusCode).toBe(403);
    expect((await (await student()).post('/api/results/sheets/submit', sheet(maths.id))).statusCode).toBe(403);
  });
});

describe('the class teacher reviews the class', () => {
  it('refuses a teacher who is not the class teacher', async () => {
    const res = await (await teacher()).post('/api/results/approvals/review', { termId: first.id, classId: jss1a.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(classTeacherOnly('JSS 1 A'));
    const back = await (await teacher()).post('/api/results/sheets/return', { ...sheet(maths.id), note: 'Check' });
    expect(back.statusCode).toBe(403);
  });

  it('cannot review while a sheet is not in, and publishing says what it waits for', async () => {
    const res = await (await okafor()).post('/api/results/approvals/review', { termId: first.id, classId: jss1a.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: unsubmittedSubjects(['English']), subjects: ['English'] });
    const publish = await (await admin()).post('/api/records/results/publish', { termId: first.id, classId: jss1a.id });
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toMatchObject({
      message: NOT_READY_TO_PUBLISH,
      notReady: [{ classId: jss1a.id, className: 'JSS 1 A', reason: unsubmittedSubjects(['English']) }],
    });
  });

  it('returns a sheet with a note its teacher reads, and the teacher resubmits', async () => {
    const okaforClient = await okafor();
    expect((await okaforClient.put('/api/results/scores', fullMarks(english.id))).statusCode).toBe(200);
    expect((await okaforClient.post('/api/results/sheets/submit', sheet(english.id))).statusCode).toBe(200);
    const missingNote = await okaforClient.post('/api/results/sheets/return', { ...sheet(maths.id), note: ' ' });
    expect(missingNote.statusCode).toBe(400);
    const back = await okaforClient.post('/api/results/sheets/return', { ...sheet(maths.id), note: 'Dayo’s exam looks low: please check.' });
    expect(back.statusCode).toBe(200);

    const adeyemi = await teacher();
    const view = (await adeyemi.get(sheetUrl(maths.id))).json();
    expect(view.canEdit).toBe(true);
    expect(view.approval).toMatchObject({
      submittedAt: null,
      returnedByName: 'Mr. Okafor',
      returnNote: 'Dayo’s exam looks low: please check.',
      canSubmit: true,
    });
    const fixed = fullMarks(maths.id);
    fixed.rows[3] = row(studentIds.dayo, 8, 7, 5, 40);
    expect((await adeyemi.put('/api/results/scores', fixed)).statusCode).toBe(200);
    expect((await adeyemi.post('/api/results/sheets/submit', sheet(maths.id))).statusCode).toBe(200);
    expect((await classRow(okaforClient)).stage).toBe('submitted');
  });

  it('lets an administrator return and submit a sheet for its teachers, through the records routes', async () => {
    const client = await admin();
    // the teachers' routes are the teachers' (the permission matrix gives administrators no assessments: edit)
    expect((await client.post('/api/results/sheets/return', { ...sheet(maths.id), note: 'Recount' })).statusCode).toBe(403);
    expect((await client.post('/api/records/results/sheets/return', { ...sheet(maths.id), note: 'Recount' })).statusCode).toBe(200);
    expect((await (await teacher()).get(sheetUrl(maths.id))).json().approval.returnNote).toBe('Recount');
    expect((await client.post('/api/records/results/sheets/submit', sheet(maths.id))).statusCode).toBe(200);
    expect((await (await teacher()).get(sheetUrl(maths.id))).json().canEdit).toBe(false);
  });

  it('marks the class reviewed', async () => {
    const res = await (await okafor()).post('/api/results/approvals/review', { termId: first.id, classId: jss1a.id });
    expect(res.statusCode).toBe(200);
    const mine = await classRow(await okafor());
    expect(mine).toMatchObject({ stage: 'reviewed', waitingFor: NOT_APPROVED, canReview: false, canApprove: false });
  });
});

describe('the principal approves', () => {
  it('approves a whole level: the reviewed class, leaving the other with why', async () => {
    const res = await (await admin()).post('/api/results/approvals/approve', { termId: first.id, level: 'JSS 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      approved: [{ classId: jss1a.id, className: 'JSS 1 A' }],
      skipped: [{ classId: jss1b.id, className: 'JSS 1 B', reason: NOT_REVIEWED }],
    });
    expect(await classRow(await admin())).toMatchObject({ stage: 'approved', readyToPublish: true, waitingFor: null });
  });

  it('is for administrators only', async () => {
    const res = await (await okafor()).post('/api/results/approvals/approve', { termId: first.id, classIds: [jss1a.id] });
    expect(res.statusCode).toBe(403);
  });

  it('returns a class to its class teacher with a note, undoing review and approval', async () => {
    const res = await (await admin()).post('/api/results/approvals/return', { termId: first.id, classId: jss1a.id, note: 'Add the comments first.' });
    expect(res.statusCode).toBe(200);
    expect(await classRow(await okafor())).toMatchObject({ stage: 'submitted', returnNote: 'Add the comments first.', canReview: true });
    // a returned sheet undoes a review too
    expect((await (await okafor()).post('/api/results/approvals/review', { termId: first.id, classId: jss1a.id })).statusCode).toBe(200);
    expect((await (await admin()).post('/api/results/approvals/approve', { termId: first.id, classIds: [jss1a.id] })).json().approved).toHaveLength(1);
  });
});

describe('publication under the steps', () => {
  it('refuses a whole term while a class is not through, and publishes the ready ones when asked', async () => {
    const client = await admin();
    const refused = await client.post('/api/records/results/publish', { termId: first.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().notReady).toEqual([{ classId: jss1b.id, className: 'JSS 1 B', reason: NOT_REVIEWED }]);
    const res = await client.post('/api/records/results/publish', { termId: first.id, onlyReady: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ termId: first.id, classIds: [jss1a.id], published: true });
    expect((await classRow(client)).stage).toBe('published');
  });

  it('leaves a published class alone', async () => {
    const res = await (await okafor()).post('/api/results/sheets/return', { ...sheet(maths.id), note: 'Too late' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(ALREADY_PUBLISHED);
  });

  it('audited every step', async () => {
    const actions = await auditActions();
    for (const action of ['results.sheet_submit', 'results.sheet_return', 'results.class_review', 'results.approve', 'results.class_return', 'results.publish'])
      expect(actions).toContain(action);
  });
});
