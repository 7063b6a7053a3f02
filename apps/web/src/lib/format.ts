/** 'super-admin' → 'Super Admin', 'lesson-notes' → 'Lesson Notes'. */
export function humanise(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'chief', 'engr', 'rev', 'pastor', 'alhaji', 'alhaja', 'sir', 'madam']);

/** A person's name without a leading title: 'Mrs. Bisola Adewale' → ['Bisola', 'Adewale']. */
function nameParts(name: string): string[] {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const firstReal = parts.findIndex((part) => !HONORIFICS.has(part.replace(/\.$/, '').toLowerCase()));
  return firstReal > 0 ? parts.slice(firstReal) : parts;
}

/** The given name for a greeting, skipping a title: 'Mrs. Bisola Adewale' → 'Bisola'. */
export function firstName(name: string): string {
  return nameParts(name)[0] ?? name;
}

/** Up to two initials for an avatar: 'Ada Obi' → 'AO', 'Mrs. Bisola Adewale' → 'BA'. */
export function initials(name: string): string {
  const parts = nameParts(name);
  if (parts.length === 0) return '?';
  const first = parts[0].charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1].charAt(0) : '';
  return (first + last).toUpperCase();
}

/** A formatter made on first use: building one (time-zone data) is a noticeable part of a page's first render on a phone. */
function lazyFormat(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | null = null;
  return () => (made ??= make());
}
const CALENDAR_DATE = lazyFormat(() => new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
const SCHOOL_DATE_TIME = lazyFormat(() => new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' }));

/** A calendar date 'YYYY-MM-DD' as '12 Sep 2014' (no time-zone shift); empty for none. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : CALENDAR_DATE().format(parsed);
}

/** A moment as the school sees it (Africa/Lagos); empty for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : SCHOOL_DATE_TIME().format(parsed);
}

/** 'mother' → 'Mother'. */
export function capitalise(value: string | null | undefined): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : '';
}

/** Kobo as naira: 123450 → '₦1,234.50' (money is integer kobo everywhere). */
export { formatNaira } from '@school/shared/constants';
