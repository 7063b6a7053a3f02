/**
 * Money is integer kobo everywhere (₦1 = 100 kobo). Forms take naira as typed ('15,000.50',
 * '₦15000'); screens show '₦15,000.50'.
 */

/** The most one fee, discount or payment may be: ₦10,000,000.00 (an integer column holds up to ₦21m). */
export const MAX_AMOUNT_KOBO = 1_000_000_000;

/** '15,000.50' / '₦15000' / 15000.5 → 1500050 kobo; null when it is not an amount of naira with at most two decimals. */
export function nairaToKobo(input: string | number): number | null {
  const text = (typeof input === 'number' ? String(input) : input).replace(/[₦,\s]/g, '').replace(/^NGN/i, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const naira = Number(match[1]);
  const kobo = Number((match[2] ?? '').padEnd(2, '0'));
  const total = naira * 100 + kobo;
  return Number.isSafeInteger(total) ? total : null;
}

/** 123450 → '1234.50' (for an input's value). */
export function koboToNairaInput(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123450 → '₦1,234.50' (the one formatter, in constants). */
export { formatNaira } from '../constants';
