import { z } from 'zod';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SUBJECT_CHOICE = 'Please Select a subject';

/** Set one slot of a class (a class subject, whose teacher comes with it) or clear it (null). */
export const setTimetableSlotSchema = z.object({
  day: dayField,
  hour: hourField,
  classSubjectId: z.string({ error: SUBJECT_CHOICE }).trim().regex(UUID, { error: SUBJECT_CHOICE }).nullable(),
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
