/** School-calendar dates for the demo seed, as ISO strings (`YYYY-MM-DD`), computed in UTC. */
import { TERMS, type Term } from '@school/shared/constants';

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The Monday on or after the given day (terms start on a Monday). */
function mondayOnOrAfter(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return iso(d);
}

/** The Friday on or before the given day (terms end on a Friday). */
function fridayOnOrBefore(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 2) % 7));
  return iso(d);
}

/** '2023/24' → 2023. */
export function sessionStartYear(name: string): number {
  return Number(name.slice(0, 4));
}

/**
 * The three terms of a session starting in September of `year`: First mid-September to
 * mid-December, Second early January to early April, Third late April to late July.
 */
export function termDates(year: number): Array<{ name: Term; startDate: string; endDate: string }> {
  const dates: Record<Term, [string, string]> = {
    First: [mondayOnOrAfter(year, 9, 9), fridayOnOrBefore(year, 12, 15)],
    Second: [mondayOnOrAfter(year + 1, 1, 5), fridayOnOrBefore(year + 1, 4, 5)],
    Third: [mondayOnOrAfter(year + 1, 4, 22), fridayOnOrBefore(year + 1, 7, 26)],
  };
  return TERMS.map((name) => ({ name, startDate: dates[name][0], endDate: dates[name][1] }));
}

/** A date between two ISO dates (both included), chosen by `fraction` in [0, 1). */
export function dateBetween(from: string, to: string, fraction: number): string {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((b - a) / 86_400_000);
  return iso(new Date(a + Math.floor(fraction * (days + 1)) * 86_400_000));
}
