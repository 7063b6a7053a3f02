import type { InvitationSlips } from '@school/shared/admissions/responses';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** New invitation codes for a class's accounts that have not signed up yet (earlier codes stop working). */
export function issueInvitationSlips(classId: string): Promise<InvitationSlips> {
  return api.post<InvitationSlips>(`/api/admissions/classes/${classId}/invitation-slips`);
}

export function useIssueInvitationSlips() {
  return useMutation({ mutationFn: issueInvitationSlips });
}
