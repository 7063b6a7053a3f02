import type { SerialCodeCheckResult } from '@school/shared/admissions/responses';

/**
 * The application token from /auth/serial-code, kept for this tab only (sessionStorage) so that a
 * reload of /auth/application keeps the form open until the token expires.
 */
const KEY = 'school.admissionApplication';

export function saveApplicationToken(value: SerialCodeCheckResult): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // storage unavailable: the form still works until the page is reloaded (router state carries it)
  }
}

export function readApplicationToken(): SerialCodeCheckResult | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as SerialCodeCheckResult;
    if (typeof value?.token !== 'string' || Date.parse(value.expiresAt) <= Date.now()) {
      window.sessionStorage.removeItem(KEY);
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

export function clearApplicationToken(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
