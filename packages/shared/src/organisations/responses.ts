/**
 * What the organisation area's endpoints answer: the server serialises through these schemas and
 * the web app reads their inferred types.
 */
import { z } from 'zod';
import { pageResponse } from '../http';
import { ACTIONS, AREAS, type Action, type Area } from '../auth/permissions';
import { ROLES, type Role } from '../auth/roles';
import { SCHOOL_STATUSES, USER_STATUSES } from './schemas';

const counts = {
  /** Active students enrolled in the school's Active academic session. */
  students: z.number(),
  /** Active staff records. */
  staff: z.number(),
  /** Classes of the school's Active academic session. */
  classes: z.number(),
};

export const overviewSchoolSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  status: z.enum(SCHOOL_STATUSES),
  activeSession: z.string().nullable(),
  ...counts,
  /** Successful fee payments (kobo) on invoices of the school's Active session's terms; reversals net out. */
  feesCollectedKobo: z.number(),
});
export type OverviewSchool = z.infer<typeof overviewSchoolSchema>;

/** Attendance of the current term: Present or Late out of every mark, in per cent (one decimal); null before any register. */
const attendanceRate = z.number().nullable();

export const organisationOverviewSchema = z.object({
  organisationName: z.string(),
  schools: z.array(overviewSchoolSchema.extend({ attendanceRate })),
  totals: z.object({ schools: z.number(), activeSchools: z.number(), ...counts, feesCollectedKobo: z.number(), attendanceRate }),
});
export type OrganisationOverview = z.infer<typeof organisationOverviewSchema>;

export const schoolAdministratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
});
export type SchoolAdministrator = z.infer<typeof schoolAdministratorSchema>;

export const organisationSchoolSchema = overviewSchoolSchema.extend({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  email: z.string(),
  phone: z.string(),
  schoolType: z.string(),
  administrators: z.array(schoolAdministratorSchema),
});
export type OrganisationSchool = z.infer<typeof organisationSchoolSchema>;

/** PUT /api/organisation/schools/:schoolId/status */
export const schoolStatusResponseSchema = z.object({ id: z.string(), status: z.enum(SCHOOL_STATUSES) });
export type SchoolStatusAnswer = z.infer<typeof schoolStatusResponseSchema>;

/** POST /api/organisation/schools/:schoolId/run: the school this session now runs as its administrator. */
export const runSchoolResponse = z.object({ schoolId: z.string(), schoolName: z.string() });
export type RunSchoolAnswer = z.infer<typeof runSchoolResponse>;

export const schoolListSchema = z.object({ items: z.array(organisationSchoolSchema) });

/** GET, PUT and DELETE /api/organisation/schools/:schoolId/logo: where the browser fetches the logo (null: none). */
export const schoolLogoResponse = z.object({ logoUrl: z.string().nullable() });
export type SchoolLogo = z.infer<typeof schoolLogoResponse>;
export type SchoolList = z.infer<typeof schoolListSchema>;

export const organisationUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrganisationUser = z.infer<typeof organisationUserSchema>;

export const userPageSchema = pageResponse(organisationUserSchema);
export type UserPage = z.infer<typeof userPageSchema>;

const grantSchema = z.object(Object.fromEntries(ACTIONS.map((action) => [action, z.boolean()])) as Record<Action, z.ZodBoolean>);
export const roleGrantsSchema = z.object(Object.fromEntries(AREAS.map((area) => [area, grantSchema])) as Record<Area, typeof grantSchema>);
export const permissionMatrixSchema = z.object(Object.fromEntries(ROLES.map((role) => [role, roleGrantsSchema])) as Record<Role, typeof roleGrantsSchema>);

/** A named role recorded for the organisation, following the grants of the built-in role it is based on. */
export const customRoleSchema = z.object({ id: z.string(), name: z.string(), basedOn: z.enum(ROLES) });
export type CustomRole = z.infer<typeof customRoleSchema>;

export const permissionSettingsSchema = z.object({
  matrix: permissionMatrixSchema,
  customRoles: z.array(customRoleSchema),
  lockedGrants: z.array(z.object({ role: z.enum(ROLES), area: z.enum(AREAS), action: z.enum(ACTIONS) })),
});
export type PermissionSettings = z.infer<typeof permissionSettingsSchema>;

/** GET /api/auth/permissions: the signed-in user's row of the matrix. */
export const myPermissionsSchema = z.object({ role: z.enum(ROLES), grants: roleGrantsSchema });
export type MyPermissions = z.infer<typeof myPermissionsSchema>;

/** An organisation's security settings (settings/security-setting); their defaults are in settings/security-defaults. */
export const securitySettingsResponseSchema = z.object({
  passwordMinLength: z.number().int(),
  /** A session unused this long ends. */
  sessionIdleMinutes: z.number().int(),
  /** Failed sign-ins in a row for one email before each further attempt waits (1 s, 2 s, 4 s … up to LOCKOUT_MINUTES). */
  maxLoginAttempts: z.number().int(),
});
export type SecuritySettings = z.infer<typeof securitySettingsResponseSchema>;

export const profileSchema = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });
export type Profile = z.infer<typeof profileSchema>;
