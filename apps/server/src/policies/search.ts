/**
 * The top-bar search. Any signed-in user may ask; what it finds is a school's people, for its staff:
 * an administrator students, staff and classes, a teacher the students of the classes they teach
 * (policies/students.ts). A pupil, a parent and an owner (no school of their own) find nothing.
 */
import { type Area, can } from '@school/shared/auth/permissions';
import type { SearchResult } from '@school/shared/search/responses';
import { isSchoolAdmin, isTeacher } from './actors';
import type { RequestContext } from './context';
import { ownAccount } from './policy';

type Kind = SearchResult['kind'];

/** The permission-matrix area whose `view` a kind of result needs. */
const KIND_AREAS: Record<Kind, Area> = { student: 'students', staff: 'academics', class: 'academics' };

/** The kinds of result the actor may find: those with a page in their area that the matrix lets them view. */
export function searchKinds(ctx: Pick<RequestContext, 'user'>): Kind[] {
  const kinds: Kind[] = isSchoolAdmin(ctx) ? ['student', 'staff', 'class'] : isTeacher(ctx) ? ['student'] : [];
  return kinds.filter((kind) => can(ctx.user.matrix, ctx.user.role, KIND_AREAS[kind], 'view'));
}

export const searchPolicy = {
  find: ownAccount('search.find'),
};
