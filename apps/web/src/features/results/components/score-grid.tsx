import type { ScoreSheet } from '@school/shared/results/responses';
import { parseScoreInput, scoreProblem, type ScoreRowInput } from '@school/shared/results/scores';
import { COMPONENT_LABELS, SCORE_COMPONENTS, type ScoreComponent } from '@school/shared/results/types';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useHorizontalOverflow } from '@/hooks/use-horizontal-overflow';
import { cn } from '@/lib/cn';
import { formatMark, formatPosition } from '../lib/format';

type Cells = Record<string, Record<ScoreComponent, string>>;

/** Column headings: 'Assignment' may break (soft hyphen) so that four score columns fit a phone. */
const HEADINGS: Record<ScoreComponent, string> = { ...COMPONENT_LABELS, assignment: 'Assign\u00ADment' };

const asText = (value: number | null) => (value === null ? '' : String(value));

/** The cells as the server has them, or as saved on this device when a change waits (`pending`). */
function cellsOf(sheet: ScoreSheet, pending?: ScoreRowInput[] | null): Cells {
  const mine = new Map((pending ?? []).map((r) => [r.studentId, r]));
  return Object.fromEntries(
    sheet.rows.map((r) => {
      const source = mine.get(r.studentId) ?? r;
      return [r.studentId, Object.fromEntries(SCORE_COMPONENTS.map((c) => [c, asText(source[c])])) as Record<ScoreComponent, string>];
    }),
  );
}

export interface ScoreGridProps {
  sheet: ScoreSheet;
  /** Scores saved on this device, not on the server yet (issue 21): shown instead of the sheet's. */
  pending?: { rows: ScoreRowInput[]; status: 'waiting' | 'conflict' | 'refused' } | null;
  /** Saves every row at once; rejects with the server's error (a 400 names the student and field). */
  onSave: (rows: ScoreRowInput[]) => Promise<unknown>;
  saving?: boolean;
  /** More buttons beside Save (submitting the sheet), told whether there are unsaved changes. */
  extraActions?: (state: { changed: boolean }) => ReactNode;
}

/**
 * The score grid of one class, subject and term: a row per student, a cell per component.
 * Keyboard: arrows move between cells (left/right at the edge of the text), Enter moves down,
 * Shift+Enter up, Tab goes along the row. A score above the component's maximum, below 0 or not a
 * whole or half mark is flagged as it is typed and the grid cannot be saved until it is fixed.
 * Totals, grades and positions are the server's, from the last save.
 */
export function ScoreGrid({ sheet, pending = null, onSave, saving = false, extraActions }: ScoreGridProps) {
  const pendingRows = pending?.rows ?? null;
  const [cells, setCells] = useState<Cells>(() => cellsOf(sheet, pendingRows));
  const [serverError, setServerError] = useState<{ message: string; key: string | null } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(scrollerRef);
  // the names stay put while the scores scroll under them: a shadow marks the edge once they do
  const stickyEdge = overflow.start && 'shadow-[6px_0_6px_-6px_rgb(15_23_42/0.35)]';

  // a new sheet from the server (after a save or a refetch) replaces what is typed
  useEffect(() => {
    setCells(cellsOf(sheet, pendingRows));
    setServerError(null);
  }, [sheet, pendingRows]);

  const problems = useMemo(() => {
    const list: Array<{ key: string; studentId: string; component: ScoreComponent; message: string }> = [];
    sheet.rows.forEach((row) => {
      for (const component of SCORE_COMPONENTS) {
        const problem = scoreProblem(component, parseScoreInput(cells[row.studentId]?.[component] ?? ''), sheet.maxima);
        if (problem) list.push({ key: `${row.studentId}:${component}`, studentId: row.studentId, component, message: `${row.name}: ${problem}` });
      }
    });
    return list;
  }, [cells, sheet]);
  const problemByKey = new Map(problems.map((p) => [p.key, p.message]));

  const original = useMemo(() => cellsOf(sheet, pendingRows), [sheet, pendingRows]);
  const changed = sheet.rows.some((r) => SCORE_COMPONENTS.some((c) => (cells[r.studentId]?.[c] ?? '').trim() !== original[r.studentId][c]));

  const focusCell = (row: number, col: number) => {
    const target = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
    if (target) {
      target.focus();
      target.select();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    const wholeSelected = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    let next: [number, number] | null = null;
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) next = [row + 1, col];
    else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) next = [row - 1, col];
    else if (event.key === 'ArrowLeft' && (atStart || wholeSelected)) next = [row, col - 1];
    else if (event.key === 'ArrowRight' && (atEnd || wholeSelected)) next = [row, col + 1];
    if (!next) return;
    event.preventDefault();
    const [r, c] = next;
    if (r >= 0 && r < sheet.rows.length && c >= 0 && c < SCORE_COMPONENTS.length) focusCell(r, c);
  };

  const setCell = (studentId: string, component: ScoreComponent, value: string) => {
    setServerError(null);
    setCells((current) => ({ ...current, [studentId]: { ...current[studentId], [component]: value } }));
  };

  const save = async () => {
    if (problems.length > 0) return;
    const rows: ScoreRowInput[] = sheet.rows.map((r) => ({
      studentId: r.studentId,
      test1: parseScoreInput(cells[r.studentId].test1),
      test2: parseScoreInput(cells[r.studentId].test2),
      assignment: parseScoreInput(cells[r.studentId].assignment),
      exam: parseScoreInput(cells[r.studentId].exam),
    }));
    try {
      await onSave(rows);
    } catch (error) {
      const message = isApiError(error) ? error.message : 'Something went wrong. Please try again.';
      let key: string | null = null;
      if (isApiError(error)) {
        const field = Object.keys(error.errors).find((k) => /^rows\.\d+\./.test(k));
        const match = field?.match(/^rows\.(\d+)\.(\w+)$/);
        if (match) key = `${sheet.rows[Number(match[1])]?.studentId}:${match[2]}`;
      }
      setServerError({ message, key });
    }
  };

  const readOnly = !sheet.canEdit;
  const firstProblem = problems[0];

  return (
    <div>
      {readOnly && sheet.lockedReason ? (
        <Alert tone="info" className="mb-3">
          {sheet.lockedReason}
        </Alert>
      ) : null}
      {overflow.end || overflow.start ? (
        <p className="mb-2 text-xs text-slate-500 sm:hidden" data-testid="score-grid-scroll-hint">
          Scroll the scores sideways; names stay in place.
        </p>
      ) : null}
      <div className="relative">
        <div ref={scrollerRef} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table ref={tableRef} className="w-full border-collapse text-sm sm:min-w-[44rem]">
            <caption className="sr-only">
              Scores of {sheet.className} in {sheet.subjectName}, {sheet.termName} term
            </caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="hidden w-10 px-3 py-2.5 sm:table-cell">
                  #
                </th>
                <th scope="col" className={cn('sticky left-0 z-10 bg-slate-50 px-2 py-2.5 sm:px-3', stickyEdge)}>
                  Student
                </th>
                {SCORE_COMPONENTS.map((c) => (
                  <th key={c} scope="col" className="w-14 min-w-14 px-1 py-2.5 text-center sm:w-24 sm:px-2">
                    {HEADINGS[c]}
                    <span className="block font-normal normal-case">max {sheet.maxima[c]}</span>
                  </th>
                ))}
                <th scope="col" className="px-2 py-2.5 text-center">
                  Total
                </th>
                <th scope="col" className="px-2 py-2.5 text-center">
                  Grade
                </th>
                <th scope="col" className="px-2 py-2.5 text-center">
                  Position
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.rows.map((row, rowIndex) => (
                <tr key={row.studentId} className="border-t border-slate-100">
                  <td className="hidden px-3 py-1.5 text-slate-500 sm:table-cell">{rowIndex + 1}</td>
                  <th
                    scope="row"
                    className={cn(
                      'sticky left-0 z-10 max-w-[7.5rem] min-w-[6.5rem] bg-white px-2 py-1.5 text-left font-medium break-words text-slate-900 sm:max-w-none sm:px-3',
                      stickyEdge,
                    )}
                  >
                    {row.name}
                    {row.admissionNumber ? <span className="block text-xs font-normal text-slate-500">{row.admissionNumber}</span> : null}
                  </th>
                  {SCORE_COMPONENTS.map((component, colIndex) => {
                    const key = `${row.studentId}:${component}`;
                    const problem = problemByKey.get(key) ?? (serverError?.key === key ? serverError.message : undefined);
                    return (
                      <td key={component} className="px-1 py-1.5 sm:px-1.5">
                        <input
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          data-row={rowIndex}
                          data-col={colIndex}
                          aria-label={`${COMPONENT_LABELS[component]} for ${row.name}`}
                          aria-invalid={problem ? true : undefined}
                          title={problem}
                          readOnly={readOnly}
                          value={cells[row.studentId]?.[component] ?? ''}
                          onChange={(e) => setCell(row.studentId, component, e.target.value)}
                          onFocus={(e) => e.target.select()}
                          onKeyDown={(e) => onKeyDown(e, rowIndex, colIndex)}
                          className={cn(
                            'h-9 w-full rounded-md border px-1 text-center sm:px-2 tabular-nums outline-none focus:border-primary focus:ring-2 focus:ring-primary/30',
                            problem ? 'border-red-500 bg-red-50 text-red-800' : 'border-slate-300',
                            readOnly && 'bg-slate-50 text-slate-700',
                          )}
                        />
                      </td>
                    );
                  })}
                  <td className="px-2 py-1.5 text-center font-semibold tabular-nums">
                    {formatMark(row.total)}
                    {row.incomplete && row.total !== null ? (
                      <span className="block text-[11px] font-normal text-amber-700" title="Some scores are missing">
                        incomplete
                      </span>
                    ) : null}
                  </td>
                  <td className="px-2 py-1.5 text-center">{row.grade ?? '—'}</td>
                  <td className="px-2 py-1.5 text-center tabular-nums">{formatPosition(row.position)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-200 bg-slate-50 text-xs text-slate-700">
              <tr>
                <td className="hidden sm:table-cell" />
                <th scope="row" className={cn('sticky left-0 bg-slate-50 px-2 py-2 text-left font-semibold sm:px-3', stickyEdge)}>
                  Class average / highest / lowest
                </th>
                <td colSpan={4} />
                <td colSpan={3} className="px-2 py-2 text-center tabular-nums">
                  {formatMark(sheet.classAverage)} / {formatMark(sheet.highest)} / {formatMark(sheet.lowest)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        {overflow.end ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-px right-px w-8 rounded-r-xl bg-gradient-to-l from-white to-transparent" />
        ) : null}
      </div>

      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {firstProblem ? (
          <p role="alert" className="font-medium text-red-700">
            {firstProblem.message}
            {problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}
          </p>
        ) : serverError ? (
          <p role="alert" className="font-medium text-red-700">
            {serverError.message}
          </p>
        ) : changed ? (
          <p className="text-slate-600">You have unsaved changes. Totals, grades and positions update when you save.</p>
        ) : pending ? (
          <p className="font-semibold text-amber-800">
            {pending.status === 'waiting'
              ? 'Saved on this device: waiting to sync. Totals, grades and positions update once the server has the scores.'
              : pending.status === 'conflict'
                ? 'Saved on this device, and by someone else meanwhile: review to choose.'
                : 'Saved on this device, refused by the server: review.'}
          </p>
        ) : null}
      </div>

      {readOnly ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="primary" onClick={() => void save()} loading={saving} loadingText="Saving…" disabled={problems.length > 0 || !changed}>
            Save scores
          </Button>
          <Button variant="gray" onClick={() => setCells(cellsOf(sheet, pendingRows))} disabled={!changed || saving}>
            Undo changes
          </Button>
          {extraActions?.({ changed })}
          <p className="text-xs text-slate-500">Enter moves down · arrows move between cells · whole or half marks (e.g. 12.5)</p>
        </div>
      )}
    </div>
  );
}
