import type { BadgeTone } from '@school/shared/constants';
import { USER_STATUS_LABELS, type UserStatus } from '@school/shared/organisations/schemas';

export const USER_STATUS_TONES: Record<UserStatus, BadgeTone> = { active: 'green', invited: 'yellow', disabled: 'pink' };

export function userStatusBadge(status: UserStatus) {
  return { status: USER_STATUS_LABELS[status], tone: USER_STATUS_TONES[status] };
}
