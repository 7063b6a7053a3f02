import { homePathFor, type Role } from '@school/shared/auth/roles';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { redirectAfterLogin } from '@/features/auth/lib/redirect-after-login';
import type { SessionUser } from '@/types/api';

function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/auth/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Loader of a role's area. Signed out → the login page (coming back here afterwards); another
 * role's area → the user's own home; a student opening another student's id → the same page
 * with their own id. The server enforces all of this too; this only spares a useless page.
 */
export function requireRole(queryClient: QueryClient, role: Role) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<SessionUser> => {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    if (!user) throw redirect(loginPathFor(request));
    if (user.role !== role) throw redirect(homePathFor(user));
    if (role === 'student' && user.studentId && params.id && params.id !== user.studentId) {
      const url = new URL(request.url);
      const segments = url.pathname.split('/');
      const index = segments.lastIndexOf(params.id);
      segments[index] = user.studentId;
      throw redirect(segments.join('/') + url.search);
    }
    return user;
  };
}

/** Loader of the login page: a signed-in user goes on to where they were heading, or home. */
export function redirectIfSignedIn(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    if (user) throw redirect(redirectAfterLogin(new URL(request.url).searchParams.get('redirectTo'), user));
    return null;
  };
}

/** Loader that only sends a signed-in user to their own home (e.g. /student, /student/:id/*). */
export function redirectToHome(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<never> => {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    throw redirect(user ? homePathFor(user) : loginPathFor(request));
  };
}
