import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useGradeDistribution } from '../api/records';
import { useResultSettings } from '../api/result-settings';
import { useResultOptions } from '../api/score-sheet';
import { ResultFilters } from '../components/result-filters';

/** admin/records/grades: the grading scale in use, and how a class's grades fall per subject in a term. */
export function Component() {
  useDocumentTitle('Grades');
  const settings = useResultSettings(null);
  const options = useResultOptions('admin');
  const [params, setParams] = useSearchParams();
  const place = params.get('termId') && params.get('classId') ? { termId: params.get('termId')!, classId: params.get('classId')! } : null;
  const distribution = useGradeDistribution(place);
  const th = 'px-3 py-2 text-center font-semibold whitespace-nowrap';
  const td = 'px-3 py-1.5 text-center tabular-nums';

  return (
    <>
      <PageHeader title="Grades" description="Your school's grading scale, and the grade distribution of a class for a term." />
      <section aria-labelledby="scale" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="scale" className="text-base font-semibold text-slate-900">
          Grading scale in use
        </h2>
        {settings.isPending ? (
          <PageSpinner label="Loading the grading scale" />
        ) : settings.isError ? (
          <Alert className="mt-3">{settings.error.message}</Alert>
        ) : (
          <>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full max-w-2xl text-sm">
                <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className={`${th} text-left`}>
                      Grade
                    </th>
                    <th scope="col" className={th}>
                      Total
                    </th>
                    <th scope="col" className={th}>
                      Point
                    </th>
                    <th scope="col" className={`${th} text-left`}>
                      Remark
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {settings.data.gradingScale.map((b) => (
                    <tr key={b.grade} className="border-t border-slate-100">
                      <th scope="row" className="px-3 py-1.5 text-left font-semibold">
                        {b.grade}
                      </th>
                      <td className={td}>
                        {b.min}–{b.max}
                      </td>
                      <td className={td}>{b.point.toFixed(1)}</td>
                      <td className="px-3 py-1.5">{b.remark}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-sm text-slate-600">
              Maximum scores: test 1 {settings.data.maxima.test1}, test 2 {settings.data.maxima.test2}, assignment {settings.data.maxima.assignment}, exam{' '}
              {settings.data.maxima.exam}. Pass mark {settings.data.passMark}. {settings.data.saved ? '' : '(The defaults: change them under Settings.)'}
            </p>
          </>
        )}
      </section>

      {options.data ? (
        <ResultFilters
          key={place ? `${place.termId}:${place.classId}` : 'none'}
          options={options.data}
          withSubject={false}
          initial={place ?? undefined}
          submitLabel="Show distribution"
          onSubmit={(next) => setParams(new URLSearchParams({ termId: next.termId, classId: next.classId }))}
        />
      ) : null}
      {!place ? (
        <EmptyState title="Choose a term and a class" description="See how many students got each grade in each subject." />
      ) : distribution.isPending ? (
        <PageSpinner label="Counting grades" />
      ) : distribution.isError ? (
        <Alert>{distribution.error.message}</Alert>
      ) : distribution.data.subjects.length === 0 ? (
        <EmptyState title="No subjects" description={`${distribution.data.className} has no subjects.`} />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="px-3 py-2 text-left font-semibold text-slate-900">
              {distribution.data.className} — {distribution.data.termName} term, {distribution.data.sessionName}
            </caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className={`${th} text-left`}>
                  Subject
                </th>
                {distribution.data.scale.map((b) => (
                  <th key={b.grade} scope="col" className={th}>
                    {b.grade}
                  </th>
                ))}
                <th scope="col" className={th}>
                  Passed (≥ {distribution.data.passMark})
                </th>
              </tr>
            </thead>
            <tbody>
              {distribution.data.subjects.map((s) => (
                <tr key={s.subjectId} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-1.5 text-left font-medium">
                    {s.subjectName}
                  </th>
                  {distribution.data.scale.map((b) => (
                    <td key={b.grade} className={td}>
                      {s.counts[b.grade] ?? 0}
                    </td>
                  ))}
                  <td className={td}>
                    {s.passed} of {s.graded}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
