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

/** Easter Sunday of a year (the Gregorian computus), as an ISO date. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(new Date(Date.UTC(year, month - 1, day)));
}

function addDays(date: string, days: number): string {
  return iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

const isWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
};

/**
 * The demo's holidays of the session starting in `year` (issue 18): Nigerian public holidays that fall
 * on a weekday inside a term (Independence Day, Good Friday, Easter Monday, Workers' Day, Democracy
 * Day) and a mid-term break of Wednesday to Friday in the middle week of each term. None overlap.
 */
export function demoHolidays(year: number): Array<{ name: string; startDate: string; endDate: string }> {
  const terms = termDates(year);
  const easter = easterSunday(year + 1);
  const publicHolidays = [
    { name: 'Independence Day', day: `${year}-10-01` },
    { name: 'Good Friday', day: addDays(easter, -2) },
    { name: 'Easter Monday', day: addDays(easter, 1) },
    { name: "Workers' Day", day: `${year + 1}-05-01` },
    { name: 'Democracy Day', day: `${year + 1}-06-12` },
  ].map((h) => ({ name: h.name, startDate: h.day, endDate: h.day }));
  const inTerm = (h: { startDate: string; endDate: string }) => terms.some((t) => t.startDate <= h.startDate && h.endDate <= t.endDate);
  const chosen = publicHolidays.filter((h) => isWeekday(h.startDate) && inTerm(h));
  const free = (h: { startDate: string; endDate: string }) => !chosen.some((c) => c.startDate <= h.endDate && h.startDate <= c.endDate);
  for (const t of terms) {
    // the middle week's Wednesday to Friday, or the week before when a public holiday falls in it
    const weeks = Math.round((Date.parse(`${t.endDate}T00:00:00Z`) - Date.parse(`${t.startDate}T00:00:00Z`)) / (7 * 86_400_000));
    const middle = Math.floor(weeks / 2);
    const candidates = [middle, middle - 1].map((week) => {
      const wednesday = addDays(t.startDate, week * 7 + 2);
      return { name: 'Mid-term break', startDate: wednesday, endDate: addDays(wednesday, 2) };
    });
    const fits = candidates.find(free);
    if (fits) chosen.push(fits);
  }
  return chosen.sort((a, b) => a.startDate.localeCompare(b.startDate));
}
