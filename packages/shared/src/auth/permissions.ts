import type { Role } from './roles';

/**
 * Areas of the permission matrix. The first six are the spec's matrix rows; the rest are the
 * product's other areas, so that every API route can name the area it belongs to.
 */
export const AREAS = [
  'dashboard',
  'user-roles',
  'schools',
  'reports',
  'subscriptions',
  'permissions',
  'settings',
  'security',
  'admissions',
  'academics',
  'records',
  'finance',
  'noticeboard',
  'students',
  'lesson-notes',
  'assessments',
  'attendance',
  'profile',
] as const;
export type Area = (typeof AREAS)[number];

export const ACTIONS = ['add', 'edit', 'delete', 'view'] as const;
export type Action = (typeof ACTIONS)[number];

export const AREA_LABELS: Record<Area, string> = {
  dashboard: 'Dashboard',
  'user-roles': 'User Roles',
  schools: 'Schools',
  reports: 'Reports',
  subscriptions: 'Subscriptions',
  permissions: 'Permissions',
  settings: 'Settings',
  security: 'Security',
  admissions: 'Admissions',
  academics: 'Academics',
  records: 'Records',
  finance: 'Finance',
  noticeboard: 'Noticeboard',
  students: 'Students',
  'lesson-notes': 'Lesson Notes',
  assessments: 'Assessments',
  attendance: 'Attendance',
  profile: 'Profile',
};

export type Grant = Record<Action, boolean>;
export type PermissionMatrix = Record<Role, Record<Area, Grant>>;

const all: Grant = { add: true, edit: true, delete: true, view: true };
const none: Grant = { add: false, edit: false, delete: false, view: false };
const viewOnly: Grant = { add: false, edit: false, delete: false, view: true };
const noDelete: Grant = { add: true, edit: true, delete: false, view: true };

function row(grants: Partial<Record<Area, Grant>>): Record<Area, Grant> {
  return Object.fromEntries(AREAS.map((a) => [a, grants[a] ?? none])) as Record<Area, Grant>;
}

/**
 * Seeded defaults, stored per organisation and editable under settings/permissions.
 * The matrix says what a role may do in an area at all; which records (own school, own classes,
 * own children) is decided by each module's scoping rules on top of it.
 */
export const DEFAULT_PERMISSION_MATRIX: PermissionMatrix = {
  super_admin: row({
    dashboard: viewOnly,
    'user-roles': all,
    schools: all,
    reports: viewOnly,
    subscriptions: all,
    permissions: all,
    settings: all,
    security: all,
    // notices to one or all of the organisation's schools (decision 0016)
    noticeboard: all,
    profile: noDelete,
  }),
  admin: row({
    dashboard: viewOnly,
    reports: viewOnly,
    settings: noDelete,
    security: viewOnly,
    admissions: all,
    academics: all,
    records: all,
    finance: all,
    noticeboard: all,
    students: all,
    'lesson-notes': { add: false, edit: true, delete: false, view: true },
    assessments: viewOnly,
    attendance: all,
    profile: noDelete,
  }),
  teacher: row({
    dashboard: viewOnly,
    noticeboard: viewOnly,
    students: viewOnly,
    'lesson-notes': all,
    assessments: all,
    attendance: noDelete,
    profile: noDelete,
  }),
  student: row({
    dashboard: viewOnly,
    noticeboard: viewOnly,
    records: viewOnly,
    finance: viewOnly,
    academics: viewOnly,
    attendance: viewOnly,
    profile: noDelete,
  }),
  parent: row({
    dashboard: viewOnly,
    noticeboard: viewOnly,
    records: viewOnly,
    finance: { add: true, edit: false, delete: false, view: true },
    academics: viewOnly,
    attendance: viewOnly,
    profile: noDelete,
  }),
};

/** Roles whose matrix rows an organisation may not lock itself out of. */
export const LOCKED_GRANTS: ReadonlyArray<{ role: Role; area: Area; action: Action }> = [
  { role: 'super_admin', area: 'permissions', action: 'view' },
  { role: 'super_admin', area: 'permissions', action: 'edit' },
];

export function can(matrix: PermissionMatrix, role: Role, area: Area, action: Action): boolean {
  return matrix[role]?.[area]?.[action] ?? false;
}

/**
 * The matrix in force for an organisation: its stored rows, and the defaults for any area its
 * stored matrix does not mention (an area added to the product after the organisation last saved
 * its matrix starts with the defaults, not switched off).
 */
export function effectiveMatrix(stored: unknown): PermissionMatrix {
  const saved = (stored ?? {}) as Partial<Record<Role, Partial<Record<Area, Partial<Grant>>>>>;
  const result = {} as PermissionMatrix;
  for (const role of Object.keys(DEFAULT_PERMISSION_MATRIX) as Role[]) {
    const row = {} as Record<Area, Grant>;
    for (const area of AREAS) {
      const cell = saved[role]?.[area];
      row[area] = cell
        ? { add: cell.add === true, edit: cell.edit === true, delete: cell.delete === true, view: cell.view === true }
        : { ...DEFAULT_PERMISSION_MATRIX[role][area] };
    }
    result[role] = row;
  }
  return result;
}
