/**
 * A student's and a family's dashboards are kept under the school's version (viewers' cache): a
 * change anywhere in the school shows at the next look, and a PIN, which moves no version, counts
 * per viewer at once. Fixture: the tenant's student Ada in JSS 1 A, Mathematics 80 in the Second
 * term, published; a ₦50,000 invoice; the tenant's parent is Ada's.
 */
import { DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createSubject, termOf, type Tenant } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

const MON = '2024-01-08';

let app: FastifyInstance;
let t: Tenant;
let invoiceId: string;
const clients = new Map<string, TestClient>();

async function as(email: string) {
  if (!clients.has(email)) {
    const client = new TestClient(app);
    await client.login(email);
    clients.set(email, client);
  }
  return clients.get(email)!;
}

const parentView = async () => (await (await as(t.users.parent.email)).get(`/api/dashboard/parent?date=${MON}`)).json().children[0];
const studentView = async () => (await (await as(t.users.student.email)).get(`/api/dashboard/students/${t.student.id}?date=${MON}`)).json();

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  const db = app.db;
  const school = t.school.id;
  const second = (await termOf(db, t, 'Second')).id;
  const jss1a = await createClass(db, t, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(db, t, { studentId: t.student.id, classId: jss1a.id });
  const maths = await createSubject(db, t, { name: 'Mathematics', code: 'MTH' });
  await createClassSubject(db, t, { classId: jss1a.id, subjectId: maths.id });
  await db
    .insert(schema.scores)
    .values({ schoolId: school, termId: second, studentId: t.student.id, subjectId: maths.id, test1: 10, test2: 10, assignment: 10, exam: 50 });
  await db.insert(schema.resultPublications).values({ schoolId: school, termId: second, classId: jss1a.id });
  const [invoice] = await db.insert(schema.invoices).values({ schoolId: school, termId: second, studentId: t.student.id, classId: jss1a.id }).returning();
  invoiceId = invoice.id;
  await db.insert(schema.invoiceLines).values({ schoolId: school, invoiceId, kind: 'fee', description: 'Tuition', amountKobo: 5_000_000 });
});
afterAll(async () => {
  await app.close();
});

describe('the dashboards kept under the school’s version', () => {
  it('show a change made anywhere in the school at the next look', async () => {
    expect((await parentView()).fees).toMatchObject({ paidKobo: 0, outstandingKobo: 5_000_000 });
    expect((await parentView()).results).toMatchObject({ status: 'published', average: 80 });
    // a payment written straight to the database (as another process would) moves the school's version
    await app.db.insert(schema.payments).values({
      schoolId: t.school.id,
      organisationId: t.organisation.id,
      invoiceId,
      studentId: t.student.id,
      amountKobo: 2_000_000,
      method: 'Cash',
      status: 'Success',
    });
    expect((await parentView()).fees).toMatchObject({ paidKobo: 2_000_000, outstandingKobo: 3_000_000 });
    expect((await studentView()).fees).toMatchObject({ paidKobo: 2_000_000, outstandingKobo: 3_000_000 });
  });

  it('lock the results for each viewer until that viewer enters a PIN', async () => {
    const admin = await as(t.users.admin.email);
    expect((await admin.put('/api/results/settings', { ...DEFAULT_RESULT_SETTINGS, requirePin: true })).statusCode).toBe(200);
    expect((await studentView()).results).toMatchObject({ status: 'locked' });
    expect((await parentView()).results).toMatchObject({ status: 'locked' });

    const batch = await admin.post('/api/result-pins/batches', { quantity: 1, maxViews: 5, note: 'Second term' });
    const [{ pin }] = (await admin.get(`/api/result-pins/batches/${batch.json().id}/pins`)).json().pins;
    const termId = (await studentView()).results.termId;
    const unlock = await (await as(t.users.student.email)).post('/api/result-pins/unlock', { pin, studentId: t.student.id, termId });
    expect(unlock.statusCode).toBe(200);

    // the unlock moves no version: the student sees the results at once, the parent (another viewer) still needs a PIN
    expect((await studentView()).results).toMatchObject({ status: 'published', average: 80, position: 1 });
    expect((await parentView()).results).toMatchObject({ status: 'locked', termId });
  });
});
