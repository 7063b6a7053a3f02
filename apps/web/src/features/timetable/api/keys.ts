/** Query keys of the timetable feature; a saved slot refreshes everything under `all`. */
export const timetableKeys = {
  all: ['timetable'] as const,
  classes: () => [...timetableKeys.all, 'classes'] as const,
  class: (classId: string) => [...timetableKeys.all, 'class', classId] as const,
  mine: () => [...timetableKeys.all, 'me'] as const,
  student: (studentId: string) => [...timetableKeys.all, 'student', studentId] as const,
};
