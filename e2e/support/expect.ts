import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** expect.poll with a timeout that suits a browser (vitest's default is 1 s). */
export function eventually<T>(fn: () => T | Promise<T>, message?: string): ReturnType<typeof expect.poll<T | Promise<T>>> {
  return expect.poll(fn, { timeout: 15_000, interval: 100, message });
}

/** Waits until the locator is visible; throws (failing the test) otherwise. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' });
  return locator;
}

/** The message tied to an input (its aria-describedby), or '' when it has none. */
export async function fieldError(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    return ids
      .map((id) => document.getElementById(id))
      .filter((el) => el && el.id.endsWith('-error'))
      .map((el) => el!.textContent?.trim() ?? '')
      .join(' ');
  });
}

/** The path and query of the page's URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}
