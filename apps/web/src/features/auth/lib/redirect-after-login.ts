import { homePathFor, ROLE_AREA_PREFIX, type Role } from '@school/shared/auth/roles';

/**
 * Where to go after signing in: `redirectTo` when it is a path inside the user's own area (never
 * another site or another role's area), otherwise the user's home.
 */
export function redirectAfterLogin(redirectTo: string | null, user: { role: Role; studentId?: string | null }): string {
  const home = homePathFor(user);
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\')) {
    return home;
  }
  const prefix = `/${ROLE_AREA_PREFIX[user.role]}`;
  const pathname = redirectTo.split(/[?#]/)[0];
  return pathname === prefix || pathname.startsWith(`${prefix}/`) ? redirectTo : home;
}
