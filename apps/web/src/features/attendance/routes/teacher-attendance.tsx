import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarCheckIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';
import { useTeacherOverview } from '../api/get-teacher-overview';
import { RateText } from '../components/rate-text';

const markUrl = (classId: string, date?: string) => `/teachers/mark-attendance?classId=${encodeURIComponent(classId)}${date ? `&date=${date}` : ''}`;
/** Days listed before "and n more". */
const SHOWN_DAYS = 8;

/** teachers/attendance: the teacher's classes with this week's and this term's rates, and the days not marked yet. */
export function Component() {
  useDocumentTitle('Attendance');
  const overview = useTeacherOverview();
  const data = overview.data;

  return (
    <>
      <PageHeader
        title="Attendance"
        description={data?.term ? `${data.term.name} term · week of ${formatDate(data.weekStart)}` : 'Registers of the classes you are class teacher of'}
        actions={
          <Link to="/teachers/mark-attendance" className={buttonClasses({ variant: 'primary' })}>
            Mark attendance
          </Link>
        }
      />
      {overview.isPending ? (
        <PageSpinner label="Loading your classes" />
      ) : overview.isError ? (
        <LoadError error={overview.error}>
          <p>We could not load your classes. {overview.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : !data || data.classes.length === 0 ? (
        <EmptyState
          icon={<CalendarCheckIcon size={24} />}
          title="No class register to take"
          description="You are not the class teacher of any class in the selected session."
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.classes.map((c) => (
            <li key={c.classId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h2 className="text-lg font-bold text-slate-900">{c.className}</h2>
                  <p className="text-sm text-slate-600">{c.students} students</p>
                </div>
                <Link to={markUrl(c.classId)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Open register
                </Link>
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-3">
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs font-semibold text-slate-600 uppercase">This week</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900">
                    <RateText rate={c.weekRate} />
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs font-semibold text-slate-600 uppercase">This term</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900">
                    <RateText rate={c.termRate} />
                  </dd>
                </div>
              </dl>
              <div className="mt-4">
                <h3 className="text-sm font-semibold text-slate-900">Days not marked</h3>
                {c.unmarkedDays.length === 0 ? (
                  <p className="mt-1 text-sm text-green-800">Every school day of the term so far is marked.</p>
                ) : (
                  <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Days not marked in ${c.className}`}>
                    {[...c.unmarkedDays]
                      .reverse()
                      .slice(0, SHOWN_DAYS)
                      .map((day) => (
                        <li key={day}>
                          <Link
                            to={markUrl(c.classId, day)}
                            className="inline-flex min-h-9 items-center rounded-full border border-amber-300 bg-amber-50 px-3 text-sm font-medium text-amber-900 hover:bg-amber-100"
                          >
                            {formatDate(day)}
                          </Link>
                        </li>
                      ))}
                    {c.unmarkedDays.length > SHOWN_DAYS ? (
                      <li className="inline-flex min-h-9 items-center px-1 text-sm text-slate-600">and {c.unmarkedDays.length - SHOWN_DAYS} more</li>
                    ) : null}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
