/**
 * What the sign-in endpoints answer. The server declares these as its response schemas (so no other
 * field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { ROLES } from './roles';

/** The signed-in user, as GET /api/auth/me answers (docs/ARCHITECTURE.md). */
export const sessionUserResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  organisationId: z.string(),
  organisationName: z.string(),
  /** null only for a super administrator without a school */
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  /** set for students */
  studentId: z.string().nullable(),
  selectedAcademicSessionId: z.string().nullable(),
  /** an owner running one of the organisation's schools as its administrator (role is then admin) */
  actingOwner: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserResponse>;

/** GET /api/auth/me, POST /api/auth/login, POST /api/auth/school-register */
export const signedInResponse = z.object({ user: sessionUserResponse });
export type SignedInResponse = z.infer<typeof signedInResponse>;

/** GET /api/auth/session: the signed-in user, or null when signed out. */
export const currentUserResponse = z.object({ user: sessionUserResponse.nullable() });
export type CurrentUserResponse = z.infer<typeof currentUserResponse>;

/** A message-only answer (forgot, reset and change password; invitations sent; staff re-activated). */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** POST /api/auth/register: the account is active; the person signs in next. */
export const registerResponse = z.object({ message: z.string(), email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;
