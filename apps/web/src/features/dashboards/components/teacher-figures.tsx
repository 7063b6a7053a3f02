import { Link } from 'react-router';
import { BookIcon, CalendarCheckIcon, ClockIcon, NoteIcon } from '@/components/ui/icons';
import { useTeacherDashboard } from '../api/get-dashboards';
import { EmptyLine, FiguresError, FiguresSkeleton, numberFormat, Panel, StatCard } from './figures-ui';
import { TodayLessons } from './today-lessons';

const link = 'font-semibold text-secondary hover:underline';

/** teachers/dashboard: the teacher's classes, registers to take, lesson notes to finish and lessons of the day. */
export function TeacherFigures() {
  const dash = useTeacherDashboard();
  if (dash.isPending) return <FiguresSkeleton label="Loading your classes" />;
  if (dash.isError) return <FiguresError error={dash.error} onRetry={() => void dash.refetch()} />;
  const d = dash.data;
  const students = d.classes.reduce((a, c) => a + c.students, 0);
  const awaiting = d.lessonNotes.drafts + d.lessonNotes.rejected;

  return (
    <div className="mb-6 space-y-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Your classes"
          value={numberFormat.format(d.classes.length)}
          icon={<BookIcon size={20} />}
          detail={`${numberFormat.format(students)} students`}
        />
        <StatCard
          label="Registers to take today"
          value={numberFormat.format(d.registersNotMarked.length)}
          icon={<CalendarCheckIcon size={20} />}
          detail={d.registersNotMarked.length ? d.registersNotMarked.map((c) => c.className).join(', ') : 'All taken, or none due today'}
        />
        <StatCard
          label="Lesson notes to finish"
          value={numberFormat.format(awaiting)}
          icon={<NoteIcon size={20} />}
          detail={`${d.lessonNotes.drafts} draft · ${d.lessonNotes.rejected} rejected · ${d.lessonNotes.submitted} awaiting review`}
          action={
            <Link to="/teachers/lesson-notes" className={link}>
              Lesson notes
            </Link>
          }
        />
        <StatCard
          label="Lessons today"
          value={numberFormat.format(d.today.length)}
          icon={<ClockIcon size={20} />}
          detail={d.day === null ? 'Weekend' : undefined}
        />
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel id="registers-to-take" title="Today’s registers">
          {d.registersNotMarked.length === 0 ? (
            <EmptyLine>No register waiting: every class you teach has been marked today, or none is due.</EmptyLine>
          ) : (
            <ul aria-label="Registers not yet taken" className="divide-y divide-slate-100">
              {d.registersNotMarked.map((c) => (
                <li key={c.classId} className="flex items-center justify-between gap-3 py-2.5">
                  <span className="text-sm font-medium text-slate-900">{c.className}</span>
                  <Link to={`/teachers/mark-attendance?classId=${c.classId}`} className={`text-sm ${link}`}>
                    Mark attendance<span className="sr-only"> for {c.className}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="lessons-today" title="Your lessons today">
          <TodayLessons day={d.day} lessons={d.today} show="class" />
        </Panel>
      </div>

      <Panel id="your-classes" title="Your classes">
        {d.classes.length === 0 ? (
          <EmptyLine>No classes assigned to you in this session yet.</EmptyLine>
        ) : (
          <ul aria-label="Your classes" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {d.classes.map((c) => (
              <li key={c.classId} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2.5">
                <span className="text-sm font-medium text-slate-900">
                  {c.className}
                  {c.classTeacher ? <span className="block text-xs font-normal text-slate-600">Class teacher</span> : null}
                </span>
                <span className="text-sm text-slate-700 tabular-nums">{c.students === 1 ? '1 student' : `${numberFormat.format(c.students)} students`}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
