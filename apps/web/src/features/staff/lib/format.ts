const DATE = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/** A calendar date 'YYYY-MM-DD' as '2 Sep 2019'; empty for none. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : DATE.format(parsed);
}

/** A moment as the school sees it (Africa/Lagos). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : DATE_TIME.format(parsed);
}

export const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  teacher: 'Teacher',
  student: 'Student',
  parent: 'Parent',
  super_admin: 'Super Admin',
};

export const ACCOUNT_STATUS_NAMES: Record<string, string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };
