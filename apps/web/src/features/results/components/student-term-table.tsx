import type { StudentTermView } from '@school/shared/results/responses';
import type { ReactNode } from 'react';
import { formatMark, formatPosition } from '../lib/format';

export interface StudentTermTableProps {
  term: StudentTermView;
  /**
   * The comment of a subject's row (the spec's "comments" column). Teacher comments belong to the
   * teacher-comments area; until a page passes them in, the column shows a dash.
   */
  subjectComment?: (term: StudentTermView, subjectId: string) => ReactNode;
  /** Show the class figures (average, highest, lowest) of each subject. */
  withClassFigures?: boolean;
}

/** One term of one student: a row per subject with the spec's columns, then total, average and position. */
export function StudentTermTable({ term, subjectComment, withClassFigures = false }: StudentTermTableProps) {
  const th = 'px-2 py-2 text-center font-semibold whitespace-nowrap';
  const td = 'px-2 py-1.5 text-center tabular-nums';
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${term.termName} term ${term.sessionName} results`}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-tertiary print:overflow-visible print:border-0"
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm print:min-w-0 print:text-[11px]">
        <caption className="sr-only">
          {term.termName} term {term.sessionName} results
        </caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase print:bg-transparent">
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${th} text-left`}>
              Subject
            </th>
            <th scope="col" className={th}>
              Test 1
            </th>
            <th scope="col" className={th}>
              Test 2
            </th>
            <th scope="col" className={th}>
              Assignment
            </th>
            <th scope="col" className={th}>
              Exam
            </th>
            <th scope="col" className={th}>
              Total
            </th>
            <th scope="col" className={th}>
              Grade
            </th>
            <th scope="col" className={th}>
              Point
            </th>
            <th scope="col" className={th}>
              Position
            </th>
            {withClassFigures ? (
              <th scope="col" className={th}>
                Class avg / high / low
              </th>
            ) : null}
            <th scope="col" className={`${th} text-left`}>
              Comments
            </th>
          </tr>
        </thead>
        <tbody>
          {term.subjects.map((s) => (
            <tr key={s.subjectId} className="border-b border-slate-100">
              <th scope="row" className="px-2 py-1.5 text-left font-medium text-slate-900">
                {s.subjectName}
              </th>
              <td className={td}>{formatMark(s.test1)}</td>
              <td className={td}>{formatMark(s.test2)}</td>
              <td className={td}>{formatMark(s.assignment)}</td>
              <td className={td}>{formatMark(s.exam)}</td>
              <td className={`${td} font-semibold`}>{formatMark(s.total)}</td>
              <td className={`${td} font-semibold`}>{s.grade ?? '—'}</td>
              <td className={td}>{s.point === null ? '—' : s.point.toFixed(1)}</td>
              <td className={td}>{formatPosition(s.position)}</td>
              {withClassFigures ? (
                <td className={td}>
                  {formatMark(s.classAverage)} / {formatMark(s.highest)} / {formatMark(s.lowest)}
                </td>
              ) : null}
              <td className="px-2 py-1.5 text-slate-700">{subjectComment?.(term, s.subjectId) ?? s.remark ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Total, average and position of a term, with the class's average beside them. */
export function TermSummary({ term }: { term: StudentTermView }) {
  const items = [
    ['Total', formatMark(term.total)],
    ['Average', formatMark(term.average)],
    ['Position', term.position === null ? '—' : `${formatPosition(term.position)} of ${term.studentCount}`],
    ['Class average', formatMark(term.classAverage)],
  ] as const;
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
          <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
