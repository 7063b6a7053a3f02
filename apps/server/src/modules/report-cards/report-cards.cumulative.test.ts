import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf, type Tenant } from '../../test/factories';
import { pdfPages, pdfStrings } from '../../test/pdf';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';
import { runningJobs } from './report-cards.service';

/*
 * ADR 0034, hand-worked: JSS 2 A, a class of five, 2023/24 (First, Second, Third). Totals (100):
 *
 *            Maths              English            Third term
 *            1st  2nd  3rd      1st  2nd  3rd      average  position
 *   Ada       70   60   80       60   70   65       72.5     2nd
 *   Bisi      80   70   60       70   80   60       60       4th
 *   Chike     50   60   85       40   50   75       80       1st
 *   Dayo      60   70   50       60    -   90       70       3rd     (no English score in the Second term)
 *   Emeka     40   50   45       50   50   56       50.5     5th
 *
 * Cumulative averages (mean of the terms with a total) and the annual average (mean of those):
 *   Ada    Maths (70+60+80)/3 = 70   English (60+70+65)/3 = 65      annual (70+65)/2 = 67.5    2nd
 *   Bisi   Maths (80+70+60)/3 = 70   English (70+80+60)/3 = 70      annual 70                  1st
 *   Chike  Maths (50+60+85)/3 = 65   English (40+50+75)/3 = 55      annual 60                  4th
 *   Dayo   Maths (60+70+50)/3 = 60   English (60+90)/2 = 75         annual 67.5                2nd (tied with Ada)
 *   Emeka  Maths (40+50+45)/3 = 45   English (50+50+56)/3 = 52      annual 48.5                5th
 * The annual order (Bisi, Ada = Dayo, Chike, Emeka) is not the Third term's (Chike, Ada, Dayo, Bisi, Emeka).
 */
const TOTALS: Record<string, { maths: [number, number, number]; english: [number, number | null, number] }> = {
  ada: { maths: [70, 60, 80], english: [60, 70, 65] },
  bisi: { maths: [80, 70, 60], english: [70, 80, 60] },
  chike: { maths: [50, 60, 85], english: [40, 50, 75] },
  dayo: { maths: [60, 70, 50], english: [60, null, 90] },
  emeka: { maths: [40, 50, 45], english: [50, 50, 56] },
};
/** A total split into its components: 15 + 15 + 10 + the exam. */
const marks = (total: number) => ({ test1: 15, test2: 15, assignment: 10, exam: total - 40 });

let app: FastifyInstance;
let t: Tenant;
const ids: Record<string, string> = {};
const clients: Record<string, TestClient> = {};
async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}
const admin = () => as(t.users.admin.email);
const cardUrl = (who: string, term = 'third') => `/api/report-cards/${ids[who]}?termId=${ids[term]}`;

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  const teacher = await createStaff(app.db, t, { name: 'Mrs. Funmilayo Adeyemi', userId: t.users.teacher.id });
  const jss2a = await createClass(app.db, t, { level: 'JSS 2', arm: 'A', classTeacherId: teacher.id });
  const maths = await createSubject(app.db, t, { name: 'Mathematics' });
  const english = await createSubject(app.db, t, { name: 'English Language' });
  await createClassSubject(app.db, t, { classId: jss2a.id, subjectId: maths.id, teacherId: teacher.id });
  await createClassSubject(app.db, t, { classId: jss2a.id, subjectId: english.id, teacherId: teacher.id });
  await createEnrolment(app.db, t, { studentId: t.student.id, classId: jss2a.id });
  Object.assign(ids, { ada: t.student.id, jss2a: jss2a.id, maths: maths.id, english: english.id });
  for (const [key, firstName, lastName] of [
    ['bisi', 'Bisi', 'Adebayo'],
    ['chike', 'Chike', 'Nwosu'],
    ['dayo', 'Dayo', 'Ogun'],
    ['emeka', 'Emeka', 'Okoro'],
  ]) {
    ids[key] = (await createStudent(app.db, t, { firstName, lastName, classId: jss2a.id })).id;
  }
  const terms = [await termOf(app.db, t, 'First'), await termOf(app.db, t, 'Second'), await termOf(app.db, t, 'Third')];
  Object.assign(ids, { first: terms[0].id, second: terms[1].id, third: terms[2].id });
  const rows = Object.entries(TOTALS).flatMap(([who, subjects]) =>
    Object.entries(subjects).flatMap(([subject, totals]) =>
      totals.flatMap((total, i) =>
        total === null ? [] : [{ schoolId: t.school.id, studentId: ids[who], subjectId: ids[subject], termId: terms[i].id, ...marks(total) }],
      ),
    ),
  );
  await app.db.insert(schema.scores).values(rows);
});
afterAll(async () => {
  await Promise.all([...runningJobs]);
  await app.close();
});

type Card = {
  overall: { average: number; position: number };
  cumulative: {
    terms: Array<{ termId: string; name: string }>;
    subjects: Array<{ subjectId: string; totals: Array<number | null>; average: number | null }>;
    annualAverage: number | null;
    annualPosition: number | null;
    classSize: number;
  } | null;
};

describe('the Third term card: the three terms and the annual figures', () => {
  it('shows each term total, the cumulative averages and the annual average and position, worked by hand', async () => {
    const res = await (await admin()).get(cardUrl('dayo'));
    expect(res.statusCode, res.body).toBe(200);
    const card: Card = res.json();
    expect(card.overall).toMatchObject({ average: 70, position: 3 });
    expect(card.cumulative).toEqual({
      terms: [
        { termId: ids.first, name: 'First' },
        { termId: ids.second, name: 'Second' },
        { termId: ids.third, name: 'Third' },
      ],
      // the card's subjects, by name
      subjects: [
        { subjectId: ids.english, totals: [60, null, 90], average: 75 },
        { subjectId: ids.maths, totals: [60, 70, 50], average: 60 },
      ],
      annualAverage: 67.5,
      annualPosition: 2,
      classSize: 5,
    });
  });

  it('ranks the class on the annual average, ties sharing and the next skipping, apart from the Third term order', async () => {
    const figures: Record<string, [number, number, number | null, number | null]> = {};
    for (const who of ['ada', 'bisi', 'chike', 'dayo', 'emeka']) {
      const card: Card = (await (await admin()).get(cardUrl(who))).json();
      figures[who] = [card.overall.average, card.overall.position, card.cumulative!.annualAverage, card.cumulative!.annualPosition];
    }
    expect(figures).toEqual({
      ada: [72.5, 2, 67.5, 2],
      bisi: [60, 4, 70, 1],
      chike: [80, 1, 60, 4],
      dayo: [70, 3, 67.5, 2],
      emeka: [50.5, 5, 48.5, 5],
    });
  });

  it('has no cumulative figures on the First and Second term cards', async () => {
    expect(((await (await admin()).get(cardUrl('ada', 'second'))).json() as Card).cumulative).toBeNull();
    expect(((await (await admin()).get(cardUrl('ada', 'first'))).json() as Card).cumulative).toBeNull();
  });

  it('prints the terms’ columns and the annual figures on the card’s PDF', async () => {
    const res = await (await admin()).get(`/api/report-cards/${ids.ada}/report-card.pdf?termId=${ids.third}`);
    expect(res.statusCode).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toEqual(
      expect.arrayContaining(['1st', '2nd', '3rd', 'Term', 'Cum.', 'Annual average: 67.50', 'Annual position: 2nd of 5', 'Position: 2nd of 5']),
    );
    const second = await pdfStrings((await (await admin()).get(`/api/report-cards/${ids.ada}/report-card.pdf?termId=${ids.second}`)).rawPayload);
    expect(second.some((s) => s.startsWith('Annual'))).toBe(false);
  });

  it("prints every student's annual position in the class's PDF", async () => {
    const client = await admin();
    let job = (await client.post('/api/report-cards/class-jobs', { classId: ids.jss2a, termId: ids.third })).json();
    for (let i = 0; i < 100 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await client.get(`/api/report-cards/class-jobs/${job.id}`)).json();
    }
    expect(job).toMatchObject({ status: 'done', total: 5 });
    const pages = await pdfPages((await client.get(`/api/report-cards/class-jobs/${job.id}/report-cards.pdf`)).rawPayload);
    expect(pages).toHaveLength(5);
    const annual = pages.map((strings) => strings.find((s) => s.startsWith('Annual position:')));
    // pages in name order: Adebayo Bisi, Nwosu Chike, Obi Ada, Ogun Dayo, Okoro Emeka
    expect(annual).toEqual([
      'Annual position: 1st of 5',
      'Annual position: 4th of 5',
      'Annual position: 2nd of 5',
      'Annual position: 2nd of 5',
      'Annual position: 5th of 5',
    ]);
  });

  it('reads a published term from its kept record: a correction after publication waits for re-publication', async () => {
    const client = await admin();
    for (const term of ['first', 'second', 'third']) {
      const res = await client.post('/api/records/results/publish', { termId: ids[term], classId: ids.jss2a, allowUnscored: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Ada's First term Maths corrected from 70 to 100 after publication
    const corrected = await client.put('/api/records/results/scores', {
      termId: ids.first,
      classId: ids.jss2a,
      subjectId: ids.maths,
      rows: Object.entries(TOTALS).map(([who, s]) => ({ studentId: ids[who], ...marks(who === 'ada' ? 100 : s.maths[0]) })),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const kept: Card = (await (await as(t.users.student.email)).get(cardUrl('ada'))).json();
    expect(kept.cumulative!.subjects[1]).toEqual({ subjectId: ids.maths, totals: [70, 60, 80], average: 70 });
    expect(kept.cumulative).toMatchObject({ annualAverage: 67.5, annualPosition: 2 });
    // re-published: Maths (100+60+80)/3 = 80, annual (80+65)/2 = 72.5, now 1st ahead of Bisi's 70
    expect((await client.post('/api/records/results/republish', { termId: ids.first, classId: ids.jss2a })).statusCode).toBe(200);
    const moved: Card = (await (await as(t.users.parent.email)).get(cardUrl('ada'))).json();
    expect(moved.cumulative!.subjects[1]).toEqual({ subjectId: ids.maths, totals: [100, 60, 80], average: 80 });
    expect(moved.cumulative).toMatchObject({ annualAverage: 72.5, annualPosition: 1 });
  });
});
