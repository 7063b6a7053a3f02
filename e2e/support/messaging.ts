import { inject } from 'vitest';

export { FAKE_TERMII_API_KEY } from './gateway-keys';

export interface SentSms {
  to: string;
  from: string;
  sms: string;
  channel: string;
  messageId: string;
}

/** What the local Termii has sent so far (what the phones received), oldest first. */
export async function smsSent(): Promise<SentSms[]> {
  const res = await fetch(`${inject('termiiURL')}/__sent`);
  if (!res.ok) throw new Error(`the fake Termii answered ${res.status}`);
  return ((await res.json()) as { sent: SentSms[] }).sent;
}
