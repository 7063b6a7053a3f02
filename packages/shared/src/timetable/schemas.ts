import { z } from 'zod';
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

export const DAY_REQUIRED = 'Please Select a Day';
export const HOUR_REQUIRED = 'Please Select a Time';
export const NOTHING_AT_BREAK = 'No subject can be set at BREAK';

const dayField = z
  .number({ error: DAY_REQUIRED })
  .int({ error: DAY_REQUIRED })
  .min(1, { error: DAY_REQUIRED })
  .max(TIMETABLE_DAYS.length, { error: DAY_REQUIRED });

const hourField = z
  .number({ error: HOUR_REQUIRED })
  .int({ error: HOUR_REQUIRED })
  .refine((hour) => TIMETABLE_HOURS.includes(hour), { error: HOUR_REQUIRED, abort: true })
  .refine((hour) => hour !== BREAK_HOUR, { error: NOTHING_AT_BREAK });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SUBJECT_CHOICE = 'Please Select a subject';

/** Set one slot of a class (a class subject, whose teacher comes with it) or clear it (null). */
export const setTimetableSlotSchema = z.object({
  day: dayField,
  hour: hourField,
  classSubjectId: z
    .string({ error: SUBJECT_CHOICE })
    .trim()
    .regex(UUID, { error: SUBJECT_CHOICE })
    .nullable(),
});
export type SetTimetableSlotInput = z.infer<typeof setTimetableSlotSchema>;

// ---------------------------------------------------------------- answers

export interface TimetableSlotView {
  day: number;
  hour: number;
  classSubjectId: string;
  subjectId: string;
  subjectName: string;
  subjectCode: string;
  teacherId: string | null;
  teacherName: string | null;
}

/** A slot in a teacher's week names the class too. */
export interface TeacherTimetableSlotView extends TimetableSlotView {
  classId: string;
  className: string;
}

export interface TimetableClassSummary {
  id: string;
  name: string;
  level: string;
  arm: string;
}

export interface ClassSubjectOption {
  classSubjectId: string;
  subjectId: string;
  subjectName: string;
  teacherId: string | null;
  teacherName: string | null;
}

export interface ClassTimetable {
  class: TimetableClassSummary & { academicSessionId: string };
  slots: TimetableSlotView[];
  /** The subjects that can go in a slot (for an editor); empty for readers who cannot edit. */
  subjects: ClassSubjectOption[];
  canEdit: boolean;
}

export interface TeacherTimetable {
  teacher: { id: string; name: string } | null;
  academicSessionId: string | null;
  slots: TeacherTimetableSlotView[];
}

export interface StudentTimetable {
  student: { id: string; name: string };
  class: TimetableClassSummary | null;
  academicSessionId: string | null;
  slots: TimetableSlotView[];
}

export interface TimetableClassList {
  items: Array<TimetableClassSummary & { classTeacherName: string | null; filledSlots: number }>;
  academicSessionId: string | null;
}
