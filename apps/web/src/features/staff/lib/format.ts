export const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  teacher: 'Teacher',
  student: 'Student',
  parent: 'Parent',
  super_admin: 'Super Admin',
};

export const ACCOUNT_STATUS_NAMES: Record<string, string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };

/** The question before re-activating a deactivated staff member. */
export function reactivateQuestion(staff: { name: string; account: { status: string } | null }) {
  return {
    title: `Re-activate ${staff.name}?`,
    message: `${staff.name} will be active again${staff.account ? ' and their account enabled (someone who never registered gets a new invitation code by mail)' : ''}.`,
    confirmLabel: 'Re-activate',
  };
}
