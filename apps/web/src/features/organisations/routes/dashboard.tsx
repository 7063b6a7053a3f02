import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon, GraduationIcon, SchoolIcon, UsersIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';
import { formatNaira } from '@/lib/format';
import { useOverview } from '../api/get-overview';
import { FigureCard } from '../components/figure-card';
import { SchoolBarChart } from '../components/school-bar-chart';

const METRICS = [
  { key: 'students', label: 'Students' },
  { key: 'staff', label: 'Staff' },
  { key: 'classes', label: 'Classes' },
] as const;
type Metric = (typeof METRICS)[number]['key'];

const numberFormat = new Intl.NumberFormat('en-NG');

/**
 * super-admin/dashboard: the organisation's schools in figures, together and one by one.
 * `greeting` is the signed-in owner's name, given by the app layer (features do not read each other);
 * `setup`, what the app layer shows under the greeting (each school's set-up checklist).
 */
export function OrganisationDashboard({ greeting, setup }: { greeting?: string; setup?: ReactNode }) {
  useDocumentTitle('Dashboard');
  const overview = useOverview();
  const [metric, setMetric] = useState<Metric>('students');

  if (overview.isPending) return <PageSpinner label="Loading your schools’ figures" />;
  if (overview.isError) {
    return (
      <LoadError error={overview.error}>
        Could not load the figures. {overview.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void overview.refetch()}>
          Try again
        </button>
      </LoadError>
    );
  }

  const { organisationName, schools, totals } = overview.data;
  const metricLabel = METRICS.find((m) => m.key === metric)!.label;

  return (
    <>
      <section className="mb-6 rounded-2xl bg-gradient-to-br from-primary to-secondary px-5 py-6 text-white sm:px-7">
        <p className="text-sm font-medium text-white/75">Super Admin · {organisationName}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{greeting ? `Welcome, ${greeting}` : organisationName}</h1>
        <p className="mt-2 text-sm text-white/80">
          {totals.schools === 1 ? 'One school' : `${totals.schools} schools`}
          {totals.activeSchools < totals.schools ? `, ${totals.activeSchools} active` : ''}. Figures are for each school’s active academic session.
        </p>
      </section>

      {setup}

      <div className="mb-6 grid grid-cols-1 gap-3 xs:grid-cols-2 lg:grid-cols-4">
        <FigureCard label="Schools" value={totals.schools} icon={<SchoolIcon size={20} />} detail={`${totals.activeSchools} active`} />
        <FigureCard label="Students" value={totals.students} icon={<GraduationIcon size={20} />} detail="Enrolled this session" />
        <FigureCard label="Staff" value={totals.staff} icon={<UsersIcon size={20} />} detail="Active staff records" />
        <FigureCard label="Classes" value={totals.classes} icon={<BookIcon size={20} />} detail="This session" />
      </div>

      {schools.length === 0 ? (
        <EmptyState
          icon={<SchoolIcon size={24} />}
          title="No schools yet"
          description="Add your first school to see its students, staff and classes here."
          action={
            <Link to="/super-admin/schools" className={buttonClasses({ variant: 'primary' })}>
              Go to Schools
            </Link>
          }
        />
      ) : (
        <div className="grid gap-5 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-labelledby="chart-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <h2 id="chart-heading" className="text-base font-semibold text-slate-900">
                {metricLabel} per school
              </h2>
              <div role="group" aria-label="Figure shown" className="inline-flex rounded-lg bg-slate-100 p-1">
                {METRICS.map((m) => (
                  <Button
                    key={m.key}
                    size="sm"
                    variant={metric === m.key ? 'primary' : 'gray'}
                    aria-pressed={metric === m.key}
                    className={cn('h-8', metric !== m.key && 'bg-transparent')}
                    onClick={() => setMetric(m.key)}
                  >
                    {m.label}
                  </Button>
                ))}
              </div>
            </div>
            <SchoolBarChart
              title={`${metricLabel} per school`}
              data={schools.map((school) => ({ id: school.id, label: school.name, value: school[metric] }))}
            />
          </section>

          <section aria-labelledby="schools-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <h2 id="schools-heading" className="px-4 pt-4 text-base font-semibold text-slate-900 sm:px-5">
              Schools
            </h2>
            <div className="overflow-x-auto">
              <table className="mt-3 w-full text-left text-sm">
                <caption className="sr-only">Students, staff and classes of each school, and in all</caption>
                <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 sm:px-5">
                      School
                    </th>
                    <th scope="col" className="hidden px-3 py-2.5 sm:table-cell">
                      Status
                    </th>
                    <th scope="col" className="px-3 py-2.5 text-right">
                      Students
                    </th>
                    <th scope="col" className="px-3 py-2.5 text-right">
                      Staff
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-right sm:px-5">
                      Classes
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {schools.map((school) => (
                    <tr key={school.id}>
                      <th scope="row" className="px-4 py-3 font-medium text-slate-900 sm:px-5">
                        {school.name}
                        <span className="block text-xs font-normal text-slate-500">
                          {school.code} · {school.activeSession ? `Session ${school.activeSession}` : 'No active session'}
                        </span>
                        {school.status !== 'active' ? <Badge status="Inactive" className="mt-1 sm:hidden" /> : null}
                      </th>
                      <td className="hidden px-3 py-3 sm:table-cell">
                        <Badge status={school.status === 'active' ? 'Active' : 'Inactive'} />
                      </td>
                      <td className="px-3 py-3 text-right tabular-nums">{numberFormat.format(school.students)}</td>
                      <td className="px-3 py-3 text-right tabular-nums">{numberFormat.format(school.staff)}</td>
                      <td className="px-4 py-3 text-right tabular-nums sm:px-5">{numberFormat.format(school.classes)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold text-slate-900">
                  <tr>
                    <th scope="row" className="px-4 py-3 sm:px-5">
                      All schools
                    </th>
                    <td className="hidden px-3 py-3 sm:table-cell" />
                    <td className="px-3 py-3 text-right tabular-nums">{numberFormat.format(totals.students)}</td>
                    <td className="px-3 py-3 text-right tabular-nums">{numberFormat.format(totals.staff)}</td>
                    <td className="px-4 py-3 text-right tabular-nums sm:px-5">{numberFormat.format(totals.classes)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        </div>
      )}
      {schools.length > 0 ? (
        <section aria-labelledby="fees-heading" className="mt-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="fees-heading" className="text-base font-semibold text-slate-900">
            Fees collected
          </h2>
          <p className="text-xs text-slate-500">Successful payments of each school’s active academic session.</p>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {schools.map((school) => (
              <li key={school.id} className="flex justify-between gap-3 py-2">
                <span>{school.name}</span>
                <span className="font-medium whitespace-nowrap tabular-nums">{formatNaira(school.feesCollectedKobo)}</span>
              </li>
            ))}
            <li className="flex justify-between gap-3 py-2 font-semibold text-slate-900">
              <span>All schools</span>
              <span className="whitespace-nowrap tabular-nums">{formatNaira(totals.feesCollectedKobo)}</span>
            </li>
          </ul>
        </section>
      ) : null}
      {schools.length > 0 ? (
        <section aria-labelledby="attendance-heading" className="mt-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="attendance-heading" className="text-base font-semibold text-slate-900">
            Attendance this term
          </h2>
          <p className="text-xs text-slate-500">Present or late, out of every mark of each school’s current term.</p>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {schools.map((school) => (
              <li key={school.id} className="flex justify-between gap-3 py-2">
                <span>{school.name}</span>
                <span className="font-medium whitespace-nowrap tabular-nums">{rateText(school.attendanceRate)}</span>
              </li>
            ))}
            <li className="flex justify-between gap-3 py-2 font-semibold text-slate-900">
              <span>All schools</span>
              <span className="whitespace-nowrap tabular-nums">{rateText(totals.attendanceRate)}</span>
            </li>
          </ul>
        </section>
      ) : null}
    </>
  );
}

const rateText = (rate: number | null) => (rate === null ? 'No registers yet' : `${rate.toFixed(1)}%`);

export const Component = OrganisationDashboard;
