import type { ResultOptions, ScoreSheet } from '@school/shared/results/responses';
import type { ScoreBatchInput } from '@school/shared/results/scores';
import { SCORE_UPLOAD_FILE_FIELD, type ScoreTemplateFormat, type ScoreUploadRowError } from '@school/shared/results/upload';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { saveOrQueue, type SaveOutcome } from '@/lib/outbox/save-or-queue';
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

/** The outbox's key of one sheet: a second save of it offline replaces the first. */
export const sheetChangeKey = (scope: Scope, place: SheetPlace) => `scores:${scope}:${place.termId}:${place.classId}:${place.subjectId}`;

/**
 * Saves a grid. A teacher's save (issue 21) is sent at once when the server can be reached, otherwise
 * kept in the outbox and sent when the connection returns; it names the version the scores were typed
 * on, so scores saved meanwhile by someone else answer 409 (see conflictCurrent) instead of being overwritten.
 * `label` names the sheet in the list of changes waiting.
 */
export function useSaveScoreSheet(scope: Scope) {
  const queryClient = useQueryClient();
  return useMutation({
    // offline a teacher's save goes to the outbox: never paused until the browser is online
    networkMode: 'always',
    mutationFn: async ({ label, ...input }: ScoreBatchInput & { label?: string }): Promise<SaveOutcome<ScoreSheet>> => {
      const place = { termId: input.termId, classId: input.classId, subjectId: input.subjectId };
      if (scope === 'admin') return { saved: await api.put<ScoreSheet>(`${base(scope)}/scores`, input) };
      return saveOrQueue<ScoreSheet>(queryClient, {
        kind: 'scores',
        key: sheetChangeKey(scope, place),
        label: label ?? 'Scores',
        url: `${base(scope)}/scores`,
        body: input,
        answerKey: [...resultKeys.sheet(scope, place)],
        invalidate: [[...resultKeys.all]],
      });
    },
    onSuccess: async (outcome, input) => {
      if (outcome.saved) await sheetSaved(queryClient, scope, input, outcome.saved);
    },
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
