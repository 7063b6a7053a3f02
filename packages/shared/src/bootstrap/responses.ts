/**
 * GET /api/bootstrap: what every page of the app needs before it shows anything, in one answer
 * (issue 17): who is signed in, the academic sessions of the top bar, their row of the permission
 * matrix and the Noticeboard's unread count. Each part is null when signed out, or when the user may
 * not read it (the same rules as its own endpoint).
 */
import { z } from 'zod';
import { academicSessionListResponse } from '../academics/responses';
import { sessionUserResponse } from '../auth/responses';
import { unreadNoticesResponse } from '../noticeboard/responses';
import { myPermissionsSchema } from '../organisations/responses';

export const bootstrapResponse = z.object({
  user: sessionUserResponse.nullable(),
  academicSessions: academicSessionListResponse.nullable(),
  permissions: myPermissionsSchema.nullable(),
  unreadNotices: unreadNoticesResponse.nullable(),
});
export type BootstrapResponse = z.infer<typeof bootstrapResponse>;
