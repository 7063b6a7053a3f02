import { z } from 'zod';
import { FEE_FILTER, GENDERS, NIGERIAN_STATES } from '../constants';
import { admissionNumberField } from '../admissions/schemas';
import { dateOfBirthField, genderField, normaliseGender, oneOf, optionalString, whenMissing } from '../fields';

export const STUDENT_SEARCH_MAX = 100;
export const STUDENT_NAME_MAX = 60;
export const STUDENT_ADDRESS_MAX = 300;

/** A student's passport photo (printed on report cards): JPEG or PNG (checked by content on the server), at most 2 MB. */
export const STUDENT_PHOTO_UPLOAD = {
  maxBytes: 2 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png'],
  field: 'photo',
  label: 'Photo',
} as const;

/** students.status */
export const STUDENT_STATUSES = ['active', 'graduated', 'withdrawn'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = { active: 'Active', graduated: 'Graduated', withdrawn: 'Withdrawn' };

/** A trimmed, non-empty string whose empty-check does not abort the object (every message at once). */
function requiredText(message: string) {
  return z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, message);
}

const filters = {
  classId: z
    .uuid()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Either gender as schools write it (M, f, Female…); empty means both. */
  gender: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? normaliseGender(value) : undefined))
    .pipe(z.enum(GENDERS).optional()),
  search: z.string().trim().max(STUDENT_SEARCH_MAX).optional(),
  /** The spec's fee filter (all, complete, incomplete): the student's invoices of the session (finance). */
  feeStatus: z
    .enum(FEE_FILTER)
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

/** GET /api/students: one page of the selected session's students. */
export const studentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  ...filters,
});
export type StudentListQuery = z.input<typeof studentListQuerySchema>;

/** GET /api/students.csv: every row matching the same filters. */
export const studentCsvQuerySchema = z.object(filters);
export type StudentCsvQuery = z.input<typeof studentCsvQuerySchema>;

/** PUT /api/students/:id — an administrator edits a student's personal details. */
export const studentDetailsSchema = z.object({
  firstName: requiredText('First name is required').max(STUDENT_NAME_MAX, `First name must be at most ${STUDENT_NAME_MAX} characters`),
  middleName: optionalString().refine((v) => v === undefined || v.length <= STUDENT_NAME_MAX, {
    error: `Middle name must be at most ${STUDENT_NAME_MAX} characters`,
  }),
  lastName: requiredText('Last name is required').max(STUDENT_NAME_MAX, `Last name must be at most ${STUDENT_NAME_MAX} characters`),
  gender: genderField('Gender is required'),
  dateOfBirth: dateOfBirthField(),
  stateOfOrigin: oneOf(NIGERIAN_STATES, 'State of origin is required'),
  address: requiredText('Address is required').max(STUDENT_ADDRESS_MAX, `Address must be at most ${STUDENT_ADDRESS_MAX} characters`),
  /** The school's admission number (registration number); left out, it stays as it is. Unique in the school. */
  registrationNo: admissionNumberField().optional(),
});
export type StudentDetailsInput = z.input<typeof studentDetailsSchema>;
export type StudentDetailsValues = z.output<typeof studentDetailsSchema>;

/**
 * PUT /api/me/students/:id/profile — what a student may change themselves (student/profile/edit-profile/{id}).
 * The students table holds no phone or email of the student, so only the address.
 */
export const studentOwnProfileSchema = z.object({
  address: requiredText('Address is required').max(STUDENT_ADDRESS_MAX, `Address must be at most ${STUDENT_ADDRESS_MAX} characters`),
});
export type StudentOwnProfileInput = z.input<typeof studentOwnProfileSchema>;
export type StudentOwnProfileValues = z.output<typeof studentOwnProfileSchema>;
