import type { ReferrersQuery } from '@school/shared/referrals/schemas';

/** Query keys of the referrals feature; every write invalidates `referralKeys.all`. */
export const referralKeys = {
  all: ['referrals'] as const,
  schools: () => [...referralKeys.all, 'schools'] as const,
  summary: (schoolId: string | undefined) => [...referralKeys.all, 'summary', schoolId ?? ''] as const,
  campaigns: (schoolId: string | undefined) => [...referralKeys.all, 'campaigns', schoolId ?? ''] as const,
  referrers: (query: ReferrersQuery) => [...referralKeys.all, 'referrers', query] as const,
  withdrawalsOf: (userId: string, schoolId: string | undefined) => [...referralKeys.all, 'withdrawals', userId, schoolId ?? ''] as const,
  mine: () => [...referralKeys.all, 'mine'] as const,
};

/** `?schoolId=…` for a super administrator's chosen school; nothing for an administrator. */
export function schoolParam(schoolId: string | undefined, prefix: '?' | '&' = '?'): string {
  return schoolId ? `${prefix}schoolId=${encodeURIComponent(schoolId)}` : '';
}
