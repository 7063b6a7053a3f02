/**
 * A local stand-in for Termii's SMS API (issue 20), started and stopped by the tests that use it. It
 * speaks the documented request (POST /api/sms/send with api_key, to, from, sms, type, channel) and
 * answers as Termii does: `{ code: 'ok', message_id, message: 'Successfully Sent', balance }`, and its
 * balance at GET /api/get-balance. It can
 * also refuse a number on Do-Not-Disturb on the generic route, fail, or answer slowly.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface FakeTermiiRequest {
  api_key: string;
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
}

export interface FakeTermii {
  url: string;
  /** Every send request the gateway took (sent or refused), in order. */
  requests: FakeTermiiRequest[];
  /** The messages it sent (what a phone would receive). */
  sent: Array<FakeTermiiRequest & { messageId: string }>;
  /** The only API key it accepts. */
  apiKey: string;
  /** Numbers (234…) on Do-Not-Disturb: refused on the generic route. */
  dnd: Set<string>;
  /** The next `n` requests answer this status (500: a gateway error). */
  failNext(n: number, status?: number): void;
  /** Every answer waits this long (ms). */
  delayMs: number;
  /** What GET /api/get-balance answers (naira). */
  balance: number;
  /**
   * Posts the delivery report of a message it sent to a webhook URL, as Termii does (its events and
   * reports page); answers the webhook's HTTP status.
   */
  report(webhookUrl: string, messageId: string, status: string): Promise<number>;
  reset(): void;
  close(): Promise<void>;
}

/** Termii's outbound-message report, as its events and reports page documents it. */
export function deliveryReport(message: FakeTermiiRequest & { messageId: string }, status: string) {
  return {
    type: 'outbound',
    id: `req-${message.messageId}`,
    message_id: message.messageId,
    receiver: message.to,
    sender: message.from,
    message: message.sms,
    sent_at: new Date().toISOString().replace('T', ' ').slice(0, 19),
    cost: '4.00',
    status,
    channel: message.channel,
  };
}

export async function startFakeTermii(opts: { apiKey?: string; port?: number } = {}): Promise<FakeTermii> {
  let failures: Array<number> = [];
  let nextId = 3017544054459000;
  const fake: Omit<FakeTermii, 'url' | 'close'> = {
    requests: [],
    sent: [],
    apiKey: opts.apiKey ?? 'TLtestkey1234',
    dnd: new Set(),
    delayMs: 0,
    balance: 1000,
    failNext(n, status = 500) {
      failures = [...failures, ...Array.from({ length: n }, () => status)];
    },
    async report(webhookUrl, messageId, status) {
      const message = fake.sent.find((m) => m.messageId === messageId);
      if (!message) throw new Error(`the fake Termii sent no message ${messageId}`);
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(deliveryReport(message, status)),
      });
      return res.status;
    },
    reset() {
      fake.requests.length = 0;
      fake.sent.length = 0;
      fake.dnd.clear();
      fake.delayMs = 0;
      fake.balance = 1000;
      failures = [];
    },
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) =>
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        }, fake.delayMs);
      // for browser tests, which run the fake in its own process: what a phone would have received
      if (req.method === 'GET' && req.url === '/__sent') return answer(200, { sent: fake.sent, requests: fake.requests.length });
      // …and has the fake report a message's delivery to the app's webhook: { url, messageId, status }
      if (req.method === 'POST' && req.url === '/__report') {
        const { url, messageId, status } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { url: string; messageId: string; status: string };
        fake.report(url, messageId, status).then(
          (webhookStatus) => answer(200, { webhookStatus }),
          (error: unknown) => answer(400, { message: String(error) }),
        );
        return;
      }
      // Termii's balance: GET /api/get-balance?api_key=…
      if (req.method === 'GET' && req.url?.startsWith('/api/get-balance')) {
        const key = new URL(req.url, 'http://fake').searchParams.get('api_key');
        if (key !== fake.apiKey) return answer(401, { message: 'Invalid API key' });
        return answer(200, { user: 'Test School', balance: fake.balance, currency: 'NGN' });
      }
      if (req.method !== 'POST' || req.url !== '/api/sms/send') return answer(404, { message: 'Not found' });
      let body: FakeTermiiRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeTermiiRequest;
      } catch {
        return answer(400, { message: 'Invalid JSON' });
      }
      fake.requests.push(body);
      const failure = failures.shift();
      if (failure) return answer(failure, { message: 'Gateway error' });
      if (body.api_key !== fake.apiKey) return answer(401, { message: 'Invalid API key' });
      if (!/^234[789][01]\d{8}$/.test(body.to)) return answer(400, { message: 'Invalid phone number' });
      if (!body.from || body.from.length < 3 || body.from.length > 11) return answer(400, { message: 'Invalid sender ID' });
      if (!['generic', 'dnd', 'whatsapp'].includes(body.channel)) return answer(400, { message: 'Invalid channel' });
      if (body.channel === 'generic' && fake.dnd.has(body.to)) {
        return answer(400, { code: 'dnd', message: 'Number is on DND. Use the dnd channel to reach it.' });
      }
      const messageId = String(nextId++);
      fake.sent.push({ ...body, messageId });
      return answer(200, { code: 'ok', message_id: messageId, message: 'Successfully Sent', balance: fake.balance, user: 'Test School' });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  }) as FakeTermii;
}

// `node --import tsx fake-termii.ts <port>`: the browser tests' gateway (e2e/support/global-setup.ts),
// taking the key FAKE_TERMII_API_KEY; GET /__sent tells what it sent
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeTermii({ port: Number(process.argv[2] ?? 0), apiKey: process.env.FAKE_TERMII_API_KEY });
  console.log(`fake Termii at ${fake.url}`);
  process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));
}
