import type { AddedComments, CommentList, CommentOptions, StudentComments } from '@school/shared/teacher-comments/responses';
import type { AddCommentsInput, CommentListQuery } from '@school/shared/teacher-comments/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the teacher-comments feature; any write refreshes everything under `all`. */
export const commentKeys = {
  all: ['teacher-comments'] as const,
  options: () => [...commentKeys.all, 'options'] as const,
  list: (query: CommentListQuery) => [...commentKeys.all, 'list', query] as const,
};

export function getCommentOptions(): Promise<CommentOptions> {
  return api.get<CommentOptions>('/api/teacher-comments/options');
}
export function useCommentOptions() {
  return useQuery(queryOptions({ queryKey: commentKeys.options(), queryFn: getCommentOptions }));
}

export function getComments(query: CommentListQuery): Promise<CommentList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return api.get<CommentList>(`/api/teacher-comments${text ? `?${text}` : ''}`);
}
export function useComments(query: CommentListQuery) {
  return useQuery(queryOptions({ queryKey: commentKeys.list(query), queryFn: () => getComments(query), placeholderData: keepPreviousData }));
}

export function addComments(input: AddCommentsInput): Promise<AddedComments> {
  return api.post<AddedComments>('/api/teacher-comments', input);
}
export function useAddComments() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addComments, onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all }) });
}

export function deleteComment(id: string): Promise<void> {
  return api.delete<void>(`/api/teacher-comments/${encodeURIComponent(id)}`);
}
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteComment, onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all }) });
}

export function useStudentComments(studentId: string, termId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...commentKeys.all, 'student', studentId, termId] as const,
      queryFn: () => api.get<StudentComments>(`/api/teacher-comments/students/${encodeURIComponent(studentId)}?termId=${encodeURIComponent(termId)}`),
      enabled: Boolean(studentId && termId),
    }),
  );
}
