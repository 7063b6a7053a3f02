import type { ListUsersQuery } from '@school/shared/organisations/schemas';

/** Query keys of the organisation area; mutations invalidate through the same keys. */
export const organisationKeys = {
  all: ['organisation'] as const,
  overview: () => [...organisationKeys.all, 'overview'] as const,
  schools: () => [...organisationKeys.all, 'schools'] as const,
  schoolLogo: (schoolId: string) => [...organisationKeys.schools(), schoolId, 'logo'] as const,
  usersAll: () => [...organisationKeys.all, 'users'] as const,
  users: (query: ListUsersQuery) => [...organisationKeys.usersAll(), query] as const,
  permissions: () => [...organisationKeys.all, 'permissions'] as const,
  securitySettings: () => [...organisationKeys.all, 'security-settings'] as const,
  profile: () => ['me', 'profile'] as const,
  /** The signed-in user's row of the matrix (the sidebar reads it). */
  myPermissions: () => ['auth', 'permissions'] as const,
};
