/**
 * Termii, the first SMS and WhatsApp gateway (ADR 0039), behind the `MessageGateway` interface another
 * provider can fill later. Its documented API: POST /api/sms/send with api_key, to (234…), from (the
 * sender ID), sms, type (plain | unicode) and channel (generic | dnd | whatsapp); the answer names the
 * message_id. Numbers on Do-Not-Disturb are refused on the generic route and go by the dnd route.
 */
import { gatewayNumber } from '@school/shared/messaging/phone';
import { smsType } from '@school/shared/messaging/units';

export type GatewayRoute = 'generic' | 'dnd' | 'whatsapp';

export interface GatewayMessage {
  apiKey: string;
  senderId: string;
  /** +234… */
  to: string;
  text: string;
  route: GatewayRoute;
}

/**
 * sent: the gateway took it; dnd: refused because the number is on Do-Not-Disturb (try the dnd route);
 * refused: the gateway will never take it as it is (a bad key, a bad number): no retry;
 * unavailable: the gateway did not answer well (5xx, timeout, network): try again later.
 */
export type GatewayAnswer =
  | { outcome: 'sent'; messageId: string }
  | { outcome: 'dnd'; reason: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unavailable'; reason: string };

/** The account's balance, or why it could not be read. */
export type BalanceAnswer = { outcome: 'ok'; balance: number; currency: string } | { outcome: 'refused' | 'unavailable'; reason: string };

export interface MessageGateway {
  send(message: GatewayMessage): Promise<GatewayAnswer>;
  /** What is left on the account (Termii: GET /api/get-balance?api_key=…). */
  balance(apiKey: string): Promise<BalanceAnswer>;
}

const TIMEOUT_MS = 10_000;

export function termiiGateway(baseUrl: string, timeoutMs = TIMEOUT_MS): MessageGateway {
  return {
    async send(message) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/api/sms/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: message.apiKey,
            to: gatewayNumber(message.to),
            from: message.senderId,
            sms: message.text,
            type: smsType(message.text),
            channel: message.route,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        return { outcome: 'unavailable', reason: timedOut ? `Termii did not answer within ${timeoutMs / 1000} s` : 'Termii could not be reached' };
      }
      const body = (await res.json().catch(() => null)) as { message_id?: unknown; message?: unknown; code?: unknown } | null;
      const said = typeof body?.message === 'string' ? body.message : `HTTP ${res.status}`;
      if (res.ok && body && (typeof body.message_id === 'string' || typeof body.message_id === 'number')) {
        return { outcome: 'sent', messageId: String(body.message_id) };
      }
      if (res.status >= 500 || res.status === 429) return { outcome: 'unavailable', reason: `Termii: ${said}` };
      // Termii names DND in its refusal; the dnd route takes such numbers
      if (/\bdnd\b|do.not.disturb/i.test(said) || body?.code === 'dnd') return { outcome: 'dnd', reason: `Termii: ${said}` };
      return { outcome: 'refused', reason: `Termii: ${said}` };
    },

    async balance(apiKey) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/api/get-balance?${new URLSearchParams({ api_key: apiKey })}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return { outcome: 'unavailable', reason: 'Termii could not be reached' };
      }
      const body = (await res.json().catch(() => null)) as { balance?: unknown; currency?: unknown; message?: unknown } | null;
      const balance = typeof body?.balance === 'number' ? body.balance : typeof body?.balance === 'string' ? Number(body.balance) : NaN;
      if (res.ok && Number.isFinite(balance)) return { outcome: 'ok', balance, currency: typeof body?.currency === 'string' ? body.currency : 'NGN' };
      const said = typeof body?.message === 'string' ? body.message : `HTTP ${res.status}`;
      return { outcome: res.status >= 500 || res.ok ? 'unavailable' : 'refused', reason: `Termii: ${said}` };
    },
  };
}

/**
 * What a delivery report's status means (Termii's events and reports: "DELIVERED | Message delivered
 * to handset", "DND Active on Phone Number", "Message Failed", and also "Rejected" and "Expired"): null
 * for the states on the way ("Message Sent", "Received", …), which change nothing.
 */
export function deliveryOutcomeOf(status: string): { status: 'delivered' } | { status: 'failed'; reason: string } | null {
  const said = status.trim();
  if (/^delivered\b/i.test(said)) return { status: 'delivered' };
  if (/\bdnd\b|failed|rejected|expired|undeliver/i.test(said)) return { status: 'failed', reason: `Termii: ${said}` };
  return null;
}
