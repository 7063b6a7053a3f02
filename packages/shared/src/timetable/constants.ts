import { TIMETABLE, type TimetableDay } from '../constants';

/**
 * A class's week: Monday (1) to Friday (5), one-hour slots named by their start hour (8 → 8:00 AM
 * to 9:00 AM … 16 → 4:00 PM to 5:00 PM). The 12:00 PM slot is the BREAK: no subject goes there.
 */
export const TIMETABLE_DAYS = [1, 2, 3, 4, 5] as const;
export type TimetableDayNumber = (typeof TIMETABLE_DAYS)[number];

/** 24-hour clock hour of a slot's 'h:00 AM/PM' label, e.g. '1:00 PM' → 13. */
export function hourOfSlotLabel(label: string): number {
  const match = /^(\d{1,2}):00 (AM|PM)$/.exec(label);
  if (!match) throw new RangeError(`Not a slot label: ${label}`);
  const hour = Number(match[1]) % 12;
  return match[2] === 'PM' ? hour + 12 : hour;
}

/** Start hours of the slots, from TIMETABLE.slots (whose last entry, 5:00 PM, is the day's end). */
export const TIMETABLE_HOURS: readonly number[] = TIMETABLE.slots.slice(0, -1).map(hourOfSlotLabel);
export const BREAK_HOUR = hourOfSlotLabel(TIMETABLE.breakSlot);
/** The hours a subject can be set at: every slot but the BREAK. */
export const TEACHING_HOURS: readonly number[] = TIMETABLE_HOURS.filter((hour) => hour !== BREAK_HOUR);

/** 9 → '9:00 AM', 12 → '12:00 PM', 13 → '1:00 PM' (the spec's slot labels). */
export function formatHour(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 9 → '9:00 AM – 10:00 AM'. */
export function slotRangeLabel(hour: number): string {
  return `${formatHour(hour)} – ${formatHour(hour + 1)}`;
}

/** 1 → 'Monday'. */
export function dayName(day: number): TimetableDay {
  const name = TIMETABLE.days[day - 1];
  if (!name) throw new RangeError(`Not a school day: ${day}`);
  return name;
}
