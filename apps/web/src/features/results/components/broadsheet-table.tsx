import type { ClassTermResults } from '@school/shared/results/responses';
import { Link } from 'react-router';
import { formatMark, formatPosition } from '../lib/format';

/**
 * A class's term broadsheet: a row per student (by position), a column per subject (total and
 * grade), then the student's total, average and position; class average, highest and lowest below.
 * Prints on its own (controls around it are hidden in print).
 */
export function BroadsheetTable({ results }: { results: ClassTermResults }) {
  const students = [...results.students].sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.name.localeCompare(b.name));
  const th = 'px-2 py-2 text-center font-semibold whitespace-nowrap print:px-1 print:py-1';
  const td = 'px-2 py-1.5 text-center tabular-nums print:px-1 print:py-0.5';
  return (
    // focusable so that a keyboard can scroll a wide broadsheet sideways
    <div
      tabIndex={0}
      role="region"
      aria-label={`Broadsheet of ${results.className}, ${results.termName} term`}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-tertiary print:overflow-visible print:rounded-none print:border-0"
    >
      <table className="w-full border-collapse text-sm print:text-[10px]">
        <caption className="px-3 py-2 text-left text-sm font-semibold text-slate-900 print:px-0">
          {results.className} — {results.termName} term, {results.sessionName} ({results.studentCount} students)
        </caption>
        <thead className="bg-slate-50 text-xs text-slate-600 print:bg-transparent">
          <tr className="border-y border-slate-200">
            <th scope="col" className={th}>
              Pos.
            </th>
            <th scope="col" className={`${th} sticky left-0 z-10 bg-slate-50 text-left print:static`}>
              Student
            </th>
            {results.subjects.map((s) => (
              <th key={s.subjectId} scope="col" className="min-w-20 px-2 py-2 text-center leading-tight font-semibold print:min-w-0 print:px-1 print:py-1">
                {s.subjectName}
              </th>
            ))}
            <th scope="col" className={th}>
              Total
            </th>
            <th scope="col" className={th}>
              Average
            </th>
          </tr>
        </thead>
        <tbody>
          {students.map((s) => (
            <tr key={s.studentId} className="border-b border-slate-100">
              <td className={`${td} font-semibold`}>{formatPosition(s.position)}</td>
              <th
                scope="row"
                className="sticky left-0 z-10 bg-white px-2 py-1.5 text-left font-medium whitespace-nowrap text-slate-900 print:static print:px-1"
              >
                <Link
                  to={`/admin/records/report-card/${s.studentId}?term=${results.termId}`}
                  title={`${s.name}: report card`}
                  className="text-secondary underline-offset-2 hover:underline print:text-slate-900 print:no-underline"
                >
                  {s.name}
                </Link>
                {s.admissionNumber ? <span className="block text-[11px] font-normal text-slate-500 print:hidden">{s.admissionNumber}</span> : null}
              </th>
              {s.subjects.map((r) => (
                <td key={r.subjectId} className={td} title={r.incomplete && r.total !== null ? 'Some scores are missing' : undefined}>
                  {r.total === null ? (
                    <span className="text-slate-400">—</span>
                  ) : (
                    <>
                      {formatMark(r.total)}
                      <span className="ml-1 text-[11px] text-slate-500">{r.grade}</span>
                      {r.incomplete ? <span className="text-amber-700">*</span> : null}
                    </>
                  )}
                </td>
              ))}
              <td className={`${td} font-semibold`}>{formatMark(s.total)}</td>
              <td className={td}>{formatMark(s.average)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-slate-50 text-xs print:bg-transparent">
          {(
            [
              ['Class average', (i: number) => results.subjects[i].classAverage, results.classAverage],
              ['Highest', (i: number) => results.subjects[i].highest, null],
              ['Lowest', (i: number) => results.subjects[i].lowest, null],
            ] as const
          ).map(([label, value, overall]) => (
            <tr key={label} className="border-t border-slate-200">
              <td />
              <th scope="row" className="sticky left-0 bg-slate-50 px-2 py-1.5 text-left font-semibold print:static">
                {label}
              </th>
              {results.subjects.map((s, i) => (
                <td key={s.subjectId} className={td}>
                  {formatMark(value(i))}
                </td>
              ))}
              <td />
              <td className={td}>{overall === null ? '' : formatMark(overall)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p className="px-3 py-2 text-xs text-slate-500 print:px-0">* some scores missing (e.g. no exam yet): the total counts what has been entered.</p>
    </div>
  );
}
