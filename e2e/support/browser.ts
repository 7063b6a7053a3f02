import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const DEMO_PASSWORD = 'demo12345';
export const baseURL = () => inject('baseURL');

/** Debian's Chromium, started the way this machine allows (no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; storageState?: BrowserContextOptions['storageState'] } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const width = opts.width ?? 1280;
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: Math.round(width * 0.75) }, storageState: opts.storageState });
  // fail within the test's own time, with Playwright's message, rather than at vitest's timeout
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/**
 * Opens a page in a new context signed in with `state` (none: signed out), runs `fn` on it, fails when
 * the page threw an uncaught error meanwhile, and closes the context whatever happens.
 */
export async function withPage(
  browser: Browser,
  state: BrowserContextOptions['storageState'],
  fn: (page: Page) => Promise<void>,
  width?: number,
): Promise<void> {
  const { context, page, errors } = await newPage(browser, { storageState: state, width });
  try {
    await fn(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log ?in/i }).click();
}

const require = createRequire(import.meta.url);
const axeSource: string = require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page) {
  // evaluated over the DevTools protocol, so the app's Content-Security-Policy stays in force
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}
