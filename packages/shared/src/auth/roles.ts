export const ROLES = ['super_admin', 'admin', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  teacher: 'Teacher',
  student: 'Student',
  parent: 'Parent',
};

/** Where each role lands after sign-in. Students' areas take their student id. */
export function homePathFor(user: { role: Role; studentId?: string | null }): string {
  switch (user.role) {
    case 'super_admin':
      return '/super-admin/dashboard';
    case 'admin':
      return '/admin/dashboard';
    case 'teacher':
      return '/teachers/dashboard';
    case 'student':
      return `/student/dashboard/${user.studentId ?? ''}`;
    case 'parent':
      return '/parent/dashboard';
  }
}

/** The first path segment that belongs to each role's area. */
export const ROLE_AREA_PREFIX: Record<Role, string> = {
  super_admin: 'super-admin',
  admin: 'admin',
  teacher: 'teachers',
  student: 'student',
  parent: 'parent',
};
