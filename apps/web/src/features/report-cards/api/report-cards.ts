import type {
  ClassOptions,
  ClassPrincipalComments,
  ClassSummary,
  ClassTeacherCommentOptions,
  ClassTeacherComments,
  LatestSchoolReportCardJob,
  PrincipalCommentResult,
  ReportCard,
  ReportCardJob,
  ReportCardTerms,
  SaveClassPrincipalCommentsResult,
  SaveClassTeacherCommentsResult,
} from '@school/shared/report-cards/responses';
import type { ClassPrincipalCommentsInput, ClassTeacherCommentsInput, PrincipalCommentInput } from '@school/shared/report-cards/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** Query keys of the report-cards feature (report cards, class builds, result PINs). */
export const reportCardKeys = {
  all: ['report-cards'] as const,
  card: (studentId: string, termId: string) => [...reportCardKeys.all, 'card', studentId, termId] as const,
  terms: (studentId: string) => [...reportCardKeys.all, 'terms', studentId] as const,
  classes: () => [...reportCardKeys.all, 'classes'] as const,
  classSummary: (classId: string, termId: string) => [...reportCardKeys.all, 'class', classId, termId] as const,
  principalComments: (classId: string, termId: string) => [...reportCardKeys.all, 'principal-comments', classId, termId] as const,
  classTeacherCommentOptions: () => [...reportCardKeys.all, 'class-teacher-comments', 'options'] as const,
  classTeacherComments: (classId: string, termId: string) => [...reportCardKeys.all, 'class-teacher-comments', classId, termId] as const,
  job: (id: string) => [...reportCardKeys.all, 'job', id] as const,
  schoolJob: (termId: string) => [...reportCardKeys.all, 'school-job', termId] as const,
  pins: () => ['result-pins'] as const,
  batch: (id: string) => ['result-pins', 'batch', id] as const,
  pinStatus: (studentId: string, termId: string) => ['result-pins', 'status', studentId, termId] as const,
};

/** A 403 that asks for a result-checker PIN (the server sets errors.pin). */
export function isPinRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && Boolean(error.errors.pin);
}

const enc = encodeURIComponent;
export const reportCardPdfUrl = (studentId: string, termId: string) => `/api/report-cards/${enc(studentId)}/report-card.pdf?termId=${enc(termId)}`;

export function getReportCard(studentId: string, termId: string): Promise<ReportCard> {
  return api.get<ReportCard>(`/api/report-cards/${enc(studentId)}?termId=${enc(termId)}`);
}
export function useReportCard(studentId: string, termId: string) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.card(studentId, termId),
      queryFn: () => getReportCard(studentId, termId),
      enabled: Boolean(studentId && termId),
      // a PIN prompt, an unpublished term or a missing card does not get better by asking again
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 3,
    }),
  );
}

export function useReportCardTerms(studentId: string) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.terms(studentId),
      queryFn: () => api.get<ReportCardTerms>(`/api/report-cards/${enc(studentId)}/terms`),
      enabled: Boolean(studentId),
    }),
  );
}

export function useSetPrincipalComment(studentId: string, termId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrincipalCommentInput) =>
      api.put<PrincipalCommentResult>(`/api/report-cards/${enc(studentId)}/principal-comment?termId=${enc(termId)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportCardKeys.card(studentId, termId) }),
  });
}

// ---------------------------------------------------------------- a class's cards (administrators)

export function useReportCardClasses() {
  return useQuery(queryOptions({ queryKey: reportCardKeys.classes(), queryFn: () => api.get<ClassOptions>('/api/report-cards/classes') }));
}

export function useClassSummary(classId: string, termId: string) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.classSummary(classId, termId),
      queryFn: () => api.get<ClassSummary>(`/api/report-cards/classes/${enc(classId)}?termId=${enc(termId)}`),
      enabled: Boolean(classId && termId),
    }),
  );
}

/** A class's principal's comments for a term, with each student's average, position and a suggestion. */
export function useClassPrincipalComments(classId: string, termId: string) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.principalComments(classId, termId),
      queryFn: () => api.get<ClassPrincipalComments>(`/api/report-cards/principal-comments?termId=${enc(termId)}&classId=${enc(classId)}`),
      enabled: Boolean(classId && termId),
    }),
  );
}

/** Saves a class's principal's comments, all or nothing; the grid and the cards are asked again. */
export function useSaveClassPrincipalComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClassPrincipalCommentsInput) => api.put<SaveClassPrincipalCommentsResult>('/api/report-cards/principal-comments', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportCardKeys.all }),
  });
}

// ---------------------------------------------------------------- a class's class teacher's comments (class teacher, administrators)

/** The selected session's terms and the classes the user writes the class teacher's comments for. */
export function useClassTeacherCommentOptions() {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.classTeacherCommentOptions(),
      queryFn: () => api.get<ClassTeacherCommentOptions>('/api/report-cards/class-teacher-comments/options'),
    }),
  );
}

/** A class's class teacher's comments for a term, with each student's average, position and a suggestion. */
export function useClassTeacherComments(classId: string, termId: string) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.classTeacherComments(classId, termId),
      queryFn: () => api.get<ClassTeacherComments>(`/api/report-cards/class-teacher-comments?termId=${enc(termId)}&classId=${enc(classId)}`),
      enabled: Boolean(classId && termId),
      // another class's teacher (403) or a class gone (404) does not get better by asking again
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 3,
    }),
  );
}

/** Saves a class's class teacher's comments, all or nothing; the grid and the cards are asked again. */
export function useSaveClassTeacherComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClassTeacherCommentsInput) => api.put<SaveClassTeacherCommentsResult>('/api/report-cards/class-teacher-comments', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportCardKeys.all }),
  });
}

export function startClassJob(input: { classId: string; termId: string }) {
  return api.post<ReportCardJob>('/api/report-cards/class-jobs', input);
}
export function getClassJob(id: string) {
  return api.get<ReportCardJob>(`/api/report-cards/class-jobs/${enc(id)}`);
}
export const classJobPdfUrl = (id: string) => `/api/report-cards/class-jobs/${enc(id)}/report-cards.pdf`;

// ---------------------------------------------------------------- every class's cards of a term (administrators)

/** How often a running build is asked for its progress. */
export const JOB_POLL_MS = 400;

/** The term's newest build of every class's cards (null before the first); asked again every JOB_POLL_MS while it runs. */
export function useLatestSchoolJob(termId: string) {
  return useQuery(
    queryOptions({
      queryKey: reportCardKeys.schoolJob(termId),
      queryFn: () => api.get<LatestSchoolReportCardJob>(`/api/report-cards/school-jobs?termId=${enc(termId)}`),
      enabled: Boolean(termId),
      refetchInterval: (query) => (query.state.data?.job?.status === 'running' ? JOB_POLL_MS : false),
    }),
  );
}

/** Starts building every class's cards of the term (or answers the build already running); the latest-build query then follows it. */
export function useStartSchoolJob(termId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NonNullable<LatestSchoolReportCardJob['job']>>('/api/report-cards/school-jobs', { termId }),
    onSuccess: (job) => queryClient.setQueryData<LatestSchoolReportCardJob>(reportCardKeys.schoolJob(termId), { job }),
  });
}

export const schoolJobPdfUrl = (id: string) => `/api/report-cards/school-jobs/${enc(id)}/report-cards.pdf`;
