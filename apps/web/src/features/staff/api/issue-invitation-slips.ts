import type { StaffInvitationSlips } from '@school/shared/staff/responses';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** New invitation codes for the staff accounts that have not signed up yet (earlier codes stop working). */
export function issueStaffInvitationSlips(): Promise<StaffInvitationSlips> {
  return api.post<StaffInvitationSlips>('/api/staff/invitation-slips');
}

export function useIssueStaffInvitationSlips() {
  return useMutation({ mutationFn: issueStaffInvitationSlips });
}
