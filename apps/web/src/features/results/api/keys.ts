/** Query keys of the results feature; any score or publication write refreshes everything under `all`. */
export const resultKeys = {
  all: ['results'] as const,
  settings: (schoolId: string | null) => [...resultKeys.all, 'settings', schoolId ?? 'mine'] as const,
  options: (scope: 'teacher' | 'admin') => [...resultKeys.all, 'options', scope] as const,
  sheet: (scope: 'teacher' | 'admin', place: { termId: string; classId: string; subjectId: string }) => [...resultKeys.all, 'sheet', scope, place] as const,
  broadsheet: (place: { termId: string; classId: string }) => [...resultKeys.all, 'broadsheet', place] as const,
  grades: (place: { termId: string; classId: string }) => [...resultKeys.all, 'grades', place] as const,
  transcript: (studentId: string) => [...resultKeys.all, 'transcript', studentId] as const,
  student: (studentId: string) => [...resultKeys.all, 'student', studentId] as const,
  approvalSteps: (schoolId: string | null) => [...resultKeys.all, 'approval-steps', schoolId ?? 'mine'] as const,
  approvals: (termId: string | null) => [...resultKeys.all, 'approvals', termId ?? 'current'] as const,
};
