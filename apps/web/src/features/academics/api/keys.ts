/**
 * Query keys of this feature. Session settings live under 'academic-sessions' on purpose: the top
 * bar's session list has the key ['academic-sessions'], so invalidating that prefix refreshes both.
 */
export const ACADEMIC_SESSIONS_KEY = ['academic-sessions'] as const;
export const academicsKeys = {
  all: ['academics'] as const,
  sessionSettings: (schoolId: string | null) => [...ACADEMIC_SESSIONS_KEY, 'settings', schoolId ?? 'own'] as const,
  classes: () => [...academicsKeys.all, 'classes'] as const,
  class: (id: string) => [...academicsKeys.all, 'classes', id] as const,
  subjects: () => [...academicsKeys.all, 'subjects'] as const,
  teachers: () => [...academicsKeys.all, 'teachers'] as const,
  studentSubjects: (studentId: string) => [...academicsKeys.all, 'students', studentId, 'subjects'] as const,
  /** A session's holidays (issue 18): under the sessions' prefix, so changing terms refreshes them too. */
  holidays: (sessionId: string) => [...ACADEMIC_SESSIONS_KEY, 'holidays', sessionId] as const,
};
