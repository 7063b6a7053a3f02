import { formatDate, formatNaira } from '@/lib/format';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { CalendarCheckIcon, GraduationIcon, NoteIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { useAdminDashboard } from '../api/get-dashboards';
import { ClassGenderChart } from './class-gender-chart';
import { EmptyLine, FiguresError, FiguresSkeleton, numberFormat, Panel, percent, StatCard } from './figures-ui';

const link = 'font-semibold text-secondary hover:underline';

/** admin/dashboard: the school's figures for the selected session and today. */
export function AdminFigures() {
  const dash = useAdminDashboard();
  if (dash.isPending) return <FiguresSkeleton label="Loading your school’s figures" />;
  if (dash.isError) return <FiguresError error={dash.error} onRetry={() => void dash.refetch()} />;
  const d = dash.data;
  const a = d.attendance;
  const collectedShare = d.fees && d.fees.expectedKobo > 0 ? Math.min(100, Math.round((d.fees.collectedKobo / d.fees.expectedKobo) * 100)) : null;

  return (
    <div className="mb-6 space-y-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Students"
          value={numberFormat.format(d.students.total)}
          icon={<GraduationIcon size={20} />}
          detail={`${numberFormat.format(d.students.male)} male · ${numberFormat.format(d.students.female)} female${d.session ? ` · ${d.session.name}` : ''}`}
        />
        <StatCard
          label="Staff"
          value={numberFormat.format(d.staff.total)}
          icon={<UsersIcon size={20} />}
          detail={d.staff.byType.length ? d.staff.byType.map((s) => `${s.count} ${s.type}`).join(' · ') : 'No staff yet'}
        />
        <StatCard
          label="Attendance today"
          value={a.registersTaken === 0 ? 'No register' : percent(a.rate)}
          icon={<CalendarCheckIcon size={20} />}
          detail={
            a.registersTaken === 0
              ? 'No register taken today'
              : `${a.registersTaken} of ${a.classes} registers taken · ${a.present + a.late} of ${a.present + a.late + a.absent + a.excused} present`
          }
        />
        <StatCard
          label={d.term ? `Fees collected · ${d.term.name} term` : 'Fees collected'}
          value={d.fees ? formatNaira(d.fees.collectedKobo) : '—'}
          icon={<WalletIcon size={20} />}
          detail={d.fees ? `of ${formatNaira(d.fees.expectedKobo)} expected${collectedShare !== null ? ` (${collectedShare}%)` : ''}` : 'No term set up'}
          action={
            <Link to="/admin/finance" className={link}>
              Finance
            </Link>
          }
        />
      </div>

      {d.fees && d.fees.expectedKobo > 0 ? (
        <div>
          <p className="sr-only">
            {formatNaira(d.fees.collectedKobo)} collected of {formatNaira(d.fees.expectedKobo)} expected
          </p>
          <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full rounded-full bg-secondary" style={{ width: `${collectedShare}%` }} />
          </div>
        </div>
      ) : null}

      <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel id="students-by-class" title="Students by class and gender">
          {d.students.byClass.length === 0 ? <EmptyLine>No classes in this session yet.</EmptyLine> : <ClassGenderChart classes={d.students.byClass} />}
        </Panel>
        <div className="space-y-5">
          <Panel
            id="recent-applications"
            title="Recent applications"
            action={
              <Link to="/admin/admissions/application" className={`text-sm ${link}`}>
                View all<span className="sr-only"> applications</span>
              </Link>
            }
          >
            <p className="mb-2 text-sm text-slate-600">
              {d.applications.pending === 1 ? '1 application pending' : `${numberFormat.format(d.applications.pending)} applications pending`}
            </p>
            {d.applications.recent.length === 0 ? (
              <EmptyLine>No applications yet.</EmptyLine>
            ) : (
              <ul aria-label="Recent applications" className="divide-y divide-slate-100">
                {d.applications.recent.map((app) => (
                  <li key={app.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">{app.name}</span>
                      <span className="block text-xs text-slate-600">
                        {app.classLevel} · {formatDate(app.createdAt.slice(0, 10))}
                      </span>
                    </span>
                    <Badge status={app.status} />
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel id="lesson-notes-review" title="Lesson notes">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <NoteIcon size={18} className="text-secondary" aria-hidden="true" />
              {d.lessonNotes.awaitingReview === 0 ? (
                'No lesson notes awaiting review.'
              ) : (
                <span>
                  <strong className="tabular-nums">{d.lessonNotes.awaitingReview}</strong> awaiting review
                </span>
              )}
            </p>
            <Link to="/admin/academics/lesson-note" className={`mt-2 inline-block text-sm ${link}`}>
              Review lesson notes
            </Link>
          </Panel>
        </div>
      </div>
    </div>
  );
}
