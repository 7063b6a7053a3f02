import { SCORE_UPLOAD_FILE_FIELD, type BroadsheetUploadResult, type ScoreTemplateFormat } from '@school/shared/results/upload';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';
import type { Place } from './records';

const params = (place: Place) => ({ termId: place.termId, classId: place.classId });

/** The whole class's template: every subject's scores of the term, as CSV or Excel (a link; the browser downloads it). */
export function broadsheetTemplateUrl(place: Place, format: ScoreTemplateFormat): string {
  return `/api/records/results/broadsheet/template?${new URLSearchParams({ ...params(place), format })}`;
}

export interface UploadBroadsheetInput {
  place: Place;
  file: File;
}

/** Sends a filled-in whole-class template; the server saves every subject or none (a 400 lists the wrong rows: uploadRowErrors). */
export function uploadBroadsheet({ place, file }: UploadBroadsheetInput): Promise<BroadsheetUploadResult> {
  const form = new FormData();
  form.append('termId', place.termId);
  form.append('classId', place.classId);
  form.append(SCORE_UPLOAD_FILE_FIELD, file, file.name);
  return api.post<BroadsheetUploadResult>('/api/records/results/broadsheet/upload', form);
}

export function useUploadBroadsheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBroadsheet,
    // every subject's grid of the class may have changed, and the broadsheet above them
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
