import type { SearchResult } from '@school/shared/search/responses';
import { isSchoolAdmin } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import { personName } from '../../lib/names';

type Paths = Partial<Record<SearchResult['kind'], (id: string) => string>>;

/** Where each kind of result opens in the administrator's area, and in the teacher's (students only). */
const ADMIN_PATHS: Paths = {
  student: (id) => `/admin/records/student-profile/${id}`,
  staff: (id) => `/admin/academics/staff-profile/${id}`,
  class: () => '/admin/academics/class',
};
const TEACHER_PATHS: Paths = {
  student: (id) => `/teachers/students/student-profile/${id}`,
};

/** The links of the searcher's own area (policies/search.ts decides which kinds they find at all). */
export function resultPaths(ctx: Pick<RequestContext, 'user'>): Paths {
  return isSchoolAdmin(ctx) ? ADMIN_PATHS : TEACHER_PATHS;
}

export function presentStudent(
  paths: Paths,
  row: { id: string; firstName: string; lastName: string; registrationNo: string; level: string | null; arm: string | null },
): SearchResult {
  return {
    kind: 'student',
    id: row.id,
    title: personName(row),
    subtitle: [row.registrationNo, row.level ? `${row.level} ${row.arm}` : null].filter(Boolean).join(' · '),
    path: paths.student!(row.id),
  };
}

export function presentStaff(paths: Paths, row: { id: string; name: string; staffType: string; status: string }): SearchResult {
  return {
    kind: 'staff',
    id: row.id,
    title: row.name,
    subtitle: row.status === 'active' ? row.staffType : `${row.staffType} · inactive`,
    path: paths.staff!(row.id),
  };
}

export function presentClass(paths: Paths, row: { id: string; level: string; arm: string; students: number }): SearchResult {
  return {
    kind: 'class',
    id: row.id,
    title: `${row.level} ${row.arm}`,
    subtitle: `Class · ${row.students} ${row.students === 1 ? 'student' : 'students'}`,
    path: paths.class!(row.id),
  };
}
