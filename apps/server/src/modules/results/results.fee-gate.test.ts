import { feesOwedMessage } from '@school/shared/results/fee-gate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { admin, app, batch, english, first, jss1a, parent, row, setUp, student, studentIds, t, tearDown, teacher } from './results.test-kit';

/*
 * Issue 18's fee gate: a school may withhold published results and report cards from a student and
 * their parents while the student owes more than a set amount; the payment itself lifts it.
 */

beforeAll(async () => {
  await setUp();
  const a = await admin();
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  };
  // Ada: scores in both subjects, published
  for (const subjectId of [undefined, english.id])
    ok(await a.put('/api/records/results/scores', batch([row(studentIds.ada, 12, 12, 8, 48)], subjectId ? { subjectId } : {})), 'scores');
  ok(await a.post('/api/records/results/publish', { termId: first.id, classId: jss1a.id, allowUnscored: true }), 'publish');
  // JSS 1's First term fees: ₦45,000, invoiced to every student of the class
  ok(await a.post('/api/finance/fee-items', { termId: first.id, classLevel: 'JSS 1', name: 'Tuition', amount: '45,000' }), 'fee item');
  ok(await a.post('/api/finance/invoices/generate', { termId: first.id }), 'invoices');
});
afterAll(tearDown);

const resultsUrl = () => `/api/results/students/${studentIds.ada}`;
const cardUrl = () => `/api/report-cards/${studentIds.ada}?termId=${first.id}`;
const pdfUrl = () => `/api/report-cards/${studentIds.ada}/report-card.pdf?termId=${first.id}`;
const dashboardUrl = () => `/api/dashboard/students/${studentIds.ada}`;

async function pay(amount: string, reference: string) {
  const a = await admin();
  const invoices = (await a.get(`/api/finance/invoices?termId=${first.id}`)).json().items as Array<{ id: string; studentId: string }>;
  const invoice = invoices.find((i) => i.studentId === studentIds.ada)!;
  const res = await a.post('/api/finance/payments', { invoiceId: invoice.id, amount, method: 'Cash', reference });
  expect(res.statusCode).toBe(201);
}

describe('the fee gate', () => {
  it('is off until the school turns it on', async () => {
    const res = await (await admin()).get('/api/results/fee-gate');
    expect(res.json()).toEqual({ schoolId: t.school.id, enabled: false, minimumOwedKobo: 0 });
    expect((await (await student()).get(resultsUrl())).json().terms).toHaveLength(1);
    expect((await (await student()).get(cardUrl())).statusCode).toBe(200);
  });

  it('is set by administrators only, audited, with clear messages', async () => {
    expect((await (await teacher()).put('/api/results/fee-gate', { enabled: true, minimumOwedKobo: 0 })).statusCode).toBe(403);
    expect((await (await parent()).put('/api/results/fee-gate', { enabled: true, minimumOwedKobo: 0 })).statusCode).toBe(403);
    const bad = await (await admin()).put('/api/results/fee-gate', { enabled: true, minimumOwedKobo: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The amount cannot be negative');
    // families may owe up to ₦10,000 and still see results
    const res = await (await admin()).put('/api/results/fee-gate', { enabled: true, minimumOwedKobo: 1_000_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ schoolId: t.school.id, enabled: true, minimumOwedKobo: 1_000_000 });
    const [entry] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.action, 'results.fee_gate.update')));
    expect(entry.after).toEqual({ enabled: true, minimumOwedKobo: 1_000_000 });
  });

  it('withholds results, the card, its PDF and the dashboard figure from the student and parent, with what is owed', async () => {
    for (const family of [await student(), await parent()]) {
      for (const url of [resultsUrl(), cardUrl(), pdfUrl()]) {
        const res = await family.get(url);
        expect(res.statusCode, url).toBe(402);
        expect(res.json()).toMatchObject({ message: feesOwedMessage(4_500_000), feeGate: { studentId: studentIds.ada, owedKobo: 4_500_000 } });
      }
    }
    expect((await (await student()).get(dashboardUrl())).json().results).toEqual({ status: 'withheld', owedKobo: 4_500_000 });
    // staff are never gated
    expect((await (await admin()).get(resultsUrl())).json().terms).toHaveLength(1);
    expect((await (await admin()).get(cardUrl())).statusCode).toBe(200);
  });

  it('lifts itself when the payment brings what is owed down to the amount allowed', async () => {
    await pay('30,000', 'TELLER-1'); // ₦15,000 still owed: more than ₦10,000
    expect((await (await student()).get(resultsUrl())).statusCode).toBe(402);
    await pay('5,000', 'TELLER-2'); // ₦10,000 owed: not more than the amount allowed
    const res = await (await student()).get(resultsUrl());
    expect(res.statusCode).toBe(200);
    expect(res.json().terms).toHaveLength(1);
    expect((await (await parent()).get(cardUrl())).statusCode).toBe(200);
    expect((await (await student()).get(dashboardUrl())).json().results).toMatchObject({ status: 'published', average: 80 });
  });

  it('withholds for any amount at 0, and nothing once turned off', async () => {
    await (await admin()).put('/api/results/fee-gate', { enabled: true, minimumOwedKobo: 0 });
    expect((await (await student()).get(resultsUrl())).json().feeGate).toEqual({ studentId: studentIds.ada, owedKobo: 1_000_000 });
    await (await admin()).put('/api/results/fee-gate', { enabled: false, minimumOwedKobo: 0 });
    expect((await (await student()).get(resultsUrl())).statusCode).toBe(200);
  });
});
