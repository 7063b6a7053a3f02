/**
 * The organisation area: the proprietor's schools, their administrators, the organisation's users,
 * the permission matrix and security settings (super-admin/*), and the user's own profile.
 */
import { z } from 'zod';
import { ACTIONS, AREAS, LOCKED_GRANTS, type Action, type Area, type PermissionMatrix } from '../auth/permissions';
import { ROLE_LABELS, ROLES, type Role } from '../auth/roles';
import { NIGERIAN_STATES, SCHOOL_TYPES, TABLE } from '../constants';
import { emailField, lookupIdField, oneOf, optionalLookupIdField, optionalString, phoneField, requiredString } from '../fields';
import { createUserSchema, roleNameSchema } from '../users/schemas';

// ---------------------------------------------------------------- schools

/** /auth/school-register from one IP address: at most `perIp` per window. */
export const SCHOOL_REGISTRATION_LIMIT = { perIp: 5, windowMinutes: 60 } as const;

/** super-admin/schools → Add school: the same details as the registration's school. */
export const addSchoolSchema = z.object({
  name: requiredString('School name is required'),
  address: requiredString('School address is required'),
  city: requiredString('City is required'),
  state: oneOf(NIGERIAN_STATES, 'State is required'),
  email: emailField(),
  phone: phoneField(),
  schoolType: oneOf(SCHOOL_TYPES, 'School type is required'),
});
export type AddSchoolInput = z.infer<typeof addSchoolSchema>;

/** The school's logo (printed on report cards): JPEG or PNG (checked by content on the server), at most 2 MB. */
export const SCHOOL_LOGO_UPLOAD = {
  maxBytes: 2 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png'],
  field: 'logo',
  label: 'Logo',
} as const;

export const SCHOOL_STATUSES = ['active', 'inactive'] as const;
export type SchoolStatus = (typeof SCHOOL_STATUSES)[number];

export const schoolStatusSchema = z.object({
  status: oneOf(SCHOOL_STATUSES, 'Status must be active or inactive'),
});
export type SchoolStatusInput = z.infer<typeof schoolStatusSchema>;

/** An optional id of the administrator being replaced (their account is deactivated). */
const replacesUserId = optionalLookupIdField();

/** Appoint a new administrator: an account is created and an invitation mailed. */
export const newAdministratorSchema = z.object({
  name: requiredString('Name is required'),
  email: emailField(),
  replacesUserId,
});
export type NewAdministratorInput = z.infer<typeof newAdministratorSchema>;

/** Make an existing teacher of the school its administrator. */
export const existingAdministratorSchema = z.object({
  userId: lookupIdField('Choose a teacher of this school'),
  replacesUserId,
});
export type ExistingAdministratorInput = z.infer<typeof existingAdministratorSchema>;

// ---------------------------------------------------------------- users

export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Deactivated',
};

/** The role filter of super-admin/user-roles, in the spec's order. */
export const ROLE_FILTER_OPTIONS: ReadonlyArray<{ value: Role; label: string }> = (['super_admin', 'admin', 'teacher', 'parent', 'student'] as const).map(
  (role) => ({ value: role, label: ROLE_LABELS[role] }),
);

const pageSizes = TABLE.pageSizeOptions as readonly number[];

/** GET /api/organisation/users: role filter, search, school, page and page size from the table. */
export const listUsersQuerySchema = z.object({
  role: z
    .union([z.enum(ROLES), z.literal('')], { error: 'Unknown role' })
    .optional()
    .transform((value) => value || undefined),
  search: optionalString(),
  schoolId: optionalLookupIdField(),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a number').min(1, 'Page must be a number').default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .refine((value) => pageSizes.includes(value), { error: `Page size must be one of ${pageSizes.join(', ')}` })
    .default(TABLE.pageSize),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;
export type ListUsersFilter = z.output<typeof listUsersQuerySchema>;

const organisationUserFields = createUserSchema.extend({
  userType: oneOf(ROLES, 'User type is required'),
  schoolId: optionalLookupIdField(),
});
export type OrganisationUserFormValues = z.input<typeof organisationUserFields>;

export const SCHOOL_REQUIRED = 'School is required';

/** A school unless the user is a super administrator; the fields themselves are not its concern. */
const schoolRule = z
  .unknown()
  .superRefine((input, ctx) => {
    const value = (input ?? {}) as { userType?: unknown; schoolId?: unknown };
    const hasSchool = typeof value.schoolId === 'string' && value.schoolId.trim() !== '';
    if (value.userType !== 'super_admin' && !hasSchool) {
      // not continuable: the intersection must not try to merge this side's raw value with the parsed fields
      ctx.addIssue({ code: 'custom', message: SCHOOL_REQUIRED, path: ['schoolId'], input: value.schoolId, continue: false });
    }
  })
  .transform(() => ({}));

/**
 * super-admin/user-roles/create-user: the spec's create-user fields, with the user type being the
 * role and the school the user belongs to (none for a super administrator). The school rule is
 * the other half of an intersection, not a refinement: zod skips an object's refinements once a
 * field has failed, and the form should show this message together with the others.
 */
export const organisationUserSchema = z.intersection(organisationUserFields, schoolRule);
export type OrganisationUserInput = z.output<typeof organisationUserSchema>;

export const userStatusSchema = z.object({
  status: oneOf(['active', 'disabled'] as const, 'Status must be active or disabled'),
});
export type UserStatusInput = z.infer<typeof userStatusSchema>;

// ---------------------------------------------------------------- permissions

const grantSchema = z.object(
  Object.fromEntries(ACTIONS.map((action) => [action, z.boolean({ error: 'Each permission must be on or off' })])) as Record<Action, z.ZodBoolean>,
);
const roleGrantsSchema = z.object(Object.fromEntries(AREAS.map((area) => [area, grantSchema])) as Record<Area, typeof grantSchema>);

export const LOCKED_GRANTS_MESSAGE = 'Super Admin must keep Permissions view and edit, so that someone can still change permissions.';

/** The grants of LOCKED_GRANTS that `matrix` takes away. */
export function removedLockedGrants(matrix: PermissionMatrix) {
  return LOCKED_GRANTS.filter((grant) => !matrix[grant.role]?.[grant.area]?.[grant.action]);
}

export function isLockedGrant(role: Role, area: Area, action: Action): boolean {
  return LOCKED_GRANTS.some((grant) => grant.role === role && grant.area === area && grant.action === action);
}

/** PUT /api/organisation/permissions: the whole matrix, every role, area and action. */
export const updatePermissionsSchema = z
  .object({
    matrix: z.object(Object.fromEntries(ROLES.map((role) => [role, roleGrantsSchema])) as Record<Role, typeof roleGrantsSchema>, {
      error: 'The permission matrix is required',
    }),
  })
  .superRefine((value, ctx) => {
    for (const grant of removedLockedGrants(value.matrix)) {
      ctx.addIssue({ code: 'custom', message: LOCKED_GRANTS_MESSAGE, path: ['matrix', grant.role, grant.area, grant.action] });
    }
  });
export type UpdatePermissionsInput = z.infer<typeof updatePermissionsSchema>;

export const ROLE_NAME_MAX_LENGTH = 40;

/**
 * settings/permissions → New role: a named role recorded for the organisation. Until accounts can
 * hold custom roles it follows the grants of the built-in role it is based on (docs/decisions).
 */
export const newRoleSchema = roleNameSchema.extend({
  name: roleNameSchema.shape.name.max(ROLE_NAME_MAX_LENGTH, {
    error: `Role name must be at most ${ROLE_NAME_MAX_LENGTH} characters`,
  }),
  basedOn: oneOf(ROLES, 'Choose the role it is based on'),
});
export type NewRoleInput = z.infer<typeof newRoleSchema>;

// ---------------------------------------------------------------- security settings

/** The ranges of settings/security-setting; the server enforces the stored values at once. */
export const SECURITY_SETTING_LIMITS = {
  passwordMinLength: { min: 8, max: 64, label: 'Password minimum length' },
  sessionIdleMinutes: { min: 5, max: 1440, label: 'Session idle timeout' },
  maxLoginAttempts: { min: 3, max: 20, label: 'Sign-in attempts' },
} as const;

const DIGITS = /^\d+$/;

/** A whole number in [min, max], typed as a number or as digits in a form field. */
function integerBetween({ min, max, label }: { min: number; max: number; label: string }) {
  const required = `${label} is required`;
  const range = `${label} must be a whole number from ${min} to ${max}`;
  return z.union([z.number(), z.string()], { error: (issue) => (issue.input == null ? required : range) }).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required, input: value });
      return z.NEVER;
    }
    const number = text === null ? value : DIGITS.test(text) ? Number(text) : NaN;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
      ctx.addIssue({ code: 'custom', message: range, input: value });
      return z.NEVER;
    }
    return number;
  });
}

export const securitySettingsSchema = z.object({
  passwordMinLength: integerBetween(SECURITY_SETTING_LIMITS.passwordMinLength),
  sessionIdleMinutes: integerBetween(SECURITY_SETTING_LIMITS.sessionIdleMinutes),
  maxLoginAttempts: integerBetween(SECURITY_SETTING_LIMITS.maxLoginAttempts),
});
export type SecuritySettingsInput = z.infer<typeof securitySettingsSchema>;
export type SecuritySettingsFormValues = z.input<typeof securitySettingsSchema>;

// ---------------------------------------------------------------- own profile

/** An optional Nigerian phone number: empty means none. */
const optionalPhone = z.preprocess(
  (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  phoneField().optional(),
);

/** settings/system: the user's own name, phone and email; a new email needs the current password. */
export const updateProfileSchema = z.object({
  name: requiredString('Name is required'),
  email: emailField(),
  phone: optionalPhone,
  currentPassword: optionalString(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type UpdateProfileFormValues = z.input<typeof updateProfileSchema>;

export const EMAIL_TAKEN = 'An account with this email already exists';
