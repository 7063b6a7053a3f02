import { ACTIONS, AREAS, type Area, type Grant, type PermissionMatrix } from '@school/shared/auth/permissions';
import { ROLES, type Role } from '@school/shared/auth/roles';
import type { OrganisationOverview, OrganisationSchool, OrganisationUser, OverviewSchool, SchoolAdministrator } from '@school/shared/organisations/responses';
import type { SchoolStatus, UserStatus } from '@school/shared/organisations/schemas';
import type { schools } from '../../db/schema';
import type { administratorsOf, listUsers, schoolsWithFigures } from './organisations.repository';
import { markRate } from '../attendance/attendance.api';

type SchoolWithFigures = Awaited<ReturnType<typeof schoolsWithFigures>>[number];
type School = typeof schools.$inferSelect;

const schoolStatus = (status: string): SchoolStatus => (status === 'inactive' ? 'inactive' : 'active');
const userStatus = (status: string): UserStatus => (status === 'invited' || status === 'disabled' ? status : 'active');

function presentOverviewSchool(row: SchoolWithFigures): OverviewSchool {
  return {
    id: row.school.id,
    name: row.school.name,
    code: row.school.code,
    status: schoolStatus(row.school.status),
    activeSession: row.activeSession,
    students: row.students,
    staff: row.staff,
    classes: row.classes,
    feesCollectedKobo: row.feesCollected,
  };
}

export function presentOverview(
  organisationName: string,
  rows: SchoolWithFigures[],
  marks: Map<string, { attended: number; marked: number }>,
): OrganisationOverview {
  const list = rows.map((row) => ({ ...presentOverviewSchool(row), attendanceRate: markRate(marks.get(row.school.id)) }));
  const allMarks = [...marks.values()].reduce((t, m) => ({ attended: t.attended + m.attended, marked: t.marked + m.marked }), { attended: 0, marked: 0 });
  const sum = (key: 'students' | 'staff' | 'classes') => list.reduce((total, school) => total + school[key], 0);
  return {
    organisationName,
    schools: list,
    totals: {
      schools: list.length,
      activeSchools: list.filter((school) => school.status === 'active').length,
      students: sum('students'),
      staff: sum('staff'),
      classes: sum('classes'),
      feesCollectedKobo: list.reduce((total, school) => total + school.feesCollectedKobo, 0),
      attendanceRate: markRate(allMarks),
    },
  };
}

type Administrator = Awaited<ReturnType<typeof administratorsOf>>[number];

export function presentAdministrator(row: Pick<Administrator, 'id' | 'name' | 'email' | 'status'>): SchoolAdministrator {
  return { id: row.id, name: row.name, email: row.email, status: userStatus(row.status) };
}

export function presentSchool(row: SchoolWithFigures, administrators: Administrator[]): OrganisationSchool {
  return {
    ...presentOverviewSchool(row),
    address: row.school.address,
    city: row.school.city,
    state: row.school.state,
    email: row.school.email,
    phone: row.school.phone,
    schoolType: row.school.schoolType,
    administrators: administrators.filter((admin) => admin.schoolId === row.school.id).map(presentAdministrator),
  };
}

/** A school just added: it has no session, classes, staff or students yet. */
export function presentNewSchool(school: School): OrganisationSchool {
  return presentSchool({ school, activeSession: null, students: 0, staff: 0, classes: 0, feesCollected: 0 }, []);
}

type UserRow = Awaited<ReturnType<typeof listUsers>>['items'][number];

export function presentUser(row: UserRow): OrganisationUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role as Role,
    status: userStatus(row.status),
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One role's row, complete: a cell the stored matrix lacks is off, as the policy reads it. */
export function presentGrants(row: Partial<Record<Area, Partial<Grant>>> | undefined): Record<Area, Grant> {
  return Object.fromEntries(
    AREAS.map((area) => [area, Object.fromEntries(ACTIONS.map((action) => [action, row?.[area]?.[action] === true])) as Grant]),
  ) as Record<Area, Grant>;
}

export function presentMatrix(matrix: Partial<PermissionMatrix>): PermissionMatrix {
  return Object.fromEntries(ROLES.map((role) => [role, presentGrants(matrix[role])])) as PermissionMatrix;
}
