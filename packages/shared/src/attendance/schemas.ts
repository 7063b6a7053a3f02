/**
 * Attendance (DESIGN.md section 4): a daily register per class, Present / Absent / Late / Excused.
 * The same schemas validate the mark-attendance form and the API.
 */
import { z } from 'zod';
import { ATTENDANCE_STATUSES, type AttendanceStatus, TABLE } from '../constants';
import { idField, oneOf, requiredDateField, UUID } from '../fields';
import { baseVersionField } from '../sync/versions';
import type { Counts } from './responses';

export { ATTENDANCE_STATUSES, type AttendanceStatus };

export const CLASS_REQUIRED = 'Please Select a Class';
export const TERM_REQUIRED = 'Please Select a Term';
export const DATE_REQUIRED = 'Please Select a Date';
export const STUDENT_REQUIRED = 'Please Select a Student';
export const STATUS_REQUIRED = 'Please Select a Status';
export const ENTRIES_REQUIRED = 'The register has no students';
export const FUTURE_DATE = 'Attendance cannot be marked for a future date';
export const NOT_A_SCHOOL_DAY = 'Attendance is taken on school days only (Monday to Friday)';
export const OUT_OF_TERM = (session: string) => `This date is not in a term of the ${session} session`;
export const DUPLICATE_STUDENT = 'A student appears twice in the register';
export const NOT_ON_REGISTER = 'A student in the register is not in this class';
/** 409 to a save made on an older register (issue 21): the answer carries the register as saved. */
export const REGISTER_CHANGED = 'Someone else saved this register after you opened it. Compare the marks and choose which to keep.';
export const RATE_RANGE = 'Rate must be a number from 0 to 100';
export const MONTH_INVALID = 'Month must look like 2024-01';

export const registerQuerySchema = z.object({
  classId: idField(CLASS_REQUIRED),
  date: requiredDateField(DATE_REQUIRED),
});
export type RegisterQuery = z.infer<typeof registerQuerySchema>;

export const registerEntrySchema = z.object({
  studentId: idField(STUDENT_REQUIRED),
  status: oneOf(ATTENDANCE_STATUSES, STATUS_REQUIRED),
});

export const saveRegisterSchema = z.object({
  classId: idField(CLASS_REQUIRED),
  date: requiredDateField(DATE_REQUIRED),
  entries: z
    .array(registerEntrySchema, { error: ENTRIES_REQUIRED })
    .min(1, { error: ENTRIES_REQUIRED })
    .max(500, { error: ENTRIES_REQUIRED })
    .refine((entries) => new Set(entries.map((e) => e.studentId.toLowerCase())).size === entries.length, { error: DUPLICATE_STUDENT }),
  /** The register's `version` the marks were made on (null: not taken yet); another answers 409 (issue 21). */
  baseVersion: baseVersionField,
});
export type SaveRegisterInput = z.infer<typeof saveRegisterSchema>;

const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || UUID.test(v), { error: message });

export const ratesQuerySchema = z.object({
  termId: idField(TERM_REQUIRED),
  classId: optionalId(CLASS_REQUIRED),
  /** Only students whose rate is below this percentage. */
  below: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce.number({ error: RATE_RANGE }).min(0, { error: RATE_RANGE }).max(100, { error: RATE_RANGE }).optional(),
  ),
  /** A page of the per-student rates (lowest rate first); the CSV export has every row. */
  page: z.coerce.number({ error: 'Invalid page' }).int({ error: 'Invalid page' }).min(1, { error: 'Invalid page' }).default(1),
  pageSize: z.coerce
    .number({ error: 'Invalid page size' })
    .refine((size) => (TABLE.pageSizeOptions as readonly number[]).includes(size), { error: 'Invalid page size' })
    .default(TABLE.pageSize),
});
export type RatesQuery = z.infer<typeof ratesQuerySchema>;

export const calendarQuerySchema = z.object({
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_INVALID })
    .optional(),
  termId: optionalId(TERM_REQUIRED),
});

export const attendanceSettingsSchema = z.object({
  absenceNotices: z.boolean({ error: 'Choose whether to send absence notices' }),
});
export type AttendanceSettings = z.infer<typeof attendanceSettingsSchema>;

/** (Present + Late) / everyone marked, as a percentage with one decimal; null when nothing was marked. */
export function attendanceRate(c: Counts): number | null {
  const total = c.present + c.absent + c.late + c.excused;
  if (total === 0) return null;
  return Math.round(((c.present + c.late) / total) * 1000) / 10;
}
