/**
 * The school calendar's holidays (issue 18): days inside a term the school is closed (a public
 * holiday, a mid-term break). A term's school days are its weekdays less these; the report card's
 * "times school opened" counts them, and no register is taken on them. The same schema validates the
 * form and the API body.
 */
import { z } from 'zod';
import { requiredDateField, requiredString } from '../fields';

export const HOLIDAY_NAME_MAX_LENGTH = 80;

export const HOLIDAY_NAME_REQUIRED = 'Name is required';
export const HOLIDAY_NAME_TOO_LONG = `Name must be at most ${HOLIDAY_NAME_MAX_LENGTH} characters`;
export const HOLIDAY_START_REQUIRED = 'First day is required';
export const HOLIDAY_END_REQUIRED = 'Last day is required';
export const HOLIDAY_END_BEFORE_START = 'The last day cannot be before the first day';
export const HOLIDAY_NO_WEEKDAY = 'A holiday must close the school on at least one weekday (Monday to Friday)';

/** 'YYYY-MM-DD' as '1 October 2025'. */
export function holidayDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** '1 October 2025' or '19 – 21 February 2024' style, as the list and the messages show a holiday's days. */
export function holidayDates(h: { startDate: string; endDate: string }): string {
  return h.startDate === h.endDate ? holidayDate(h.startDate) : `${holidayDate(h.startDate)} to ${holidayDate(h.endDate)}`;
}

/** 'A holiday must fall within a term of the 2023/24 session: its first and last days in the same term'. */
export function holidayOutsideTermMessage(sessionName?: string): string {
  return `A holiday must fall within a term${sessionName ? ` of the ${sessionName} session` : ''}: its first and last days in the same term`;
}

/** A holiday cannot cover a day the school was open (its registers count as days present). */
export function holidayOverRegisterMessage(date: string): string {
  return `A register was taken on ${holidayDate(date)}, so the school was open that day`;
}

export function holidayOverlapMessage(other: { name: string; startDate: string; endDate: string }): string {
  return `These dates overlap another holiday: ${other.name} (${holidayDates(other)})`;
}

/** What a register on a holiday answers: '1 October 2025 is a holiday: Independence Day'. */
export function registerOnHolidayMessage(date: string, name: string): string {
  return `${holidayDate(date)} is a holiday: ${name}`;
}

/** Monday to Friday between two 'YYYY-MM-DD' dates, both included (0 when `to` is before `from`). */
export function weekdaysBetween(from: string, to: string): number {
  let count = 0;
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day >= 1 && day <= 5) count++;
  }
  return count;
}

export const holidaySchema = z
  .object({
    name: requiredString(HOLIDAY_NAME_REQUIRED).max(HOLIDAY_NAME_MAX_LENGTH, { error: HOLIDAY_NAME_TOO_LONG }),
    startDate: requiredDateField(HOLIDAY_START_REQUIRED),
    endDate: requiredDateField(HOLIDAY_END_REQUIRED),
  })
  .superRefine((value, ctx) => {
    if (value.endDate < value.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: HOLIDAY_END_BEFORE_START });
    } else if (weekdaysBetween(value.startDate, value.endDate) === 0) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: HOLIDAY_NO_WEEKDAY });
    }
  });
export type HolidayInput = z.input<typeof holidaySchema>;
export type HolidayValues = z.output<typeof holidaySchema>;

export const holidayResponse = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Monday-to-Friday days the holiday closes the school. */
  weekdays: z.number(),
  /** The term it falls in (none when the term's dates have since moved away from it). */
  termId: z.string().nullable(),
  termName: z.string().nullable(),
});
export type HolidayResponse = z.infer<typeof holidayResponse>;

/** GET /api/academic-sessions/:id/holidays: the session's holidays, earliest first. */
export const holidayListResponse = z.object({ items: z.array(holidayResponse) });
export type HolidayListResponse = z.infer<typeof holidayListResponse>;
