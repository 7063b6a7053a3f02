import { z } from 'zod';
import { STAFF_TYPES, type StaffType } from '../constants';
import { genderField, INVALID_EMAIL, oneOf, optionalString, phoneField, requiredDateField, whenMissing } from '../fields';

/** Staff photos: JPEG or PNG (checked by content on the server), at most 2 MB. */
export const STAFF_PHOTO_UPLOAD = {
  maxBytes: 2 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png'],
  field: 'photo',
  label: 'Photo',
} as const;

export const STAFF_PHOTO_TOO_LARGE = 'Photo must be at most 2 MB';
export const STAFF_PHOTO_WRONG_TYPE = 'Photo must be a PNG or JPEG file';

/** Staff records are active, or inactive once deactivated (a delete of someone who has records). */
export const STAFF_STATUSES = ['active', 'inactive'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** The list's status filter: the staff record's status, or 'invited' (an account not yet registered). */
export const STAFF_STATUS_FILTERS = ['active', 'inactive', 'invited'] as const;
export type StaffStatusFilter = (typeof STAFF_STATUS_FILTERS)[number];

/** The account role each staff type signs in with; the others have no account. */
export const STAFF_ACCOUNT_ROLES = { Teacher: 'teacher', Principal: 'admin', Admin: 'admin' } as const satisfies Partial<
  Record<StaffType, 'teacher' | 'admin'>
>;

export function staffAccountRole(staffType: string): 'teacher' | 'admin' | null {
  return (STAFF_ACCOUNT_ROLES as Record<string, 'teacher' | 'admin'>)[staffType] ?? null;
}

export const EMAIL_REQUIRED_FOR_ACCOUNT = 'Email is required for staff who sign in';
export const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * A trimmed, non-empty string. Unlike `requiredString` its empty-check does not abort the whole
 * object, so the cross-field email rule below still runs and the form shows every message at once.
 */
function requiredText(message: string) {
  return z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, message);
}

/** An e-mail address that may be left empty (lower-cased, since accounts are found by it). */
function optionalEmailField() {
  return optionalString()
    .transform((value) => value?.toLowerCase())
    .refine((value) => value === undefined || z.regexes.email.test(value), { error: INVALID_EMAIL });
}

/**
 * The add-staff and edit-profile form (admin/academics/add-staff, edit-profile/{id}). The photo is
 * a separate file part of the same multipart request.
 */
export const staffSchema = z
  .object({
    name: requiredText('Name is required').max(120, 'Name must be at most 120 characters'),
    staffType: oneOf(STAFF_TYPES, 'Staff type is required'),
    email: optionalEmailField(),
    phone: requiredText('Phone number is required').pipe(phoneField()),
    gender: genderField('Gender is required'),
    address: requiredText('Address is required').max(300, 'Address must be at most 300 characters'),
    employedOn: requiredDateField('Date employed is required'),
  })
  .refine((value) => staffAccountRole(value.staffType) === null || Boolean(value.email), {
    error: EMAIL_REQUIRED_FOR_ACCOUNT,
    path: ['email'],
    // also when other fields are wrong, so the form shows every message at once
    when: (payload) => {
      const value = payload.value as { staffType?: unknown; email?: unknown } | undefined;
      return typeof value?.staffType === 'string' && staffAccountRole(value.staffType) !== null && !value.email;
    },
  });
export type StaffInput = z.input<typeof staffSchema>;
export type StaffValues = z.output<typeof staffSchema>;

export const STAFF_SEARCH_MAX = 100;

/** GET /api/staff: one page of the school's staff. */
export const staffListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(STAFF_SEARCH_MAX).optional(),
  staffType: z.enum(STAFF_TYPES).optional(),
  status: z.enum(STAFF_STATUS_FILTERS).optional(),
});
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

/** The status of a staff member's or school user's account. */
export const ACCOUNT_STATUSES = ['active', 'invited', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The roles of a school's user accounts (GET /api/school/users). */
export const SCHOOL_USER_ROLES = ['admin', 'teacher', 'student', 'parent'] as const;

/** GET /api/school/users: the school's user accounts and their roles. */
export const schoolUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(STAFF_SEARCH_MAX).optional(),
  role: z.enum(SCHOOL_USER_ROLES).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
});
export type SchoolUsersQuery = z.input<typeof schoolUsersQuerySchema>;
