/** What the staff endpoints answer (server response schemas; web types). */
import { z } from 'zod';
import { STAFF_TYPES } from '../constants';
import { staffIssuedInvitationResponse } from './import';
import { ACCOUNT_STATUSES, SCHOOL_USER_ROLES, STAFF_STATUSES } from './schemas';

const account = z.object({ userId: z.string(), role: z.enum(['teacher', 'admin']), status: z.enum(ACCOUNT_STATUSES) });

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** A row of the staff table. */
export const staffListItemResponse = z.object({
  id: z.string(),
  name: z.string(),
  staffType: z.enum(STAFF_TYPES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photoUrl: z.string().nullable(),
  employedOn: z.string().nullable(),
  status: z.enum(STAFF_STATUSES),
  account: account.nullable(),
  /** Class teacher, subject assignments or an account that has signed in: delete deactivates instead. */
  hasRecords: z.boolean(),
});
export type StaffListItem = z.infer<typeof staffListItemResponse>;

/** GET /api/staff */
export const staffPageResponse = page(staffListItemResponse);
export type StaffPage = z.infer<typeof staffPageResponse>;

export const staffDetailResponse = staffListItemResponse.extend({
  gender: z.string().nullable(),
  address: z.string().nullable(),
  account: account.extend({ lastLoginAt: z.string().nullable() }).nullable(),
  /** In the selected academic session. */
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  subjects: z.array(z.object({ classId: z.string(), className: z.string(), subjectId: z.string(), subjectName: z.string() })),
});
export type StaffDetail = z.infer<typeof staffDetailResponse>;

/** GET, POST and PUT /api/staff[/:id] */
export const staffAnswerResponse = z.object({ staff: staffDetailResponse });
export type StaffAnswer = z.infer<typeof staffAnswerResponse>;

/** DELETE /api/staff/:id: deleted, or deactivated when they have records. */
export const staffDeleteResponse = z.object({ outcome: z.enum(['deleted', 'deactivated']), message: z.string() });
export type StaffDeleteResult = z.infer<typeof staffDeleteResponse>;
export type StaffDeleteOutcome = StaffDeleteResult['outcome'];

export const schoolUserResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(SCHOOL_USER_ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SchoolUser = z.infer<typeof schoolUserResponse>;

/** GET /api/school/users */
export const schoolUserPageResponse = page(schoolUserResponse);
export type SchoolUserPage = z.infer<typeof schoolUserPageResponse>;

/** POST /api/staff/invitation-slips: new codes for the staff accounts not yet signed up (ADR 0036). */
export const staffInvitationSlipsResponse = z.object({
  schoolName: z.string(),
  registerUrl: z.string(),
  items: z.array(staffIssuedInvitationResponse),
});
export type StaffInvitationSlips = z.infer<typeof staffInvitationSlipsResponse>;
