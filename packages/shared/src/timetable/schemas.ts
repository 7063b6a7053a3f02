import { z } from 'zod';
import { UUID } from '../fields';
import { BREAK_HOUR, TIMETABLE_DAYS, TIMETABLE_HOURS } from './constants';

// the week's constants and helpers live apart from the schemas, so that screens showing a timetable do not load zod
export * from './constants';

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

export const SUBJECT_CHOICE = 'Please Select a subject';

/** Set one slot of a class (a class subject, whose teacher comes with it) or clear it (null). */
export const setTimetableSlotSchema = z.object({
  day: dayField,
  hour: hourField,
  classSubjectId: z.string({ error: SUBJECT_CHOICE }).trim().regex(UUID, { error: SUBJECT_CHOICE }).nullable(),
});
export type SetTimetableSlotInput = z.infer<typeof setTimetableSlotSchema>;
