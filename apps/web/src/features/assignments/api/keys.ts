import type { AssignmentListQuery } from '@school/shared/assignments/schemas';

/** Query keys of the assignments feature; any write refreshes everything under `all`. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  options: () => [...assignmentKeys.all, 'options'] as const,
  lists: () => [...assignmentKeys.all, 'list'] as const,
  list: (query: AssignmentListQuery) => [...assignmentKeys.lists(), query] as const,
  student: (studentId: string) => [...assignmentKeys.all, 'student', studentId] as const,
};
