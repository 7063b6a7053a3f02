/**
 * A local stand-in for Paystack's API (https://paystack.com/docs/api/transaction), for tests and
 * browser journeys. It speaks the documented shapes:
 * - POST /transaction/initialize (Bearer secret; email, amount in kobo, reference, callback_url)
 *   → { status, message, data: { authorization_url, access_code, reference } }
 * - GET /transaction/verify/:reference → { status, message, data: { status, reference, amount, currency, paid_at, channel, customer } }
 * - GET /checkout/:access_code — a checkout page; its "Pay" marks the transaction success, POSTs a
 *   signed `charge.success` webhook (x-paystack-signature = HMAC-SHA512 of the body with the secret)
 *   to `webhookUrl`, and redirects to callback_url?trxref=…&reference=….
 * Run alone: `node --import tsx apps/server/src/test/fake-paystack.ts [port]` (prints its URL).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { signatureOf } from '../modules/finance/paystack.client';

export interface FakeTransaction {
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string | null;
  secretKey: string;
  status: 'abandoned' | 'success' | 'failed';
  paidAt: string | null;
  metadata: unknown;
}

export interface FakePaystack {
  url: string;
  transactions: Map<string, FakeTransaction>;
  /** Where "Pay" sends the charge.success event (null: none). */
  webhookUrl: string | null;
  /** Test hook: the amount the next verify/webhook reports differs (to test mismatch refusal). */
  reportAmountOverride: number | null;
  /** Marks the transaction paid and builds the signed webhook; `deliver` posts it to webhookUrl. */
  pay(reference: string, opts?: { deliver?: boolean }): Promise<{ body: string; signature: string; status: number | null }>;
  close(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakePaystack(opts: { port?: number; webhookUrl?: string | null } = {}): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const byAccessCode = new Map<string, string>();

  const dataOf = (t: FakeTransaction) => ({
    id: Number.parseInt(t.accessCode.slice(0, 8), 16),
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: fake.reportAmountOverride ?? t.amount,
    currency: t.currency,
    paid_at: t.paidAt,
    channel: 'card',
    gateway_response: t.status === 'success' ? 'Successful' : 'The transaction was not completed',
    metadata: t.metadata,
    customer: { email: t.email },
  });

  const fake: FakePaystack = {
    url: '',
    transactions,
    webhookUrl: opts.webhookUrl ?? null,
    reportAmountOverride: null,
    async pay(reference, { deliver = true } = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`unknown reference ${reference}`);
      t.status = 'success';
      t.paidAt ??= new Date().toISOString();
      const body = JSON.stringify({ event: 'charge.success', data: dataOf(t) });
      const signature = signatureOf(t.secretKey, body);
      let status: number | null = null;
      if (deliver && fake.webhookUrl) {
        const res = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body });
        status = res.status;
      }
      return { body, signature, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const auth = req.headers.authorization ?? '';
      const secret = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
        if (!secret.startsWith('sk_')) return json(res, 401, { status: false, message: 'Invalid key' });
        const body = JSON.parse((await readBody(req)) || '{}');
        const amount = Number(body.amount);
        if (!body.email || !Number.isInteger(amount) || amount < 100) return json(res, 400, { status: false, message: 'Invalid amount or email' });
        const reference = String(body.reference ?? randomBytes(8).toString('hex'));
        if (transactions.has(reference)) return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
        const accessCode = randomBytes(8).toString('hex');
        transactions.set(reference, {
          reference,
          accessCode,
          amount,
          currency: String(body.currency ?? 'NGN'),
          email: String(body.email),
          callbackUrl: body.callback_url ? String(body.callback_url) : null,
          secretKey: secret,
          status: 'abandoned',
          paidAt: null,
          metadata: body.metadata ?? null,
        });
        byAccessCode.set(accessCode, reference);
        return json(res, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference },
        });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && verify) {
        const t = transactions.get(decodeURIComponent(verify[1]));
        if (!t || t.secretKey !== secret) return json(res, 400, { status: false, message: 'Transaction reference not found' });
        return json(res, 200, { status: true, message: 'Verification successful', data: dataOf(t) });
      }
      const checkout = /^\/checkout\/([0-9a-f]+)(\/pay)?$/.exec(url.pathname);
      if (checkout) {
        const reference = byAccessCode.get(checkout[1]);
        const t = reference ? transactions.get(reference) : undefined;
        if (!t) return json(res, 404, { status: false, message: 'Not found' });
        if (req.method === 'POST' && checkout[2]) {
          await fake.pay(t.reference);
          const back = t.callbackUrl ? new URL(t.callbackUrl) : null;
          if (back) {
            back.searchParams.set('trxref', t.reference);
            back.searchParams.set('reference', t.reference);
            res.writeHead(302, { location: back.toString() });
            return res.end();
          }
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<p>Payment successful</p>');
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Paystack Checkout (test)</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:1rem">
<h1>Paystack (test checkout)</h1><p>${escapeHtml(t.email)}</p>
<p>Pay <strong>NGN ${(t.amount / 100).toFixed(2)}</strong></p>
<form method="post" action="/checkout/${t.accessCode}/pay"><button type="submit" style="font-size:1.2rem;padding:.6rem 1.2rem">Pay</button></form>
</body></html>`);
      }
      json(res, 404, { status: false, message: 'Not found' });
    } catch (err) {
      json(res, 500, { status: false, message: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakePaystack({ port: Number(process.argv[2] ?? 0), webhookUrl: process.env.PAYSTACK_WEBHOOK_URL ?? null });
  console.log(fake.url);
}
