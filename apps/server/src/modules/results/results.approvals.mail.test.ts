import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createStaff, createStudent } from '../../test/factories';
import { createUser } from '../../test/test-app';
import { admin, app, batch, english, first, jss1a, maths, okafor, row, setUp, studentIds, t, tearDown, teacher } from './results.test-kit';

/*
 * The approval chain tells the next person it is their turn (ADR 0032, addendum), read here from the
 * outbox. As in results.approvals.test.ts, JSS 1 A has Mathematics by Mrs. Adeyemi (`teacher`) and
 * English by Mr. Okafor (`okafor`), its class teacher. The school has a second administrator, and a
 * third whose account is disabled. JSS 1 B's class teacher has an address but no account.
 */

let okaforEmail: string;
let secondAdmin: typeof schema.users.$inferSelect;
let disabledAdmin: typeof schema.users.$inferSelect;
let jss1b: typeof schema.classes.$inferSelect;
let emeka: string;
const noAccountEmail = 'mr.bello@example.test';

beforeAll(async () => {
  await setUp();
  const [okaforStaff] = await app.db
    .select()
    .from(schema.staff)
    .where(and(eq(schema.staff.schoolId, t.school.id), eq(schema.staff.name, 'Mr. Okafor')));
  const [okaforUser] = await app.db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.schoolId, t.school.id), eq(schema.users.id, okaforStaff.userId!)));
  okaforEmail = okaforUser.email;
  await app.db
    .update(schema.classes)
    .set({ classTeacherId: okaforStaff.id })
    .where(and(eq(schema.classes.schoolId, t.school.id), eq(schema.classes.id, jss1a.id)));
  secondAdmin = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'admin', name: 'Mrs. Principal' });
  disabledAdmin = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'admin', status: 'disabled' });

  const bello = await createStaff(app.db, t, { name: 'Mr. Bello', email: noAccountEmail });
  jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B', classTeacherId: bello.id });
  const [adeyemi] = await app.db
    .select()
    .from(schema.staff)
    .where(and(eq(schema.staff.schoolId, t.school.id), eq(schema.staff.userId, t.users.teacher.id)));
  await createClassSubject(app.db, t, { classId: jss1b.id, subjectId: maths.id, teacherId: adeyemi.id });
  emeka = (await createStudent(app.db, t, { firstName: 'Emeka', lastName: 'Eze', classId: jss1b.id })).id;
});
afterAll(tearDown);

type Mail = { to: string; subject: string; body: string };
const mailTo = async (address: string) => (await (await admin()).get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).json().items as Mail[];

const sheet = (subjectId: string, classId = jss1a.id) => ({ termId: first.id, classId, subjectId });
const fullMarks = (subjectId: string) =>
  batch([row(studentIds.ada, 12, 12, 8, 48), row(studentIds.bola, 10, 10, 8, 42), row(studentIds.chi, 9, 9, 6, 36), row(studentIds.dayo, 8, 7, 5, 30)], {
    subjectId,
  });
const steps = async (on: { submission: boolean; review: boolean; approval: boolean }) =>
  expect((await (await admin()).put('/api/results/approval-steps', on)).statusCode).toBe(200);
const submit = async (client: Awaited<ReturnType<typeof teacher>>, subjectId: string, classId = jss1a.id) =>
  expect((await client.post('/api/results/sheets/submit', sheet(subjectId, classId))).statusCode).toBe(200);
const complete = 'JSS 1 A: every subject is submitted for First term';

describe('the class teacher, when every sheet is in', () => {
  it('is not told while a sheet is still out', async () => {
    await steps({ submission: true, review: true, approval: true });
    const okaforClient = await okafor();
    expect((await okaforClient.put('/api/results/scores', fullMarks(english.id))).statusCode).toBe(200);
    await submit(okaforClient, english.id);
    expect(await mailTo(okaforEmail)).toEqual([]);
  });

  it('gets one mail, linking to the review, when the last sheet is submitted (and none for a retry)', async () => {
    const adeyemi = await teacher();
    expect((await adeyemi.put('/api/results/scores', fullMarks(maths.id))).statusCode).toBe(200);
    await submit(adeyemi, maths.id);
    await submit(adeyemi, maths.id);
    const mails = await mailTo(okaforEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(complete);
    expect(mails[0].body).toContain('Dear Mr. Okafor');
    expect(mails[0].body).toContain(`/teachers/approvals?termId=${first.id}`);
    // nobody else's turn yet
    expect(await mailTo(t.users.admin.email)).toEqual([]);
  });

  it('is left alone when the class teacher has no account', async () => {
    const adeyemi = await teacher();
    expect((await adeyemi.put('/api/results/scores', batch([row(emeka, 1, 1, 1, 1)], { classId: jss1b.id }))).statusCode).toBe(200);
    await submit(adeyemi, maths.id, jss1b.id);
    expect(await mailTo(noAccountEmail)).toEqual([]);
  });
});

describe('the subject teacher, when a sheet is returned', () => {
  it('gets the note and a link to the sheet; the class complete again tells the class teacher again', async () => {
    const note = 'Dayo’s exam looks low: please check.';
    expect((await (await okafor()).post('/api/results/sheets/return', { ...sheet(maths.id), note })).statusCode).toBe(200);
    const [mail, ...more] = await mailTo(t.users.teacher.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('JSS 1 A: your Mathematics sheet was returned (First term)');
    expect(mail.body).toContain(note);
    expect(mail.body).toContain('Mr. Okafor returned your Mathematics score sheet');
    expect(mail.body).toContain(`/teachers/assessments/results?termId=${first.id}&classId=${jss1a.id}&subjectId=${maths.id}`);

    await submit(await teacher(), maths.id);
    expect((await mailTo(okaforEmail)).map((m) => m.subject)).toEqual([complete, complete]);
  });
});

describe('the administrators, when a class is reviewed', () => {
  it('each get one mail naming the class and linking to the approvals screen', async () => {
    const review = () => okafor().then((c) => c.post('/api/results/approvals/review', { termId: first.id, classId: jss1a.id }));
    expect((await review()).statusCode).toBe(200);
    expect((await review()).statusCode).toBe(200);
    for (const address of [t.users.admin.email, secondAdmin.email]) {
      const mails = await mailTo(address);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('JSS 1 A: reviewed and ready for approval (First term)');
      expect(mails[0].body).toContain('Mr. Okafor has reviewed the results of JSS 1 A');
      expect(mails[0].body).toContain(`/admin/records/approvals?termId=${first.id}`);
    }
    expect(await mailTo(disabledAdmin.email)).toEqual([]);
  });

  it('returning the class tells its class teacher, with the note', async () => {
    const note = 'Add the comments first.';
    expect((await (await admin()).post('/api/results/approvals/return', { termId: first.id, classId: jss1a.id, note })).statusCode).toBe(200);
    const [mail] = await mailTo(okaforEmail);
    expect(mail.subject).toBe('JSS 1 A: returned to you (First term)');
    expect(mail.body).toContain(note);
    expect(mail.body).toContain(`/teachers/approvals?termId=${first.id}`);
    // the administrator who returned it is not told about it
    expect(await mailTo(t.users.admin.email)).toHaveLength(1);
  });
});

describe('steps switched off', () => {
  it('mails no administrator for a review without the principal’s step', async () => {
    await steps({ submission: true, review: true, approval: false });
    expect((await (await okafor()).post('/api/results/approvals/review', { termId: first.id, classId: jss1a.id })).statusCode).toBe(200);
    expect(await mailTo(t.users.admin.email)).toHaveLength(1);
    expect(await mailTo(secondAdmin.email)).toHaveLength(1);
  });

  it('mails no class teacher when the class completes without the review step', async () => {
    await steps({ submission: true, review: false, approval: false });
    const before = (await mailTo(okaforEmail)).length;
    expect((await (await okafor()).post('/api/results/sheets/return', { ...sheet(maths.id), note: 'Once more' })).statusCode).toBe(200);
    await submit(await teacher(), maths.id);
    expect(await mailTo(okaforEmail)).toHaveLength(before);
  });
});
