import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { type FakePaystack, startFakePaystack } from '../../test/fake-paystack';
import { createClass, createEnrolment, createStudent, termOf } from '../../test/factories';
import { createTenant, freshDatabase, TestClient } from '../../test/test-app';

/**
 * The world the finance tests share (finance.test.ts, finance.online.test.ts). Each file builds its own with
 * `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 */
type Tenant = Awaited<ReturnType<typeof createTenant>>;

export let app: FastifyInstance;
export let db: Db;
export let fake: FakePaystack;
export let t: Tenant;
export let other: Tenant;
export let jss1a: typeof schema.classes.$inferSelect;
export let second: typeof schema.terms.$inferSelect;
export let third: typeof schema.terms.$inferSelect;
export let bola: typeof schema.students.$inferSelect;
export const SECRET = 'sk_test_4f1b2c3d4e5f60718293a4b5c6d7e8f9abcd';
export const PUBLIC = 'pk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9ef01';
let uploadsDir: string;

const clients = new Map<string, TestClient>();
export async function client(email: string) {
  let c = clients.get(email);
  if (!c) {
    c = new TestClient(app);
    await c.login(email);
    clients.set(email, c);
  }
  return c;
}

export async function setUp() {
  fake = await startFakePaystack();
  const database = await freshDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-uploads-'));
  app = await buildApp({
    database,
    serveWeb: false,
    config: { logLevel: 'silent', exposeOutbox: true, loginIpLimit: 10_000, uploadsDir, paystackBaseUrl: fake.url, secretsKey: 'a'.repeat(64) },
  });
  await app.ready();
  db = app.db;
  t = await createTenant(db);
  other = await createTenant(db);
  jss1a = await createClass(db, t, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(db, t, { studentId: t.student.id, classId: jss1a.id });
  bola = await createStudent(db, t, { registrationNo: 'REG-BOLA', firstName: 'Bola', lastName: 'Ade', gender: 'male', classId: jss1a.id });
  await db
    .update(schema.guardians)
    .set({ email: 'mrs.obi@mail.ng', phone: '08031234567' })
    .where(and(eq(schema.guardians.schoolId, t.school.id), eq(schema.guardians.id, t.guardian.id)));
  second = await termOf(db, t, 'Second');
  third = await termOf(db, t, 'Third');
}

export async function tearDown() {
  await app?.close();
  await fake?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
}

export async function invoiceOf(studentId: string, termId = second.id) {
  const admin = await client(t.users.admin.email);
  const res = await admin.get(`/api/finance/invoices?termId=${termId}`);
  return (res.json().items as Array<{ id: string; studentId: string; dueKobo: number; paidKobo: number; balanceKobo: number; feeStatus: string }>).find(
    (i) => i.studentId === studentId,
  )!;
}

/**
 * The second term as finance.test.ts bills it before the online tests: Tuition ₦45,000, PTA ₦5,000.50 and
 * Books ₦2,000 for JSS 1, invoiced to Ada and Bola, and Ada's ₦20,000 cash part payment (balance ₦32,000.50).
 */
export async function billSecondTerm() {
  const admin = await client(t.users.admin.email);
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  };
  for (const [name, amount] of [
    ['Tuition', '45,000'],
    ['PTA', '5000.50'],
    ['Books', '2000'],
  ]) {
    ok(await admin.post('/api/finance/fee-items', { termId: second.id, classLevel: 'JSS 1', name, amount }), `fee item ${name}`);
  }
  ok(await admin.post('/api/finance/invoices/generate', { termId: second.id }), 'invoices');
  const inv = await invoiceOf(t.student.id);
  ok(
    await admin.post('/api/finance/payments', { invoiceId: inv.id, amount: '20,000', method: 'Cash', reference: 'TELLER-001', payerName: 'Mrs Obi' }),
    'payment',
  );
}
