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

/** Has the local Termii post a message's delivery report to the app's webhook, as Termii does; answers the webhook's status. */
export async function reportDelivery(webhookUrl: string, messageId: string, status: string): Promise<number> {
  const res = await fetch(`${inject('termiiURL')}/__report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: webhookUrl, messageId, status }),
  });
  if (!res.ok) throw new Error(`the fake Termii answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { webhookStatus: number }).webhookStatus;
}
