/**
 * Who is who. The only place (with the sign-in code) that compares roles: services ask these
 * questions instead of reading `role` themselves.
 */
import type { Role } from '@school/shared/auth/roles';

/** A user (or a request context, or a stored row: roles read from the database are plain strings). */
type Actor = { role: string } | { user: { role: string } };
const roleOf = (a: Actor): Role => ('user' in a ? a.user.role : a.role) as Role;

/** The organisation's owners (proprietors): every school of their organisation, no school of their own. */
export const OWNERS: readonly Role[] = ['super_admin'];
/** A school's administrators (the bursary and the principal's office). */
export const SCHOOL_ADMINS: readonly Role[] = ['admin'];
/** People who run a school: its administrators and the organisation's owners. */
export const ADMINISTRATORS: readonly Role[] = ['super_admin', 'admin'];
/** Everyone on the school's side. */
export const STAFF: readonly Role[] = ['super_admin', 'admin', 'teacher'];
/** A school's own staff (not the owners). */
export const SCHOOL_STAFF: readonly Role[] = ['admin', 'teacher'];
export const TEACHERS: readonly Role[] = ['teacher'];
/** A pupil and the pupil's guardians: they see their own family's records only. */
export const FAMILY: readonly Role[] = ['student', 'parent'];
export const STUDENTS: readonly Role[] = ['student'];
export const PARENTS: readonly Role[] = ['parent'];

export const isOwner = (a: Actor) => OWNERS.includes(roleOf(a));
export const isSchoolAdmin = (a: Actor) => SCHOOL_ADMINS.includes(roleOf(a));
export const isAdministrator = (a: Actor) => ADMINISTRATORS.includes(roleOf(a));
export const isStaff = (a: Actor) => STAFF.includes(roleOf(a));
export const isSchoolStaff = (a: Actor) => SCHOOL_STAFF.includes(roleOf(a));
export const isTeacher = (a: Actor) => TEACHERS.includes(roleOf(a));
export const isFamily = (a: Actor) => FAMILY.includes(roleOf(a));
export const isStudent = (a: Actor) => STUDENTS.includes(roleOf(a));
export const isParent = (a: Actor) => PARENTS.includes(roleOf(a));
