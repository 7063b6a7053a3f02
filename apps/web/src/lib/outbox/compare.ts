import type { Register } from '@school/shared/attendance/responses';
import type { ScoreSheet } from '@school/shared/results/responses';
import { COMPONENT_LABELS, SCORE_COMPONENTS } from '@school/shared/results/types';
import type { ChangeKind } from './outbox';

/** A register save as the outbox keeps it. */
interface RegisterBody {
  entries: Array<{ studentId: string; status: string }>;
}
/** A score sheet save as the outbox keeps it. */
interface ScoresBody {
  rows: Array<{ studentId: string } & Record<(typeof SCORE_COMPONENTS)[number], number | null>>;
}

/** One student whose marks differ between the teacher's change and what the server has now. */
export interface DifferingRow {
  studentId: string;
  name: string;
  mine: string;
  theirs: string;
}

const scoresText = (row: Partial<Record<(typeof SCORE_COMPONENTS)[number], number | null>> | undefined) => {
  const parts = SCORE_COMPONENTS.filter((c) => row?.[c] != null).map((c) => `${COMPONENT_LABELS[c]} ${row![c]}`);
  return parts.length > 0 ? parts.join(', ') : 'no scores';
};

/**
 * The students whose marks differ between a change (`mine`, the request body) and the register or
 * sheet the server answered with (`theirs`), in the server's order. Students the change does not
 * name keep what they have, so they do not differ.
 */
export function differingRows(kind: ChangeKind, mine: unknown, theirs: unknown): DifferingRow[] {
  if (kind === 'register') {
    const register = theirs as Register;
    const marks = new Map((mine as RegisterBody).entries.map((e) => [e.studentId.toLowerCase(), e.status]));
    return register.rows
      .filter((r) => marks.has(r.studentId) && marks.get(r.studentId) !== r.status)
      .map((r) => ({ studentId: r.studentId, name: r.name, mine: marks.get(r.studentId)!, theirs: register.saved ? r.status : 'not taken' }));
  }
  const sheet = theirs as ScoreSheet;
  const rows = new Map((mine as ScoresBody).rows.map((r) => [r.studentId, r]));
  return sheet.rows
    .filter((r) => {
      const m = rows.get(r.studentId);
      return m && SCORE_COMPONENTS.some((c) => (m[c] ?? null) !== r[c]);
    })
    .map((r) => ({ studentId: r.studentId, name: r.name, mine: scoresText(rows.get(r.studentId)), theirs: scoresText(r) }));
}

/** The version of the register or sheet in a 409's `current`. */
export function versionOf(current: unknown): string | null {
  return (current as { version?: string | null } | null)?.version ?? null;
}

/** Who saved the other version and when, as the server tells it (registers say; sheets do not). */
export function savedByOf(kind: ChangeKind, current: unknown): { by: string | null; at: string | null } {
  if (kind === 'register') {
    const register = current as Register;
    return { by: register.takenBy, at: register.updatedAt };
  }
  return { by: null, at: null };
}
