/**
 * The results engine: reads scores and settings and hands them to results.compute.ts, which derives
 * totals, grades, positions and averages; nothing else derives them.
 *
 * Exported for other areas (report cards, promotion, transcripts) through results.service.ts:
 *   computeClassTermResults, computeSchoolTermResults, sessionAverages, isTermPublished, getResultSettings.
 */
import { type ClassTermResults, type ResultSettings } from '@school/shared/results/types';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-errors';
import { computeResults, cumulativeAverage, cumulativeResults, type CumulativeResults } from './results.compute';
import { personName } from '../../lib/names';
import * as academics from '../academics/academics.api';
import * as repo from './results.repository';
import { className } from '@school/shared/academics/schemas';
import type { ScopedCache } from '../../lib/school-cache';
import { placeNotFound, TERM_NOT_FOUND, termNotInClassSession } from './results.messages';

/** The school's result settings without the saved flag: what the engine and other areas compute with. */
export async function getResultSettings(db: DbOrTx, schoolId: string): Promise<ResultSettings> {
  const { saved: _saved, ...settings } = await repo.getSettings(db, schoolId);
  return settings;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

type ClassArg = { id: string; level: string; arm: string; academicSessionId: string; sessionName: string };
type TermArg = { id: string; name: string; academicSessionId: string };

/**
 * The results of many (class, term) pairs of one school in a fixed number of queries (1 + 6; `live`:
 * 7), whatever the number of pairs, students or subjects. Pairs whose class and term are not of the
 * school and of the same session are left out.
 *
 * A published pair answers the results kept at its publication (issue 18): a student admitted or
 * moved later, a corrected score or a changed scale do not move a published position until the
 * class is re-published. Only the names are today's. `live` computes every pair from today's
 * scores instead (the score grid, publication itself).
 */
export async function computeMany(
  db: DbOrTx,
  schoolId: string,
  classes: ClassArg[],
  terms: TermArg[],
  opts: { live?: boolean } = {},
): Promise<ClassTermResults[]> {
  const pairs = classes.flatMap((cls) => terms.filter((t) => t.academicSessionId === cls.academicSessionId).map((term) => ({ cls, term })));
  const keyOf = (classId: string, termId: string) => `${classId}:${termId}`;
  const kept = new Map<string, ClassTermResults>();
  /** Every published pair among them, kept or not, once the kept records were read (computeLive need not ask again). */
  let published: Set<string> | undefined;
  if (!opts.live && pairs.length > 0) {
    const rows = await repo.keptResults(
      db,
      schoolId,
      classes.map((c) => c.id),
      terms.map((t) => t.id),
    );
    for (const row of rows) if (row.results) kept.set(keyOf(row.classId, row.termId), row.results);
    published = new Set(rows.map((row) => keyOf(row.classId, row.termId)));
  }
  const todo = pairs.filter((p) => !kept.has(keyOf(p.cls.id, p.term.id)));
  const live = new Map<string, ClassTermResults>();
  if (todo.length > 0) {
    const computed = await computeLive(
      db,
      schoolId,
      [...new Map(todo.map((p) => [p.cls.id, p.cls])).values()],
      [...new Map(todo.map((p) => [p.term.id, p.term])).values()],
      published,
    );
    for (const r of computed) live.set(keyOf(r.classId, r.termId), r);
  }
  return pairs.flatMap(({ cls, term }) => {
    const key = keyOf(cls.id, term.id);
    const record = kept.get(key);
    if (record) return [{ ...record, published: true, className: className(cls.level, cls.arm), termName: term.name, sessionName: cls.sessionName }];
    const computed = live.get(key);
    return computed ? [computed] : [];
  });
}

/**
 * The results of (class, term) pairs computed now from the scores and settings (computeMany without
 * the kept records). `knownPublished`: the published pairs, when the caller has read them already.
 */
async function computeLive(db: DbOrTx, schoolId: string, classes: ClassArg[], terms: TermArg[], knownPublished?: Set<string>): Promise<ClassTermResults[]> {
  const classIds = classes.map((c) => c.id);
  const termIds = terms.map((t) => t.id);
  const [settings, subjectRows, studentRows, scoreRows, published] = await Promise.all([
    getResultSettings(db, schoolId),
    repo.subjectsOfClasses(db, schoolId, classIds),
    repo.studentsOfClasses(db, schoolId, classIds),
    repo.scoresOfClasses(db, schoolId, classIds, termIds),
    knownPublished ?? repo.publishedClassIds(db, schoolId, termIds).then((rows) => new Set(rows.map((p) => `${p.classId}:${p.termId}`))),
  ]);
  // bucket rows by class (and scores by class and term) once: linear in the rows, whatever the pairs
  const subjectsByClass = groupBy(subjectRows, (s) => s.classId);
  const studentsByClass = groupBy(studentRows, (s) => s.classId);
  const classesOfStudent = groupBy(studentRows, (s) => s.studentId);
  const scoresByPlace = new Map<string, typeof scoreRows>();
  for (const score of scoreRows) {
    for (const enrolment of classesOfStudent.get(score.studentId) ?? []) {
      const key = `${enrolment.classId}:${score.termId}`;
      const list = scoresByPlace.get(key);
      if (list) list.push(score);
      else scoresByPlace.set(key, [score]);
    }
  }
  const results: ClassTermResults[] = [];
  for (const cls of classes) {
    const subjects = subjectsByClass.get(cls.id) ?? [];
    const students = (studentsByClass.get(cls.id) ?? []).map((s) => ({
      studentId: s.studentId,
      name: personName(s, { order: 'surname-first' }),
      admissionNumber: s.registrationNo,
    }));
    for (const term of terms) {
      if (term.academicSessionId !== cls.academicSessionId) continue;
      results.push(
        computeResults({
          classId: cls.id,
          className: className(cls.level, cls.arm),
          termId: term.id,
          termName: term.name,
          sessionName: cls.sessionName,
          published: published.has(`${cls.id}:${term.id}`),
          settings,
          subjects,
          students,
          scores: scoresByPlace.get(`${cls.id}:${term.id}`) ?? [],
        }),
      );
    }
  }
  return results;
}

/**
 * `computeMany`, kept per (class, term) under the school's version the request saw (ctx.schoolCache):
 * a class's results are the same for every classmate and parent who asks, until anything of the
 * school changes. The pairs not kept yet are computed together, as computeMany does.
 */
export async function computeManyCached(
  db: DbOrTx,
  cache: ScopedCache,
  schoolId: string,
  classes: Parameters<typeof computeMany>[2],
  terms: Parameters<typeof computeMany>[3],
): Promise<ClassTermResults[]> {
  const pairs = classes.flatMap((cls) => terms.filter((t) => t.academicSessionId === cls.academicSessionId).map((term) => ({ cls, term })));
  const keyOf = (classId: string, termId: string) => `results.classTerm|${classId}:${termId}`;
  return cache.getMany(
    pairs.map((p) => keyOf(p.cls.id, p.term.id)),
    async (missing) => {
      const wanted = new Set(missing);
      const needed = pairs.filter((p) => wanted.has(keyOf(p.cls.id, p.term.id)));
      const computed = await computeMany(
        db,
        schoolId,
        [...new Map(needed.map((p) => [p.cls.id, p.cls])).values()],
        [...new Map(needed.map((p) => [p.term.id, p.term])).values()],
      );
      return new Map(computed.map((r) => [keyOf(r.classId, r.termId), r]));
    },
  );
}

/**
 * One class's results for a term: as kept at publication once published, otherwise (or with `live`)
 * computed now from the scores and the school's current settings. A class or term of another school,
 * or a term outside the class's session, is a 404.
 */
export async function computeClassTermResults(
  db: DbOrTx,
  args: { schoolId: string; classId: string; termId: string; live?: boolean },
): Promise<ClassTermResults> {
  const place = await repo.classAndTerm(db, args.schoolId, args.classId, args.termId);
  if (!place) throw notFound(placeNotFound(args));
  if (place.classSessionId !== place.termSessionId) {
    const message = termNotInClassSession(place.termName, className(place.level, place.arm));
    throw badRequest(message, { termId: message });
  }
  const [result] = await computeMany(
    db,
    args.schoolId,
    [{ id: place.classId, level: place.level, arm: place.arm, academicSessionId: place.classSessionId, sessionName: place.sessionName }],
    [{ id: place.termId, name: place.termName, academicSessionId: place.termSessionId }],
    { live: args.live },
  );
  return result;
}

/** Every class's results for a term (the whole school's broadsheets), classes in level order. */
export async function computeSchoolTermResults(db: DbOrTx, args: { schoolId: string; termId: string }): Promise<ClassTermResults[]> {
  const term = await academics.findTerm(db, args.schoolId, args.termId);
  if (!term) throw notFound(TERM_NOT_FOUND);
  const classes = await academics.classesOfSession(db, args.schoolId, term.academicSessionId);
  return computeMany(
    db,
    args.schoolId,
    classes.map((c) => ({ ...c, academicSessionId: term.academicSessionId, sessionName: term.sessionName })),
    [term],
  );
}

/**
 * Each student of a class: their cumulative average over the session, the mean of their term
 * averages over the terms in which they have any score (null when they have none). Published or
 * not: promotion and report cards decide what to show.
 */
export async function sessionAverages(db: DbOrTx, args: { schoolId: string; sessionId: string; classId: string }): Promise<Map<string, number | null>> {
  const [cls, terms, sessionName] = await Promise.all([
    academics.findClass(db, args.schoolId, args.classId),
    academics.termsOfSession(db, args.schoolId, args.sessionId),
    repo.sessionNameOf(db, args.schoolId, args.sessionId),
  ]);
  if (!cls || cls.academicSessionId !== args.sessionId) return new Map();
  const results = await computeMany(
    db,
    args.schoolId,
    [{ ...cls, sessionName: sessionName ?? '' }],
    terms.map((t) => ({ id: t.id, name: t.name, academicSessionId: args.sessionId })),
  );
  const byStudent = new Map<string, Array<number | null>>();
  for (const result of results) {
    for (const s of result.students) byStudent.set(s.studentId, [...(byStudent.get(s.studentId) ?? []), s.average]);
  }
  return new Map([...byStudent].map(([id, averages]) => [id, cumulativeAverage(averages)]));
}

/**
 * A class's cumulative results on the card of `current` (its results of a term, as computeMany
 * gave them): null unless that term is the last of its session by start date and the session has
 * earlier terms. The earlier terms are read as their own cards read them (kept record once
 * published, else computed now). Two look-ups and computeMany's queries, whatever the class's size.
 */
export async function classCumulativeResults(db: DbOrTx, args: { schoolId: string; current: ClassTermResults }): Promise<CumulativeResults | null> {
  const place = await repo.classAndTerm(db, args.schoolId, args.current.classId, args.current.termId);
  if (!place) return null;
  const terms = await academics.termsOfSession(db, args.schoolId, place.termSessionId);
  const index = terms.findIndex((t) => t.id === args.current.termId);
  if (index < 1 || index !== terms.length - 1) return null;
  const earlier = await computeMany(
    db,
    args.schoolId,
    [{ id: place.classId, level: place.level, arm: place.arm, academicSessionId: place.classSessionId, sessionName: place.sessionName }],
    terms.slice(0, index).map((t) => ({ id: t.id, name: t.name, academicSessionId: place.termSessionId })),
  );
  const byTerm = new Map(earlier.map((r) => [r.termId, r]));
  return cumulativeResults([...terms.slice(0, index).flatMap((t) => byTerm.get(t.id) ?? []), args.current]);
}

/**
 * Whether a term's results are published: for one class, or (without classId) for every class of
 * the term's session (false when the session has no class).
 */
export async function isTermPublished(db: DbOrTx, args: { schoolId: string; classId?: string; termId: string }): Promise<boolean> {
  const rows = await repo.publishedClassIds(db, args.schoolId, [args.termId]);
  if (args.classId) return rows.some((r) => r.classId === args.classId);
  const term = await academics.findTerm(db, args.schoolId, args.termId);
  if (!term) return false;
  const classes = await academics.classesOfSession(db, args.schoolId, term.academicSessionId);
  const published = new Set(rows.map((r) => r.classId));
  return classes.length > 0 && classes.every((c) => published.has(c.id));
}
