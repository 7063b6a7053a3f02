/**
 * Pure result arithmetic: no database, no clock. results.service.ts feeds it rows and settings.
 *
 * Rules (docs/decisions/0012-results.md):
 * - a subject's total is the sum of the components present; no component → no total;
 * - a row missing any component is `incomplete` but still totalled, graded and ranked on what exists;
 * - grade, point and remark come from the band whose minimum the total reaches (bands are whole
 *   numbers, so 39.5 stays in the 0–39 band: marks are never rounded up);
 * - positions: highest first, equal values share a position and the next one skips (1, 2, 2, 4);
 * - averages are rounded to 2 decimals before ranking, so equal shown averages share a position.
 */
import {
  SCORE_COMPONENTS,
  type ClassTermResults,
  type GradeBand,
  type ResultSettings,
  type StudentSubjectResult,
  type StudentTermResult,
  type SubjectSummary,
} from '@school/shared/results/types';

export interface ScoreInput {
  studentId: string;
  subjectId: string;
  test1: number | null;
  test2: number | null;
  assignment: number | null;
  exam: number | null;
}

/** Rounds to 2 decimals (half away from zero), avoiding 1.005 → 1.00 style float errors. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Sums in tenths so that 12.5 + 13.5 + … stays exact. */
function sum(values: number[]): number {
  return values.reduce((s, v) => s + Math.round(v * 10), 0) / 10;
}

export function subjectTotal(score: Pick<ScoreInput, 'test1' | 'test2' | 'assignment' | 'exam'>): { total: number | null; incomplete: boolean } {
  const present = SCORE_COMPONENTS.map((c) => score[c]).filter((v): v is number => v !== null && v !== undefined);
  if (present.length === 0) return { total: null, incomplete: true };
  return { total: sum(present), incomplete: present.length < SCORE_COMPONENTS.length };
}

/** The band of a total: the one with the highest minimum the total reaches. */
export function gradeFor(total: number | null, scale: GradeBand[]): GradeBand | null {
  if (total === null) return null;
  let best: GradeBand | null = null;
  for (const band of scale) {
    if (total >= band.min && (!best || band.min > best.min)) best = band;
  }
  return best;
}

/** Competition ranking: highest value first, ties share, the next position skips (1, 2, 2, 4). */
export function rank<K>(entries: Array<{ key: K; value: number | null }>): Map<K, number | null> {
  const positions = new Map<K, number | null>();
  const ranked = entries.filter((e) => e.value !== null).sort((a, b) => (b.value as number) - (a.value as number));
  let previous: number | null = null;
  let position = 0;
  ranked.forEach((entry, index) => {
    if (entry.value !== previous) position = index + 1;
    previous = entry.value;
    positions.set(entry.key, position);
  });
  for (const entry of entries) if (entry.value === null) positions.set(entry.key, null);
  return positions;
}

function mean(values: number[]): number | null {
  return values.length ? round2(values.reduce((s, v) => s + v, 0) / values.length) : null;
}

export interface ComputeInput {
  classId: string;
  className: string;
  termId: string;
  termName: string;
  sessionName: string;
  published: boolean;
  settings: ResultSettings;
  subjects: Array<{ subjectId: string; subjectName: string }>;
  students: Array<{ studentId: string; name: string; admissionNumber: string | null }>;
  scores: ScoreInput[];
}

/** A class's results for a term: every student × every subject of the class, with positions. */
export function computeResults(input: ComputeInput): ClassTermResults {
  const scale = input.settings.gradingScale;
  const subjectIds = new Set(input.subjects.map((s) => s.subjectId));
  const studentIds = new Set(input.students.map((s) => s.studentId));
  const scoreByKey = new Map<string, ScoreInput>();
  for (const score of input.scores) {
    if (subjectIds.has(score.subjectId) && studentIds.has(score.studentId)) scoreByKey.set(`${score.studentId}:${score.subjectId}`, score);
  }

  // each student's subject rows, before positions
  const rows = new Map<string, StudentSubjectResult[]>();
  for (const student of input.students) {
    rows.set(
      student.studentId,
      input.subjects.map((subject) => {
        const score = scoreByKey.get(`${student.studentId}:${subject.subjectId}`);
        const components = {
          test1: score?.test1 ?? null,
          test2: score?.test2 ?? null,
          assignment: score?.assignment ?? null,
          exam: score?.exam ?? null,
        };
        const { total, incomplete } = subjectTotal(components);
        const band = gradeFor(total, scale);
        return {
          subjectId: subject.subjectId,
          ...components,
          total,
          grade: band?.grade ?? null,
          point: band?.point ?? null,
          remark: band?.remark ?? null,
          position: null,
          incomplete,
        };
      }),
    );
  }

  // per subject: positions and summary
  const summaries: SubjectSummary[] = input.subjects.map((subject, index) => {
    const entries = input.students.map((s) => ({ key: s.studentId, value: rows.get(s.studentId)![index].total }));
    const positions = rank(entries);
    for (const s of input.students) rows.get(s.studentId)![index].position = positions.get(s.studentId) ?? null;
    const totals = entries.map((e) => e.value).filter((v): v is number => v !== null);
    return {
      subjectId: subject.subjectId,
      subjectName: subject.subjectName,
      classAverage: mean(totals),
      highest: totals.length ? Math.max(...totals) : null,
      lowest: totals.length ? Math.min(...totals) : null,
    };
  });

  // per student: overall total, average and position
  const students: StudentTermResult[] = input.students.map((student) => {
    const subjects = rows.get(student.studentId)!;
    const totals = subjects.map((s) => s.total).filter((v): v is number => v !== null);
    const total = sum(totals);
    return {
      studentId: student.studentId,
      name: student.name,
      admissionNumber: student.admissionNumber,
      subjects,
      total,
      average: totals.length ? round2(total / totals.length) : null,
      position: null,
      subjectsTaken: totals.length,
    };
  });
  const overall = rank(students.map((s) => ({ key: s.studentId, value: s.average })));
  for (const s of students) s.position = overall.get(s.studentId) ?? null;

  return {
    classId: input.classId,
    className: input.className,
    termId: input.termId,
    termName: input.termName,
    sessionName: input.sessionName,
    published: input.published,
    maxima: input.settings.maxima,
    subjects: summaries,
    students,
    classAverage: mean(students.map((s) => s.average).filter((v): v is number => v !== null)),
    studentCount: students.length,
  };
}

/**
 * A student's cumulative average over a session: the mean of their term averages, over the terms
 * in which they have an average (a term without any score does not count as 0).
 */
export function cumulativeAverage(termAverages: Array<number | null>): number | null {
  return mean(termAverages.filter((v): v is number => v !== null));
}

/** A student's figures over a session's terms (ADR 0034). */
export interface CumulativeStudent {
  /** The student's subjects on the last term, each with its total in every term (null: none) and their mean. */
  subjects: Array<{ subjectId: string; totals: Array<number | null>; average: number | null }>;
  /** The mean of the subjects' cumulative averages (null: no total in any term). */
  annualAverage: number | null;
  annualPosition: number | null;
}

export interface CumulativeResults {
  terms: Array<{ termId: string; name: string }>;
  students: Map<string, CumulativeStudent>;
  /** The number in class on the last term (its results' `studentCount`). */
  classSize: number;
}

/**
 * A class's cumulative results from its terms' results, in date order, the last being the term of
 * the card (docs/decisions/0034-cumulative-results.md): per subject of the last term, each term's
 * total and their mean over the terms the student has one; the annual average, the mean of those
 * means; the annual position, ranked among the last term's students as term positions are.
 */
export function cumulativeResults(terms: ClassTermResults[]): CumulativeResults | null {
  const last = terms.at(-1);
  if (!last) return null;
  const totals = terms.map((term) => {
    const byKey = new Map<string, number | null>();
    for (const student of term.students) for (const s of student.subjects) byKey.set(`${student.studentId}:${s.subjectId}`, s.total);
    return byKey;
  });
  const students = new Map<string, CumulativeStudent>();
  for (const student of last.students) {
    const subjects = student.subjects.map((s) => {
      const perTerm = totals.map((byKey) => byKey.get(`${student.studentId}:${s.subjectId}`) ?? null);
      return { subjectId: s.subjectId, totals: perTerm, average: mean(perTerm.filter((v): v is number => v !== null)) };
    });
    const annualAverage = mean(subjects.map((s) => s.average).filter((v): v is number => v !== null));
    students.set(student.studentId, { subjects, annualAverage, annualPosition: null });
  }
  const positions = rank([...students].map(([key, s]) => ({ key, value: s.annualAverage })));
  for (const [id, s] of students) s.annualPosition = positions.get(id) ?? null;
  return { terms: terms.map((t) => ({ termId: t.termId, name: t.termName })), students, classSize: last.studentCount };
}
