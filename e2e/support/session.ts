import { type BrowserContextOptions, request } from 'playwright-core';
import { baseURL, DEMO_PASSWORD } from './browser';

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Signs in over the API (CSRF cookie + header, as the web app does) and returns the cookies as a
 * storage state, so a file can open many signed-in pages for the price of one sign-in: every
 * sign-in counts against the per-IP limit that all journeys share.
 */
export async function apiSignIn(email: string, password = DEMO_PASSWORD): Promise<StorageState> {
  const api = await request.newContext({ baseURL: baseURL() });
  try {
    const { token } = (await (await api.get('/api/auth/csrf')).json()) as { token: string };
    const res = await api.post('/api/auth/login', { data: { email, password }, headers: { 'x-csrf-token': token } });
    if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

interface OutboxItem {
  to: string;
  subject: string;
  body: string;
}

/** The messages sent to `email` (the newest 20), newest first, read from the dev outbox. */
export async function mailsTo(email: string): Promise<OutboxItem[]> {
  const res = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  const { items } = (await res.json()) as { items: OutboxItem[] };
  return items;
}

/** The newest message sent to `email`, read from the dev outbox. */
export async function latestMail(email: string): Promise<OutboxItem | undefined> {
  return (await mailsTo(email))[0];
}

/** The reset link in a reset mail's body, as a path (the mail's origin is the server's own). */
export function resetPathIn(body: string): string {
  const match = /https?:\/\/\S+\/auth\/reset-password\?token=\S+/.exec(body);
  if (!match) throw new Error(`no reset link in:\n${body}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** The numeric code in an invitation mail's body ('Your invitation code is: 12345678'). */
export function invitationCodeIn(body: string): string {
  const match = /invitation code is:\s*(\d+)/i.exec(body);
  if (!match) throw new Error(`no invitation code in:\n${body}`);
  return match[1];
}

/** A storage state with the cookies only: no persisted query cache from an earlier page. */
export function cookiesOnly(state: StorageState): StorageState {
  return { cookies: state.cookies, origins: [] };
}
