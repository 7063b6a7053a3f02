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

/** A closed span of days inside a term (the school calendar's holidays, issue 18). */
export interface HolidayDates {
  name: string;
  startDate: string;
  endDate: string;
}

/** The holiday that closes the school on `date`, or null. */
export const holidayOn = <T extends HolidayDates>(holidays: readonly T[], date: string): T | null =>
  holidays.find((h) => h.startDate <= date && date <= h.endDate) ?? null;

export const termOfDate = <T extends TermDates>(terms: T[], date: string): T | null => terms.find((t) => t.startDate <= date && date <= t.endDate) ?? null;

/** The latest weekday that is no holiday on or before `date` and not before `floor`, or null. */
function lastSchoolDayOnOrBefore(date: string, floor: string, holidays: readonly HolidayDates[]): string | null {
  for (let d = date; d >= floor; d = addDays(d, -1)) if (isWeekday(d) && !holidayOn(holidays, d)) return d;
  return null;
}

/**
 * The register date a form opens on: today when it is a school day of these terms; otherwise the
 * last school day before today, in the current term when it has begun, else in any term. Holidays
 * are not school days.
 */
export function defaultRegisterDate(terms: TermDates[], today: string, holidays: readonly HolidayDates[] = []): string | null {
  const candidates = [...terms.filter((t) => t.isCurrent), ...[...terms].sort((a, b) => b.startDate.localeCompare(a.startDate))];
  for (const term of candidates) {
    if (term.startDate > today) continue;
    const day = lastSchoolDayOnOrBefore(term.endDate < today ? term.endDate : today, term.startDate, holidays);
    if (day) return day;
  }
  return null;
}

/** Every school day from `from` to `to` (both included): Monday to Friday, less the holidays. */
export function schoolDays(from: string, to: string, holidays: readonly HolidayDates[] = []): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isWeekday(d) && !holidayOn(holidays, d)) days.push(d);
  return days;
}

/** The first and last days of these terms, or null for none. */
export function termsSpan(terms: readonly TermDates[]): { from: string; to: string } | null {
  if (terms.length === 0) return null;
  return {
    from: terms.reduce((min, t) => (t.startDate < min ? t.startDate : min), terms[0].startDate),
    to: terms.reduce((max, t) => (t.endDate > max ? t.endDate : max), terms[0].endDate),
  };
}

/** 'YYYY-MM' → first and last day of the month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const from = `${month}-01`;
  const to = fromTime(Date.UTC(y, m, 0));
  return { from, to };
}
