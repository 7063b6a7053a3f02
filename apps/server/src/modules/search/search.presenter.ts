import { type Area, can, type PermissionMatrix } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import type { SearchResult } from '@school/shared/search/schemas';

/** Where each kind of result opens, in the role's own area; null when the role has no such page. */
const PATHS: Partial<Record<Role, Partial<Record<SearchResult['kind'], (id: string) => string>>>> = {
  admin: {
    student: (id) => `/admin/records/student-profile/${id}`,
    staff: (id) => `/admin/academics/staff-profile/${id}`,
    class: () => '/admin/academics/class',
  },
  teacher: {
    student: (id) => `/teachers/students/student-profile/${id}`,
  },
};

/** The permission-matrix area whose 'view' a kind of result needs. */
const KIND_AREAS: Record<SearchResult['kind'], Area> = { student: 'students', staff: 'academics', class: 'academics' };

/** The kinds of result a user may find: a page for them in the role's area, and the matrix's 'view'. */
export function kindsFor(role: Role, matrix: PermissionMatrix): Array<SearchResult['kind']> {
  return (Object.keys(PATHS[role] ?? {}) as Array<SearchResult['kind']>).filter((kind) => can(matrix, role, KIND_AREAS[kind], 'view'));
}

export function presentStudent(role: Role, row: { id: string; firstName: string; lastName: string; registrationNo: string; level: string | null; arm: string | null }): SearchResult {
  return {
    kind: 'student',
    id: row.id,
    title: `${row.firstName} ${row.lastName}`,
    subtitle: [row.registrationNo, row.level ? `${row.level} ${row.arm}` : null].filter(Boolean).join(' · '),
    path: PATHS[role]!.student!(row.id),
  };
}

export function presentStaff(role: Role, row: { id: string; name: string; staffType: string; status: string }): SearchResult {
  return {
    kind: 'staff',
    id: row.id,
    title: row.name,
    subtitle: row.status === 'active' ? row.staffType : `${row.staffType} · inactive`,
    path: PATHS[role]!.staff!(row.id),
  };
}

export function presentClass(role: Role, row: { id: string; level: string; arm: string; students: number }): SearchResult {
  return {
    kind: 'class',
    id: row.id,
    title: `${row.level} ${row.arm}`,
    subtitle: `Class · ${row.students} ${row.students === 1 ? 'student' : 'students'}`,
    path: PATHS[role]!.class!(row.id),
  };
}
