import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createEnrolment, createStaff, createStudent, termOf, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';
import { ratingsForCard } from './ratings.api';

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let ids: Record<string, string> = {};
let otherTeacherEmail: string;
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}
type Sheet = {
  traits: Array<{ id: string; name: string; domain: string }>;
  students: Array<{ studentId: string; name: string; ratings: Record<string, number> }>;
};
const sheetUrl = (classId = ids.jss1a, termId = ids.second) => `/api/ratings/sheet?termId=${termId}&classId=${classId}`;
const traitId = (sheet: Sheet, name: string) => sheet.traits.find((x) => x.name === name)!.id;

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const adeyemi = await createStaff(app.db, t, { name: 'Mrs. Funmilayo Adeyemi', userId: t.users.teacher.id });
  const okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher' });
  otherTeacherEmail = okaforUser.email;
  await createStaff(app.db, t, { name: 'Mr. Chinedu Okafor', userId: okaforUser.id });
  const jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A', classTeacherId: adeyemi.id });
  const jss1b = await createClass(app.db, t, { level: 'JSS 1', arm: 'B' });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss1a.id });
  const chi = await createStudent(app.db, t, { firstName: 'Chi', lastName: 'Eze', classId: jss1a.id });
  const emeka = await createStudent(app.db, t, { firstName: 'Emeka', lastName: 'Nwosu', classId: jss1b.id });
  const otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  ids = {
    jss1a: jss1a.id,
    jss1b: jss1b.id,
    chi: chi.id,
    emeka: emeka.id,
    second: (await termOf(app.db, t, 'Second')).id,
    otherClass: otherClass.id,
    otherTerm: (await termOf(app.db, other, 'Second')).id,
  };
});
afterAll(async () => {
  await app.close();
});

describe('ratings', () => {
  it('answers 401 signed out and 403 to students and parents', async () => {
    expect((await app.inject({ method: 'GET', url: sheetUrl() })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/ratings/traits' })).statusCode).toBe(401);
    for (const email of [t.users.student.email, t.users.parent.email]) {
      expect((await (await as(email)).get(sheetUrl())).statusCode).toBe(403);
      expect((await (await as(email)).get('/api/ratings/traits')).statusCode).toBe(403);
      expect((await (await as(email)).put('/api/ratings/sheet', { termId: ids.second, classId: ids.jss1a, entries: [] })).statusCode).toBe(403);
    }
    expect((await (await as(t.users.teacher.email)).put('/api/ratings/traits', { affective: [], psychomotor: [] })).statusCode).toBe(403);
  });

  it('gives a school the default traits once, however often they are read', async () => {
    const [first, second] = await Promise.all([
      (await as(t.users.teacher.email)).get('/api/ratings/traits'),
      (await as(t.users.admin.email)).get('/api/ratings/traits'),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().affective.map((x: { name: string }) => x.name)).toEqual([
      'Punctuality',
      'Neatness',
      'Politeness',
      'Honesty',
      'Attentiveness',
      'Self-control',
      'Relationship with others',
      'Leadership',
    ]);
    expect(first.json().psychomotor).toHaveLength(6);
    expect(first.json().canEdit).toBe(false);
    expect(second.json().canEdit).toBe(true);
    await (await as(t.users.admin.email)).get('/api/ratings/traits');
    const [{ n }] = await app.db.select({ n: count() }).from(schema.ratingTraits).where(eq(schema.ratingTraits.schoolId, t.school.id));
    expect(n).toBe(14);
  });

  it('lets the class teacher and administrators read the grid; another teacher 403, another school 404', async () => {
    const res = await (await as(t.users.teacher.email)).get(sheetUrl());
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet.students.map((s: { name: string }) => s.name)).toEqual(['Eze Chi', 'Obi Ada']);
    expect(sheet.traits).toHaveLength(14);
    expect(sheet.traits[0]).toMatchObject({ name: 'Punctuality', domain: 'affective' });
    expect(sheet.key).toEqual([
      { rating: 5, label: 'Excellent' },
      { rating: 4, label: 'Very good' },
      { rating: 3, label: 'Good' },
      { rating: 2, label: 'Fair' },
      { rating: 1, label: 'Poor' },
    ]);
    expect(sheet.canEdit).toBe(true);
    expect((await (await as(t.users.admin.email)).get(sheetUrl(ids.jss1b))).statusCode).toBe(200);
    const okafor = await (await as(otherTeacherEmail)).get(sheetUrl());
    expect([okafor.statusCode, okafor.json().message]).toEqual([403, 'Only the class teacher of JSS 1 A can rate its students']);
    expect((await (await as(t.users.teacher.email)).get(sheetUrl(ids.jss1b))).statusCode).toBe(403);
    expect((await (await as(t.users.admin.email)).get(sheetUrl(ids.otherClass))).statusCode).toBe(404);
    expect((await (await as(t.users.admin.email)).get(sheetUrl(ids.jss1a, ids.otherTerm))).statusCode).toBe(404);
    expect((await (await as(other.users.admin.email)).get(sheetUrl())).statusCode).toBe(404);
    const options = await (await as(t.users.teacher.email)).get('/api/ratings/options');
    expect(options.json().classes).toEqual([{ id: ids.jss1a, name: 'JSS 1 A' }]);
    expect((await (await as(t.users.admin.email)).get('/api/ratings/options')).json().classes).toHaveLength(2);
  });

  it('saves the whole grid at once, all or nothing, naming the student and trait of a bad cell', async () => {
    const teacher = await as(t.users.teacher.email);
    const sheet: Sheet = (await teacher.get(sheetUrl())).json();
    const punctuality = traitId(sheet, 'Punctuality');
    const handwriting = traitId(sheet, 'Handwriting');
    const put = (entries: unknown[]) => teacher.put('/api/ratings/sheet', { termId: ids.second, classId: ids.jss1a, entries });
    const good = { studentId: t.student.id, traitId: punctuality, rating: 5 };
    const countRatings = async () =>
      (
        await app.db
          .select({ n: count() })
          .from(schema.studentRatings)
          .where(inArray(schema.studentRatings.schoolId, [t.school.id, other.school.id]))
      )[0].n;

    for (const [bad, field, message] of [
      [{ studentId: ids.chi, traitId: punctuality, rating: 6 }, 'entries.1.rating', 'Eze Chi: Punctuality must be 1 to 5'],
      [{ studentId: ids.chi, traitId: handwriting, rating: '2.5' }, 'entries.1.rating', 'Eze Chi: Handwriting must be 1 to 5'],
      [{ studentId: ids.chi, traitId: handwriting, rating: 0 }, 'entries.1.rating', 'Eze Chi: Handwriting must be 1 to 5'],
      [{ studentId: ids.emeka, traitId: punctuality, rating: 3 }, 'entries.1.studentId', 'This student is not in JSS 1 A'],
      [{ studentId: other.student.id, traitId: punctuality, rating: 3 }, 'entries.1.studentId', 'This student is not in JSS 1 A'],
      [{ studentId: ids.chi, traitId: ids.jss1b, rating: 3 }, 'entries.1.traitId', 'This trait is not one of the school’s traits'],
    ] as const) {
      const res = await put([good, bad]);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await countRatings()).toBe(0);

    const saved = await put([good, { studentId: ids.chi, traitId: handwriting, rating: '4' }, { studentId: ids.chi, traitId: punctuality, rating: 2 }]);
    expect(saved.statusCode).toBe(200);
    const after: Sheet = saved.json();
    expect(after.students.find((s) => s.studentId === t.student.id)!.ratings).toEqual({ [punctuality]: 5 });
    expect(after.students.find((s) => s.studentId === ids.chi)!.ratings).toEqual({ [handwriting]: 4, [punctuality]: 2 });
    // a cleared cell deletes its rating; the administrator may save too
    const cleared = await (
      await as(t.users.admin.email)
    ).put('/api/ratings/sheet', {
      termId: ids.second,
      classId: ids.jss1a,
      entries: [{ studentId: ids.chi, traitId: punctuality, rating: null }],
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().students.find((s: { studentId: string }) => s.studentId === ids.chi).ratings).toEqual({ [handwriting]: 4 });
    expect(await countRatings()).toBe(2);
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'ratings.saved')));
    expect(n).toBe(2);

    // another teacher may not save; another school's class is not found
    const okafor = await (await as(otherTeacherEmail)).put('/api/ratings/sheet', { termId: ids.second, classId: ids.jss1a, entries: [good] });
    expect(okafor.statusCode).toBe(403);
    const foreign = await (await as(other.users.admin.email)).put('/api/ratings/sheet', { termId: ids.second, classId: ids.jss1a, entries: [good] });
    expect(foreign.statusCode).toBe(404);
    expect(await countRatings()).toBe(2);
  });

  it('lets administrators rename, reorder, add and remove traits; a rated trait is deactivated, not deleted', async () => {
    const admin = await as(t.users.admin.email);
    const traits = (await admin.get('/api/ratings/traits')).json();
    const item = (x: { id: string; name: string }) => ({ id: x.id, name: x.name });
    const [punctuality, neatness, ...rest] = traits.affective;
    const psychomotor = traits.psychomotor.map(item);

    const empty = await admin.put('/api/ratings/traits', { affective: [{ name: '  ' }], psychomotor });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Enter the name of each trait']);
    const twice = await admin.put('/api/ratings/traits', { affective: [item(punctuality), { name: 'punctuality' }], psychomotor });
    expect([twice.statusCode, twice.json().message]).toEqual([400, 'punctuality is listed twice under Affective traits']);
    const many = await admin.put('/api/ratings/traits', { affective: Array.from({ length: 21 }, (_, i) => ({ name: `Trait ${i}` })), psychomotor });
    expect([many.statusCode, many.json().message]).toEqual([400, 'Affective traits: at most 20 active traits']);

    // Punctuality (rated) and Neatness (not rated) left out; Politeness renamed and moved first; Diligence added
    const [politeness, ...others] = rest;
    const saved = await admin.put('/api/ratings/traits', {
      affective: [{ id: politeness.id, name: 'Courtesy' }, ...others.map(item), { name: 'Diligence' }],
      psychomotor,
    });
    expect(saved.statusCode).toBe(200);
    const names = saved.json().affective.map((x: { name: string; active: boolean }) => `${x.name}${x.active ? '' : ' (inactive)'}`);
    expect(names[0]).toBe('Courtesy');
    expect(names).toContain('Diligence');
    expect(names).toContain('Punctuality (inactive)');
    expect(names).not.toContain('Neatness');
    const rows = await app.db
      .select()
      .from(schema.ratingTraits)
      .where(and(eq(schema.ratingTraits.schoolId, t.school.id), eq(schema.ratingTraits.id, neatness.id)));
    expect(rows).toEqual([]);

    // the grid no longer shows Punctuality; the card still shows it where the student was rated on it
    const sheet: Sheet = (await admin.get(sheetUrl())).json();
    expect(sheet.traits.map((x) => x.name)).not.toContain('Punctuality');
    const cards = await ratingsForCard(app.db, { schoolId: t.school.id, termId: ids.second, studentIds: [t.student.id, ids.chi] });
    expect(cards.get(t.student.id)!.affective.find((r) => r.name === 'Punctuality')).toEqual({ name: 'Punctuality', rating: 5 });
    expect(cards.get(ids.chi)!.affective.map((r) => r.name)).not.toContain('Punctuality');
    expect(cards.get(ids.chi)!.psychomotor.find((r) => r.name === 'Handwriting')).toEqual({ name: 'Handwriting', rating: 4 });
    // a rated trait's cell cannot be saved any more
    const stale = await admin.put('/api/ratings/sheet', {
      termId: ids.second,
      classId: ids.jss1a,
      entries: [{ studentId: ids.chi, traitId: punctuality.id, rating: 3 }],
    });
    expect([stale.statusCode, stale.json().message]).toEqual([400, 'Punctuality is no longer rated: refresh the page']);

    // adding the name back brings the kept trait back, with its ratings
    const back = await admin.put('/api/ratings/traits', {
      affective: [
        ...saved
          .json()
          .affective.filter((x: { active: boolean }) => x.active)
          .map(item),
        { name: 'Punctuality' },
      ],
      psychomotor,
    });
    expect(back.statusCode).toBe(200);
    const again = back.json().affective.find((x: { name: string }) => x.name === 'Punctuality');
    expect(again).toMatchObject({ id: punctuality.id, active: true, rated: true });
  });

  it('puts the ratings on the report card', async () => {
    const res = await (await as(t.users.admin.email)).get(`/api/report-cards/${t.student.id}?termId=${ids.second}`);
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card.ratings.affective.find((r: { name: string }) => r.name === 'Punctuality')).toEqual({ name: 'Punctuality', rating: 5 });
    expect(card.ratings.psychomotor.find((r: { name: string }) => r.name === 'Handwriting')).toEqual({ name: 'Handwriting', rating: null });
    expect(card.ratings.key).toHaveLength(5);
  });
});
