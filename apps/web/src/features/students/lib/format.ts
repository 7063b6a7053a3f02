export function genderLabel(gender: string | null | undefined): string {
  return gender ? gender.charAt(0).toUpperCase() + gender.slice(1) : '';
}

/** 2012-05-01 → 1 May 2012 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return value;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
