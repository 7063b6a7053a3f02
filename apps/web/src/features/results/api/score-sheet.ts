import type { ResultOptions, ScoreSheet } from '@school/shared/results/responses';
import type { ScoreBatchInput } from '@school/shared/results/scores';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

/** Teachers use /api/results/*, administrators /api/records/results/* (any class, even after publication). */
export type Scope = 'teacher' | 'admin';
export interface SheetPlace {
  termId: string;
  classId: string;
  subjectId: string;
}

const base = (scope: Scope) => (scope === 'teacher' ? '/api/results' : '/api/records/results');

export const resultOptionsQueryOptions = (scope: Scope) =>
  queryOptions({ queryKey: resultKeys.options(scope), queryFn: () => api.get<ResultOptions>(`${base(scope)}/options`) });

export function useResultOptions(scope: Scope) {
  return useQuery(resultOptionsQueryOptions(scope));
}

export function getScoreSheet(scope: Scope, place: SheetPlace): Promise<ScoreSheet> {
  const params = new URLSearchParams({ termId: place.termId, classId: place.classId, subjectId: place.subjectId });
  return api.get<ScoreSheet>(`${base(scope)}/scores?${params}`);
}

export function useScoreSheet(scope: Scope, place: SheetPlace | null) {
  return useQuery({
    queryKey: resultKeys.sheet(scope, place ?? { termId: '', classId: '', subjectId: '' }),
    queryFn: () => getScoreSheet(scope, place!),
    enabled: Boolean(place),
    retry: false,
  });
}

export function useSaveScoreSheet(scope: Scope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScoreBatchInput) => api.put<ScoreSheet>(`${base(scope)}/scores`, input),
    onSuccess: async (sheet, input) => {
      queryClient.setQueryData(resultKeys.sheet(scope, { termId: input.termId, classId: input.classId, subjectId: input.subjectId }), sheet);
      await queryClient.invalidateQueries({ queryKey: resultKeys.all, refetchType: 'inactive' });
      // the broadsheet above an administrator's grid: its figures, or its "changed since publication" notice
      if (scope === 'admin') await queryClient.invalidateQueries({ queryKey: resultKeys.broadsheet({ termId: input.termId, classId: input.classId }) });
    },
  });
}
