import { formatNaira } from '@school/shared/constants';
import { annualFigures, cumulativeBySubject, termColumnLabel } from '@school/shared/report-cards/cumulative';
import type { ReportCard } from '@school/shared/report-cards/responses';
import { classTeacherCommentHeading, formatMark, longDate, ordinal, summaryFigures, teacherCommentText } from '@school/shared/report-cards/schemas';
import { ratingKeyText } from '@school/shared/ratings/constants';
import { type ReactNode, useState } from 'react';
import './report-card-print.css';

export interface ReportCardViewProps {
  card: ReportCard;
  /** Shown under the principal's comment (an administrator's edit form). */
  principalCommentEditor?: ReactNode;
}

function RatingTable({ title, rows, values }: { title: string; rows: ReportCard['ratings']['affective']; values: number[] }) {
  return (
    <table className="w-full border-collapse border border-slate-300 text-xs">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr className="bg-slate-100 text-slate-700">
          <th scope="col" className="px-2 py-1 text-left uppercase">
            {title}
          </th>
          {values.map((v) => (
            <th key={v} scope="col" className="w-7 border-l border-slate-300 px-1 py-1 text-center">
              {v}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={values.length + 1} className="px-2 py-1 text-slate-600">
              None rated.
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.name} className="border-t border-slate-200">
              <th scope="row" className="px-2 py-0.5 text-left font-normal text-slate-900">
                {row.name}
                <span className="sr-only">: {row.rating === null ? 'not rated' : `rated ${row.rating}`}</span>
              </th>
              {values.map((v) => (
                <td key={v} aria-hidden="true" className="border-l border-slate-300 text-center font-bold">
                  {row.rating === v ? '✓' : ''}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="font-semibold text-slate-700">{label}:</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

/** The logo (top left) or the passport photo (top right) of the card's header; nothing when there is none or it cannot load. */
function HeaderPicture({ url, alt, className }: { url: string | null; alt: string; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <span aria-hidden="true" />;
  return <img src={url} alt={alt} className={`w-full object-contain ${className}`} onError={() => setFailed(url)} />;
}

/** Where a missing comment is written by hand on the printed card (nothing on screen). */
function WritingLine() {
  return <p aria-hidden="true" className="mt-5 hidden border-b border-slate-500 print:block" />;
}

/** A report card as it shows and prints; the PDF carries the same words and figures. */
export function ReportCardView({ card, principalCommentEditor }: ReportCardViewProps) {
  const figures = summaryFigures(card);
  const m = card.maxima;
  // the last term of a session: each term's total, their cumulative average and the annual figures (ADR 0034)
  const cumulative = card.cumulative;
  const bySubject = cumulativeBySubject(card);
  const annual = cumulative ? annualFigures(cumulative) : null;
  return (
    <article aria-label={`Report card of ${card.student.name}`} className="report-card-print rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <header
        className={
          card.school.logoUrl || card.student.photoUrl
            ? 'grid grid-cols-[3.5rem_minmax(0,1fr)_3.5rem] items-start gap-2 border-b border-slate-300 pb-3 text-center sm:grid-cols-[5rem_minmax(0,1fr)_5rem]'
            : 'border-b border-slate-300 pb-3 text-center'
        }
      >
        {card.school.logoUrl || card.student.photoUrl ? (
          <>
            <HeaderPicture url={card.school.logoUrl} alt="" className="aspect-square" />
            <HeaderPicture url={card.student.photoUrl} alt={`Photo of ${card.student.name}`} className="col-start-3 row-start-1 aspect-[7/9]" />
          </>
        ) : null}
        <div className={card.school.logoUrl || card.student.photoUrl ? 'col-start-2 row-start-1 min-w-0' : undefined}>
          <p className="text-xl font-bold tracking-wide break-words text-primary uppercase">{card.school.name}</p>
          {card.school.address ? <p className="text-xs text-slate-600">{card.school.address}</p> : null}
          {card.school.phone || card.school.email ? (
            <p className="text-xs text-slate-600">{[card.school.phone, card.school.email].filter(Boolean).join('  |  ')}</p>
          ) : null}
          <h2 className="mt-3 text-base font-bold text-slate-900">STUDENT&apos;S REPORT CARD</h2>
          <p className="text-sm text-slate-700">
            {card.term.name} Term, {card.term.sessionName} Session
          </p>
          {!card.published ? <p className="mt-1 text-xs font-semibold text-amber-700">Draft — these results are not published yet</p> : null}
        </div>
      </header>

      <dl className="grid gap-x-8 gap-y-1 py-3 text-sm sm:grid-cols-2">
        <Detail label="Name" value={card.student.name} />
        <Detail label="Gender" value={card.student.gender ? card.student.gender[0].toUpperCase() + card.student.gender.slice(1) : '-'} />
        <Detail label="Admission No." value={card.student.admissionNumber ?? '-'} />
        <Detail label="No. in class" value={String(card.overall.classSize)} />
        <Detail label="Class" value={card.student.className} />
        <Detail label="Next term begins" value={longDate(card.nextTermStartDate)} />
      </dl>

      {/* focusable, so that the keyboard scrolls a table wider than the screen */}
      <div className="report-card-scroll overflow-x-auto" tabIndex={0} role="region" aria-label="Scores of each subject">
        <table className={`w-full border-collapse text-sm ${cumulative ? 'min-w-[68rem]' : 'min-w-[56rem]'}`}>
          <caption className="sr-only">Scores of each subject</caption>
          <thead>
            <tr className="bg-slate-100 text-xs text-slate-700">
              <th scope="col" className="px-2 py-1.5 text-left">
                Subject
              </th>
              <th scope="col" className="px-1 py-1.5">
                Test 1 ({m.test1})
              </th>
              <th scope="col" className="px-1 py-1.5">
                Test 2 ({m.test2})
              </th>
              <th scope="col" className="px-1 py-1.5">
                Assign. ({m.assignment})
              </th>
              <th scope="col" className="px-1 py-1.5">
                Exam ({m.exam})
              </th>
              <th scope="col" className="px-1 py-1.5">
                Total (100)
              </th>
              {cumulative?.terms.map((term, i) => (
                <th key={term.termId} scope="col" className="px-1 py-1.5">
                  {termColumnLabel(i)}
                </th>
              ))}
              {cumulative ? (
                <th scope="col" className="px-1 py-1.5">
                  <abbr title="Cumulative average" className="no-underline">
                    Cum. Avg
                  </abbr>
                </th>
              ) : null}
              <th scope="col" className="px-1 py-1.5">
                Grade
              </th>
              <th scope="col" className="px-1 py-1.5 text-left">
                Remark
              </th>
              <th scope="col" className="px-1 py-1.5">
                Position
              </th>
              <th scope="col" className="px-1 py-1.5">
                Class avg
              </th>
              <th scope="col" className="px-1 py-1.5">
                Highest
              </th>
              <th scope="col" className="px-1 py-1.5">
                Lowest
              </th>
              <th scope="col" className="px-2 py-1.5 text-left">
                Subject teacher
              </th>
            </tr>
          </thead>
          <tbody>
            {card.subjects.length === 0 ? (
              <tr>
                <td colSpan={13 + (cumulative ? cumulative.terms.length + 1 : 0)} className="px-2 py-3 text-slate-600">
                  No scores recorded for this term.
                </td>
              </tr>
            ) : (
              card.subjects.map((s) => (
                <tr key={s.subjectId} className="border-b border-slate-200 text-center tabular-nums">
                  <th scope="row" className="px-2 py-1.5 text-left font-medium text-slate-900">
                    {s.subjectName}
                  </th>
                  <td>{formatMark(s.test1)}</td>
                  <td>{formatMark(s.test2)}</td>
                  <td>{formatMark(s.assignment)}</td>
                  <td>{formatMark(s.exam)}</td>
                  <td className="font-semibold">{formatMark(s.total)}</td>
                  {cumulative?.terms.map((term, i) => (
                    <td key={term.termId}>{formatMark(bySubject.get(s.subjectId)?.totals[i])}</td>
                  ))}
                  {cumulative ? <td className="font-semibold">{formatMark(bySubject.get(s.subjectId)?.average)}</td> : null}
                  <td>{s.grade ?? '-'}</td>
                  <td className="px-1 text-left">{s.remark ?? ''}</td>
                  <td>{ordinal(s.position)}</td>
                  <td>{formatMark(s.classAverage)}</td>
                  <td>{formatMark(s.highest)}</td>
                  <td>{formatMark(s.lowest)}</td>
                  <td className="px-2 text-left">{s.teacherName ?? ''}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="mt-4 grid gap-1 text-sm sm:grid-cols-3" data-testid="report-card-summary">
        <p className="font-bold">{figures.total}</p>
        <p className="font-bold">{figures.average}</p>
        <p className="font-bold">{figures.position}</p>
        {annual ? (
          <>
            <p className="font-bold sm:col-start-2">{annual.average}</p>
            <p className="font-bold">{annual.position}</p>
          </>
        ) : null}
        <p>{figures.subjectsTaken}</p>
        <p>{figures.classAverage}</p>
        {figures.attendance.map((line, i) => (
          <p key={line} className={i === 0 ? 'sm:col-start-1' : undefined}>
            {line}
          </p>
        ))}
      </div>

      <section aria-label="Affective and psychomotor ratings" className="mt-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <RatingTable title="Affective traits" rows={card.ratings.affective} values={card.ratings.key.map((k) => k.rating)} />
          <RatingTable title="Psychomotor skills" rows={card.ratings.psychomotor} values={card.ratings.key.map((k) => k.rating)} />
        </div>
        <p className="mt-1 text-xs text-slate-600">
          <span className="font-semibold">Key to ratings:</span> {ratingKeyText(card.ratings.key)}
        </p>
      </section>

      {card.teacherComments.length ? (
        <section className="mt-4 text-sm">
          <h3 className="font-semibold text-slate-900">Teachers&apos; remarks:</h3>
          <p className="text-slate-800">{teacherCommentText(card)}</p>
        </section>
      ) : null}
      <section className="mt-4 text-sm">
        <h3 className="font-semibold text-slate-900">{classTeacherCommentHeading(card)}</h3>
        {card.classTeacherComment ? <p className="text-slate-800">{card.classTeacherComment}</p> : <WritingLine />}
      </section>
      <section className="mt-3 text-sm">
        <h3 className="font-semibold text-slate-900">Principal&apos;s comment:</h3>
        {card.principalComment ? <p className="text-slate-800">{card.principalComment}</p> : <WritingLine />}
        {principalCommentEditor}
      </section>
      <p className="mt-3 text-sm font-semibold">Next term begins: {longDate(card.nextTermStartDate)}</p>
      <p className="text-sm">Next term&apos;s fees: {card.fees.nextTermKobo === null ? 'not set yet' : formatNaira(card.fees.nextTermKobo)}</p>
      <p className="text-sm">Balance owed: {formatNaira(card.fees.owedKobo)}</p>
      <p className="mt-3 text-xs text-slate-600">
        <span className="font-semibold">Key to grades:</span> {card.gradingScale.map((b) => `${b.grade} ${b.min}-${b.max} ${b.remark}`).join(',  ')}
      </p>
      <div className="mt-10 hidden justify-between text-xs print:flex">
        <p className="w-48 border-t border-slate-500 pt-1">Class teacher&apos;s signature</p>
        <p className="w-48 border-t border-slate-500 pt-1">Principal&apos;s signature</p>
      </div>
    </article>
  );
}
