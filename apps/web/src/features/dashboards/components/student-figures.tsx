import { useStudentDashboard } from '../api/get-dashboards';
import { FiguresError, FiguresSkeleton, Panel } from './figures-ui';
import { StudentSummary } from './student-summary';
import { TodayLessons } from './today-lessons';

/** student/dashboard/{id}: the student's day and term. */
export function StudentFiguresPanel({ studentId }: { studentId: string }) {
  const dash = useStudentDashboard(studentId);
  if (dash.isPending) return <FiguresSkeleton cards={3} label="Loading your figures" />;
  if (dash.isError) return <FiguresError error={dash.error} onRetry={() => void dash.refetch()} />;
  const d = dash.data;
  const id = encodeURIComponent(studentId);
  return (
    <div className="mb-6 space-y-5">
      <StudentSummary
        figures={d}
        termName={d.term?.name ?? null}
        links={{ attendance: `/student/attendance/${id}`, results: `/student/results/${id}`, fees: `/student/fees/${id}` }}
      />
      <Panel id="timetable-today" title="Today’s timetable">
        <TodayLessons day={d.day} lessons={d.today} show="teacher" />
      </Panel>
    </div>
  );
}
