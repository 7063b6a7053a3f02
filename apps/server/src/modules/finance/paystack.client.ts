import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The few calls of Paystack's API the finance area makes (https://paystack.com/docs/api/transaction):
 * initialize and verify a transaction. The base URL comes from PAYSTACK_BASE_URL.
 */
export interface PaystackInit {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

export interface PaystackTransaction {
  status: string;
  reference: string;
  amount: number;
  currency: string;
  paidAt: string | null;
  channel: string | null;
  customerEmail: string | null;
}

export class PaystackError extends Error {}

async function call(url: string, secretKey: string, init: RequestInit = {}): Promise<any> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new PaystackError(`Paystack could not be reached: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as { status?: boolean; message?: string; data?: any } | null;
  if (!res.ok || !body || body.status !== true) throw new PaystackError(body?.message ?? `Paystack answered ${res.status}`);
  return body.data;
}

export async function initializeTransaction(
  baseUrl: string,
  secretKey: string,
  input: { email: string; amountKobo: number; reference: string; callbackUrl: string; metadata?: Record<string, unknown> },
): Promise<PaystackInit> {
  const data = await call(`${baseUrl}/transaction/initialize`, secretKey, {
    method: 'POST',
    body: JSON.stringify({
      email: input.email,
      amount: String(input.amountKobo),
      currency: 'NGN',
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    }),
  });
  if (!data?.authorization_url) throw new PaystackError('Paystack gave no authorization URL');
  return { authorizationUrl: String(data.authorization_url), accessCode: String(data.access_code ?? ''), reference: String(data.reference ?? input.reference) };
}

export async function verifyTransaction(baseUrl: string, secretKey: string, reference: string): Promise<PaystackTransaction> {
  const data = await call(`${baseUrl}/transaction/verify/${encodeURIComponent(reference)}`, secretKey);
  return transactionOf(data);
}

export function transactionOf(data: any): PaystackTransaction {
  return {
    status: String(data?.status ?? ''),
    reference: String(data?.reference ?? ''),
    amount: Number(data?.amount),
    currency: String(data?.currency ?? ''),
    paidAt: data?.paid_at ?? data?.paidAt ?? null,
    channel: data?.channel ?? null,
    customerEmail: data?.customer?.email ?? null,
  };
}

/** x-paystack-signature: HMAC-SHA512 of the raw body with the secret key, hex. */
export function signatureOf(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function validSignature(secretKey: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  return timingSafeEqual(Buffer.from(signatureOf(secretKey, rawBody), 'hex'), Buffer.from(header, 'hex'));
}
