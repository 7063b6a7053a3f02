import type { BrowserContext, Request } from 'playwright-core';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The requests that count: POST, PUT, PATCH or DELETE to the API, except the CSRF token's. */
function counts(request: Request): boolean {
  if (!WRITE_METHODS.has(request.method())) return false;
  const { pathname } = new URL(request.url());
  return pathname.startsWith('/api/') && pathname !== '/api/auth/csrf';
}

/**
 * Counts, by step, the requests a journey's clicks send to change something on the server: every
 * POST, PUT, PATCH or DELETE to /api/ that a page of a watched context sends (GETs — pages, lists,
 * polls, downloads — and /api/auth/csrf are not counted). A form submitted or a button clicked that
 * sends one such request counts once; a preview that writes nothing but is a form sent counts too.
 */
export class WriteCounter {
  private readonly steps = new Map<string, string[]>();

  /** Counts the context's writes under `step` from now on (until the context closes). */
  watch(context: BrowserContext, step: string): void {
    const list = this.steps.get(step) ?? [];
    this.steps.set(step, list);
    context.on('request', (request) => {
      if (!counts(request)) return;
      const url = new URL(request.url());
      list.push(`${request.method()} ${url.pathname}${url.search}`);
    });
  }

  get total(): number {
    return [...this.steps.values()].reduce((sum, list) => sum + list.length, 0);
  }

  /** The writes of the steps named. */
  countOf(steps: readonly string[]): number {
    return steps.reduce((sum, step) => sum + (this.steps.get(step)?.length ?? 0), 0);
  }

  /** The count of each step, with the requests, one line each. */
  breakdown(): string {
    const width = Math.max(...[...this.steps.keys()].map((step) => step.length));
    return [...this.steps].map(([step, list]) => `${step.padEnd(width)}  ${String(list.length).padStart(2)}  ${list.join(', ')}`).join('\n');
  }
}
