/** School days: Monday to Friday inside a term. Dates are 'YYYY-MM-DD' strings, computed in UTC. */

export interface TermDates {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

const DAY = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromTime(toTime(date) + days * DAY);

/** 0 Sunday … 6 Saturday. */
export const weekday = (date: string) => new Date(toTime(date)).getUTCDay();

export const isWeekday = (date: string) => {
  const d = weekday(date);
  return d >= 1 && d <= 5;
};

/** The Monday of the date's week. */
export const mondayOf = (date: string) => addDays(date, -((weekday(date) + 6) % 7));

/** 'YYYY-MM-DD' of today in a time zone. */
const formats = new Map<string, Intl.DateTimeFormat | null>();
export function todayIn(timeZone: string, at = new Date()): string {
  if (!formats.has(timeZone)) {
    try {
      formats.set(timeZone, new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
    } catch {
      formats.set(timeZone, null);
    }
  }
  return formats.get(timeZone)?.format(at) ?? at.toISOString().slice(0, 10);
}

export const termOfDate = <T extends TermDates>(terms: T[], date: string): T | null => terms.find((t) => t.startDate <= date && date <= t.endDate) ?? null;

/** The latest weekday on or before `date` that is not before `floor`, or null. */
function lastWeekdayOnOrBefore(date: string, floor: string): string | null {
  let d = date;
  while (!isWeekday(d)) d = addDays(d, -1);
  return d >= floor ? d : null;
}

/**
 * The register date a form opens on: today when it is a school day of these terms; otherwise the
 * last school day before today, in the current term when it has begun, else in any term.
 */
export function defaultRegisterDate(terms: TermDates[], today: string): string | null {
  const candidates = [...terms.filter((t) => t.isCurrent), ...[...terms].sort((a, b) => b.startDate.localeCompare(a.startDate))];
  for (const term of candidates) {
    if (term.startDate > today) continue;
    const day = lastWeekdayOnOrBefore(term.endDate < today ? term.endDate : today, term.startDate);
    if (day) return day;
  }
  return null;
}

/** Every school day from `from` to `to` (both included). */
export function schoolDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isWeekday(d)) days.push(d);
  return days;
}

/** 'YYYY-MM' → first and last day of the month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const from = `${month}-01`;
  const to = fromTime(Date.UTC(y, m, 0));
  return { from, to };
}
