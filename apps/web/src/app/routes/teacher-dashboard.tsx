import { TeacherWeek } from '@/features/timetable/components/teacher-week';
import { Component as AreaDashboard } from './area-dashboard';

/** The teachers' dashboard: the shared welcome and figures, then the teacher's week. */
export function Component() {
  return (
    <>
      <AreaDashboard />
      <TeacherWeek />
    </>
  );
}
