import type { ClassPrincipalComments, ClassTeacherComments } from '@school/shared/report-cards/responses';
import type { Broadsheet, GradeDistributionView, PublicationResult, StudentResultsView, TranscriptView } from '@school/shared/results/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

export interface Place {
  termId: string;
  classId: string;
}
const params = (place: Place) => new URLSearchParams({ classId: place.classId, termId: place.termId }).toString();

export const broadsheetQueryOptions = (place: Place) =>
  queryOptions({ queryKey: resultKeys.broadsheet(place), queryFn: () => api.get<Broadsheet>(`/api/records/results?${params(place)}`) });

export function useBroadsheet(place: Place | null) {
  return useQuery({ ...broadsheetQueryOptions(place ?? { termId: '', classId: '' }), enabled: Boolean(place), retry: false });
}

/** Where the broadsheet's CSV downloads from (a plain link: the cookie goes with it). */
export const broadsheetCsvUrl = (place: Place) => `/api/records/results/csv?${params(place)}`;

export type PublicationAction = 'publish' | 'unpublish' | 'republish';

export function useSetPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    /**
     * A 409 (ApiError, body UnscoredSubjectsBody) lists subjects without scores (`unscored`: send again with allowUnscored once
     * the user agrees) or classes the approval steps have not finished with (`notReady`: onlyReady publishes the others).
     */
    mutationFn: ({ action, ...body }: { termId: string; classId?: string; action: PublicationAction; allowUnscored?: boolean; onlyReady?: boolean }) =>
      api.post<PublicationResult>(`/api/records/results/${action}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.all }),
  });
}

export function useGradeDistribution(place: Place | null) {
  return useQuery({
    queryKey: resultKeys.grades(place ?? { termId: '', classId: '' }),
    queryFn: () => api.get<GradeDistributionView>(`/api/records/grades?${params(place!)}`),
    enabled: Boolean(place),
    retry: false,
  });
}

export function useTranscript(studentId: string | null) {
  return useQuery({
    queryKey: resultKeys.transcript(studentId ?? ''),
    queryFn: () => api.get<TranscriptView>(`/api/records/transcript/${encodeURIComponent(studentId!)}`),
    enabled: Boolean(studentId),
    retry: false,
  });
}

export function useStudentResults(studentId: string) {
  return useQuery({
    queryKey: resultKeys.student(studentId),
    queryFn: () => api.get<StudentResultsView>(`/api/results/students/${encodeURIComponent(studentId)}`),
    enabled: Boolean(studentId),
    retry: false,
  });
}

/**
 * The students of a class without a principal's comment for the term (the report cards' own list,
 * GET /api/report-cards/principal-comments), named in the publish dialog so that cards do not go out
 * with an empty comment (issue 18). Only while the dialog is open.
 */
export function useMissingPrincipalComments(place: Place | null, enabled: boolean) {
  return useQuery({
    queryKey: [...resultKeys.all, 'missing-principal-comments', place],
    queryFn: async () => {
      const list = await api.get<ClassPrincipalComments>(`/api/report-cards/principal-comments?${params(place!)}`);
      return list.students.filter((s) => s.comment === null).map((s) => s.name);
    },
    enabled: enabled && Boolean(place),
    retry: false,
    staleTime: 0,
  });
}

/** The same for the class teacher's comment (GET /api/report-cards/class-teacher-comments): named beside them, never blocking. */
export function useMissingClassTeacherComments(place: Place | null, enabled: boolean) {
  return useQuery({
    queryKey: [...resultKeys.all, 'missing-class-teacher-comments', place],
    queryFn: async () => {
      const list = await api.get<ClassTeacherComments>(`/api/report-cards/class-teacher-comments?${params(place!)}`);
      return list.students.filter((s) => s.comment === null).map((s) => s.name);
    },
    enabled: enabled && Boolean(place),
    retry: false,
    staleTime: 0,
  });
}
