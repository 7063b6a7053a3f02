/** A mark or average as schools write it: 72, 72.5, 64.25; a dash when there is none. */
export function formatMark(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

export function formatPosition(position: number | null | undefined): string {
  return position === null || position === undefined ? '—' : ordinal(position);
}
