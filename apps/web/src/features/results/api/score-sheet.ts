import type { ResultOptions, ScoreSheet } from '@school/shared/results/responses';
import type { ScoreBatchInput } from '@school/shared/results/scores';
import { SCORE_UPLOAD_FILE_FIELD, type ScoreTemplateFormat, type ScoreUploadRowError } from '@school/shared/results/upload';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
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

/** A sheet the server saved: shown at once, and what is computed from it refreshed. */
async function sheetSaved(queryClient: QueryClient, scope: Scope, place: SheetPlace, sheet: ScoreSheet) {
  queryClient.setQueryData(resultKeys.sheet(scope, { termId: place.termId, classId: place.classId, subjectId: place.subjectId }), sheet);
  await queryClient.invalidateQueries({ queryKey: resultKeys.all, refetchType: 'inactive' });
  // the broadsheet above an administrator's grid: its figures, or its "changed since publication" notice
  if (scope === 'admin') await queryClient.invalidateQueries({ queryKey: resultKeys.broadsheet({ termId: place.termId, classId: place.classId }) });
}

export function useSaveScoreSheet(scope: Scope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScoreBatchInput) => api.put<ScoreSheet>(`${base(scope)}/scores`, input),
    onSuccess: (sheet, input) => sheetSaved(queryClient, scope, input, sheet),
  });
}

/** The template to fill in: the class's students with today's scores, as CSV or Excel (a link; the browser downloads it). */
export function scoreTemplateUrl(scope: Scope, place: SheetPlace, format: ScoreTemplateFormat): string {
  const params = new URLSearchParams({ termId: place.termId, classId: place.classId, subjectId: place.subjectId, format });
  return `${base(scope)}/scores/template?${params}`;
}

export interface UploadScoresInput {
  place: SheetPlace;
  file: File;
}

/** Sends a filled-in template; the server saves every row or none (a 400 lists the wrong rows: see uploadRowErrors). */
export function uploadScores(scope: Scope, { place, file }: UploadScoresInput): Promise<ScoreSheet> {
  const form = new FormData();
  form.append('termId', place.termId);
  form.append('classId', place.classId);
  form.append('subjectId', place.subjectId);
  form.append(SCORE_UPLOAD_FILE_FIELD, file, file.name);
  return api.post<ScoreSheet>(`${base(scope)}/scores/upload`, form);
}

/** The wrong rows of a refused upload, or null when the error is not one. */
export function uploadRowErrors(error: unknown): ScoreUploadRowError[] | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const rows = (error.body as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as ScoreUploadRowError[]) : null;
}

export function useUploadScores(scope: Scope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadScoresInput) => uploadScores(scope, input),
    onSuccess: (sheet, input) => sheetSaved(queryClient, scope, input.place, sheet),
  });
}
