import type { PromoteInput } from '@school/shared/academics/promotion';
import type { AcademicSessionListResponse, PromotionResult, PromotionView } from '@school/shared/academics/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ACADEMIC_SESSIONS_KEY, academicsKeys } from './keys';

export interface PromotionParams {
  fromSessionId: string;
  toSessionId: string;
  classId: string | null;
}

const promotionKey = (p: PromotionParams) => [...academicsKeys.all, 'promotion', p.fromSessionId, p.toSessionId, p.classId ?? 'all'] as const;

export function getPromotion(p: PromotionParams): Promise<PromotionView> {
  const query = new URLSearchParams({ fromSessionId: p.fromSessionId, toSessionId: p.toSessionId });
  if (p.classId) query.set('classId', p.classId);
  return api.get<PromotionView>(`/api/promotion?${query}`);
}

export const promotionQueryOptions = (p: PromotionParams) => queryOptions({ queryKey: promotionKey(p), queryFn: () => getPromotion(p) });

export function usePromotion(p: PromotionParams | null) {
  return useQuery({
    ...promotionQueryOptions(p ?? { fromSessionId: '', toSessionId: '', classId: null }),
    enabled: Boolean(p?.fromSessionId && p?.toSessionId),
  });
}

/** The school's sessions (the same list and key as the top bar's session dropdown). */
export function usePromotionSessions() {
  return useQuery({ queryKey: ACADEMIC_SESSIONS_KEY, queryFn: () => api.get<AcademicSessionListResponse>('/api/academic-sessions') });
}

export function usePromote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromoteInput) => api.post<PromotionResult>('/api/promotion', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academicsKeys.all }),
  });
}
