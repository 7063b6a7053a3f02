import { DOMAIN_LABELS, RATING_DOMAINS, ratingKeyText } from '@school/shared/ratings/constants';
import type { RatingSheet } from '@school/shared/ratings/responses';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';

type Cells = Record<string, Record<string, string>>;
export interface RatingEntry {
  studentId: string;
  traitId: string;
  rating: number | null;
}

function cellsOf(sheet: RatingSheet): Cells {
  return Object.fromEntries(
    sheet.students.map((s) => [s.studentId, Object.fromEntries(sheet.traits.map((t) => [t.id, s.ratings[t.id] === undefined ? '' : String(s.ratings[t.id])]))]),
  );
}

const RATING_KEYS = new Set(['1', '2', '3', '4', '5']);

export interface RatingGridProps {
  sheet: RatingSheet;
  /** Saves every cell at once; rejects with the server's error (a 400 names the student and trait). */
  onSave: (entries: RatingEntry[]) => Promise<unknown>;
  saving?: boolean;
}

/**
 * The rating grid of one class and term: a row per student, a cell per trait (affective, then
 * psychomotor). Keyboard: typing 1-5 sets the cell and moves right (to the next row at the end),
 * Backspace or Delete clears it, arrows move, Enter moves down and Shift+Enter up. One Save for
 * the whole grid.
 */
export function RatingGrid({ sheet, onSave, saving = false }: RatingGridProps) {
  const [cells, setCells] = useState<Cells>(() => cellsOf(sheet));
  const [serverError, setServerError] = useState<{ message: string; key: string | null } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const columns = sheet.traits.length;

  // a new sheet from the server (after a save or a refetch) replaces what is typed
  useEffect(() => {
    setCells(cellsOf(sheet));
    setServerError(null);
  }, [sheet]);

  const original = useMemo(() => cellsOf(sheet), [sheet]);
  const changed = sheet.students.some((s) => sheet.traits.some((t) => (cells[s.studentId]?.[t.id] ?? '') !== original[s.studentId][t.id]));
  const readOnly = !sheet.canEdit;

  const focusCell = (row: number, col: number) => {
    tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`)?.focus();
  };

  const setCell = (studentId: string, traitId: string, value: string) => {
    setServerError(null);
    setCells((current) => ({ ...current, [studentId]: { ...current[studentId], [traitId]: value } }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number, studentId: string, traitId: string) => {
    let next: [number, number] | null = null;
    if (RATING_KEYS.has(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      if (readOnly) return;
      setCell(studentId, traitId, event.key);
      next = col + 1 < columns ? [row, col + 1] : [row + 1, 0];
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      if (!readOnly) setCell(studentId, traitId, '');
      return;
    } else if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) next = [row + 1, col];
    else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) next = [row - 1, col];
    else if (event.key === 'ArrowLeft') next = [row, col - 1];
    else if (event.key === 'ArrowRight') next = [row, col + 1];
    else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // only 1 to 5 go in a cell
      event.preventDefault();
      return;
    }
    if (!next) return;
    event.preventDefault();
    const [r, c] = next;
    if (r >= 0 && r < sheet.students.length && c >= 0 && c < columns) focusCell(r, c);
  };

  const save = async () => {
    const entries: RatingEntry[] = sheet.students.flatMap((s) =>
      sheet.traits.map((t) => {
        const text = cells[s.studentId]?.[t.id] ?? '';
        return { studentId: s.studentId, traitId: t.id, rating: text === '' ? null : Number(text) };
      }),
    );
    try {
      await onSave(entries);
    } catch (error) {
      const message = isApiError(error) ? error.message : 'Something went wrong. Please try again.';
      let key: string | null = null;
      if (isApiError(error)) {
        const field = Object.keys(error.errors).find((k) => /^entries\.\d+\./.test(k));
        const match = field?.match(/^entries\.(\d+)\./);
        const entry = match ? entries[Number(match[1])] : undefined;
        if (entry) key = `${entry.studentId}:${entry.traitId}`;
      }
      setServerError({ message, key });
    }
  };

  const domains = RATING_DOMAINS.map((d) => ({ domain: d, count: sheet.traits.filter((t) => t.domain === d).length })).filter((d) => d.count > 0);

  return (
    <div>
      <p className="mb-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <span className="font-semibold">Key:</span> {ratingKeyText(sheet.key)}
      </p>
      {readOnly && sheet.lockedReason ? (
        <Alert tone="info" className="mb-3">
          {sheet.lockedReason}
        </Alert>
      ) : null}
      {serverError ? <Alert className="mb-3">{serverError.message}</Alert> : null}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table ref={tableRef} className="w-full border-collapse text-sm">
          <caption className="sr-only">
            Ratings of {sheet.className}, {sheet.termName} term
          </caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <td className="sticky left-0 z-10 bg-slate-50" />
              {domains.map((d) => (
                <th key={d.domain} scope="colgroup" colSpan={d.count} className="border-l border-slate-200 px-2 pt-2 text-center uppercase">
                  {DOMAIN_LABELS[d.domain]}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" className="sticky left-0 z-10 min-w-40 bg-slate-50 px-3 py-2 text-left uppercase">
                Student
              </th>
              {sheet.traits.map((t, i) => (
                <th
                  key={t.id}
                  scope="col"
                  className={cn(
                    'w-16 min-w-16 px-1 py-2 text-center align-bottom text-[11px] leading-tight font-medium',
                    i > 0 && sheet.traits[i - 1].domain !== t.domain && 'border-l border-slate-200',
                  )}
                >
                  {t.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.students.map((student, rowIndex) => (
              <tr key={student.studentId} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-1 text-left font-medium text-slate-900">
                  {student.name}
                  {student.admissionNumber ? <span className="block text-xs font-normal text-slate-500">{student.admissionNumber}</span> : null}
                </th>
                {sheet.traits.map((trait, colIndex) => {
                  const key = `${student.studentId}:${trait.id}`;
                  const problem = serverError?.key === key ? serverError.message : undefined;
                  return (
                    <td key={trait.id} className="px-1 py-1">
                      <input
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={1}
                        data-row={rowIndex}
                        data-col={colIndex}
                        aria-label={`${trait.name} for ${student.name}`}
                        aria-invalid={problem ? true : undefined}
                        title={problem}
                        readOnly={readOnly}
                        value={cells[student.studentId]?.[trait.id] ?? ''}
                        onChange={(e) => {
                          // a pasted or dictated value: its last digit 1-5, if any
                          const digit = [...e.target.value].reverse().find((ch) => RATING_KEYS.has(ch));
                          if (!readOnly) setCell(student.studentId, trait.id, digit ?? '');
                        }}
                        onFocus={(e) => e.target.select()}
                        onKeyDown={(e) => onKeyDown(e, rowIndex, colIndex, student.studentId, trait.id)}
                        className={cn(
                          'h-9 w-full min-w-10 rounded-md border px-1 text-center tabular-nums outline-none focus:border-primary focus:ring-2 focus:ring-primary/30',
                          problem ? 'border-red-500 bg-red-50 text-red-800' : 'border-slate-300',
                          readOnly && 'bg-slate-50 text-slate-700',
                        )}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {changed && !serverError ? <p className="text-slate-600">You have unsaved changes.</p> : null}
      </div>

      {readOnly ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="primary" onClick={() => void save()} loading={saving} loadingText="Saving…" disabled={!changed}>
            Save ratings
          </Button>
          <Button variant="gray" onClick={() => setCells(cellsOf(sheet))} disabled={!changed || saving}>
            Undo changes
          </Button>
          <p className="text-xs text-slate-500">Type 1 to 5 (moves right) · Backspace clears · arrows and Enter move</p>
        </div>
      )}
    </div>
  );
}
