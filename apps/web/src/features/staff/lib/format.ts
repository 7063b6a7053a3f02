export const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  teacher: 'Teacher',
  student: 'Student',
  parent: 'Parent',
  super_admin: 'Super Admin',
};

export const ACCOUNT_STATUS_NAMES: Record<string, string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };
