import { DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import type { ClassTermResults, GradeBand, ResultSettings } from '@school/shared/results/types';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import {
  academicSessions,
  classes,
  classSubjects,
  enrolments,
  resultPublications,
  resultSettings,
  schools,
  scores,
  students,
  subjects,
  terms,
} from '../../db/schema';

/**
 * Scores, result settings and publications, and the rosters the engine computes from. Every function
 * here is one query (no N+1), whatever the number of rows. Terms, classes, subjects and who teaches
 * them are academics.api's; a user's staff record is people.api's.
 */

export async function findSchoolInOrganisation(db: DbOrTx, organisationId: string, schoolId: string) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.organisationId, organisationId), eq(schools.id, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function getSettings(db: DbOrTx, schoolId: string): Promise<ResultSettings & { saved: boolean }> {
  const [row] = await db.select().from(resultSettings).where(eq(resultSettings.schoolId, schoolId)).limit(1);
  if (!row) return { ...DEFAULT_RESULT_SETTINGS, saved: false };
  return {
    maxima: { test1: row.test1Max, test2: row.test2Max, assignment: row.assignmentMax, exam: row.examMax },
    gradingScale: row.gradingScale as GradeBand[],
    passMark: row.passMark,
    requirePin: row.requirePin,
    saved: true,
  };
}

export async function saveSettings(db: DbOrTx, schoolId: string, settings: ResultSettings, userId: string) {
  const values = {
    test1Max: settings.maxima.test1,
    test2Max: settings.maxima.test2,
    assignmentMax: settings.maxima.assignment,
    examMax: settings.maxima.exam,
    gradingScale: [...settings.gradingScale].sort((a, b) => b.min - a.min),
    passMark: settings.passMark,
    requirePin: settings.requirePin,
    updatedByUserId: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(resultSettings)
    .values({ schoolId, ...values })
    .onConflictDoUpdate({ target: resultSettings.schoolId, set: values });
}

/** A class and a term of the school, with the session they belong to; null when either is not the school's. */
export async function classAndTerm(db: DbOrTx, schoolId: string, classId: string, termId: string) {
  const [row] = await db
    .select({
      classId: classes.id,
      level: classes.level,
      arm: classes.arm,
      classTeacherId: classes.classTeacherId,
      classSessionId: classes.academicSessionId,
      termId: terms.id,
      termName: terms.name,
      termSessionId: terms.academicSessionId,
      sessionName: academicSessions.name,
    })
    .from(classes)
    .innerJoin(terms, and(eq(terms.schoolId, classes.schoolId), eq(terms.id, termId)))
    .innerJoin(academicSessions, schoolRow(academicSessions, terms.schoolId, terms.academicSessionId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)))
    .limit(1);
  return row ?? null;
}

/** The subjects of many classes at once. */
export async function subjectsOfClasses(db: DbOrTx, schoolId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  return db
    .select({
      classId: classSubjects.classId,
      subjectId: subjects.id,
      subjectName: subjects.name,
      subjectCode: subjects.code,
      teacherId: classSubjects.teacherId,
    })
    .from(classSubjects)
    .innerJoin(subjects, schoolRow(subjects, classSubjects.schoolId, classSubjects.subjectId))
    .where(and(eq(classSubjects.schoolId, schoolId), inArray(classSubjects.classId, classIds)))
    .orderBy(asc(subjects.name));
}

const studentColumns = {
  studentId: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  middleName: students.middleName,
  registrationNo: students.registrationNo,
};

/** The students of many classes at once. */
export async function studentsOfClasses(db: DbOrTx, schoolId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  return db
    .select({ ...studentColumns, classId: enrolments.classId })
    .from(enrolments)
    .innerJoin(students, schoolRow(students, enrolments.schoolId, enrolments.studentId))
    .where(and(eq(enrolments.schoolId, schoolId), inArray(enrolments.classId, classIds)))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

const scoreColumns = {
  id: scores.id,
  studentId: scores.studentId,
  subjectId: scores.subjectId,
  termId: scores.termId,
  test1: scores.test1,
  test2: scores.test2,
  assignment: scores.assignment,
  exam: scores.exam,
};

/** The scores, in the given terms, of the students enrolled in the given classes. */
export async function scoresOfClasses(db: DbOrTx, schoolId: string, classIds: string[], termIds: string[]) {
  if (classIds.length === 0 || termIds.length === 0) return [];
  const enrolled = db
    .select({ studentId: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, schoolId), inArray(enrolments.classId, classIds)));
  return db
    .select(scoreColumns)
    .from(scores)
    .where(and(eq(scores.schoolId, schoolId), inArray(scores.termId, termIds), inArray(scores.studentId, enrolled)));
}

/** One subject's scores of a term for some students (the rows a grid save replaces). */
export async function scoresOfSubject(db: DbOrTx, schoolId: string, termId: string, subjectId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select(scoreColumns)
    .from(scores)
    .where(and(eq(scores.schoolId, schoolId), eq(scores.termId, termId), eq(scores.subjectId, subjectId), inArray(scores.studentId, studentIds)));
}

export async function upsertScores(
  db: DbOrTx,
  rows: Array<{
    schoolId: string;
    studentId: string;
    subjectId: string;
    termId: string;
    test1: number | null;
    test2: number | null;
    assignment: number | null;
    exam: number | null;
    enteredByUserId: string;
  }>,
) {
  if (rows.length === 0) return;
  await db
    .insert(scores)
    .values(rows)
    .onConflictDoUpdate({
      target: [scores.schoolId, scores.termId, scores.studentId, scores.subjectId],
      set: {
        test1: sql`excluded.test1`,
        test2: sql`excluded.test2`,
        assignment: sql`excluded.assignment`,
        exam: sql`excluded.exam`,
        enteredByUserId: sql`excluded.entered_by_user_id`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteScores(db: DbOrTx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(scores).where(and(eq(scores.schoolId, schoolId), inArray(scores.id, ids)));
}

export async function publishedClassIds(db: DbOrTx, schoolId: string, termIds: string[]) {
  if (termIds.length === 0) return [];
  return db
    .select({ classId: resultPublications.classId, termId: resultPublications.termId, publishedAt: resultPublications.publishedAt })
    .from(resultPublications)
    .where(and(eq(resultPublications.schoolId, schoolId), inArray(resultPublications.termId, termIds)));
}

/** The publications of a term among `classIds`: which classes, and when. */
export async function publicationsOf(db: DbOrTx, schoolId: string, termId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  return db
    .select({ classId: resultPublications.classId, publishedAt: resultPublications.publishedAt })
    .from(resultPublications)
    .where(and(eq(resultPublications.schoolId, schoolId), eq(resultPublications.termId, termId), inArray(resultPublications.classId, classIds)));
}

/**
 * Publishes classes of a term with the results computed for them, or (on conflict) re-publishes
 * them: the kept results, the time and who are replaced and the pending-changes mark is cleared.
 */
export async function publish(db: DbOrTx, schoolId: string, termId: string, rows: Array<{ classId: string; results: ClassTermResults }>, userId: string) {
  if (rows.length === 0) return;
  await db
    .insert(resultPublications)
    .values(rows.map(({ classId, results }) => ({ schoolId, termId, classId, results, publishedByUserId: userId })))
    .onConflictDoUpdate({
      target: [resultPublications.schoolId, resultPublications.termId, resultPublications.classId],
      set: {
        results: sql`excluded.results`,
        publishedByUserId: sql`excluded.published_by_user_id`,
        publishedAt: sql`now()`,
        scoresChangedAt: sql`null`,
      },
    });
}

/** The kept results of the published (class, term) pairs among `classIds` × `termIds` (null: published before 0019, not kept yet). */
export async function keptResults(db: DbOrTx, schoolId: string, classIds: string[], termIds: string[]) {
  if (classIds.length === 0 || termIds.length === 0) return [];
  return db
    .select({ classId: resultPublications.classId, termId: resultPublications.termId, results: resultPublications.results })
    .from(resultPublications)
    .where(and(eq(resultPublications.schoolId, schoolId), inArray(resultPublications.termId, termIds), inArray(resultPublications.classId, classIds)));
}

/** One class's publication of a term: when, and whether scores changed since (null: not published). */
export async function publicationOf(db: DbOrTx, schoolId: string, termId: string, classId: string) {
  const [row] = await db
    .select({ publishedAt: resultPublications.publishedAt, scoresChangedAt: resultPublications.scoresChangedAt })
    .from(resultPublications)
    .where(and(eq(resultPublications.schoolId, schoolId), eq(resultPublications.termId, termId), eq(resultPublications.classId, classId)))
    .limit(1);
  return row ?? null;
}

/** Marks a published class's term as changed since publication (a score was corrected). */
export async function markScoresChanged(db: DbOrTx, schoolId: string, termId: string, classId: string) {
  await db
    .update(resultPublications)
    .set({ scoresChangedAt: sql`now()` })
    .where(and(eq(resultPublications.schoolId, schoolId), eq(resultPublications.termId, termId), eq(resultPublications.classId, classId)));
}

/** A school's publications whose results are not kept yet (made before 0019, or by SQL such as the demo seed). */
export async function unkeptPublications(db: DbOrTx, schoolId: string) {
  return db
    .select({ classId: resultPublications.classId, termId: resultPublications.termId })
    .from(resultPublications)
    .where(and(eq(resultPublications.schoolId, schoolId), isNull(resultPublications.results)));
}

/** Keeps results computed for a publication that had none (never replaces kept ones). */
export async function keepResults(db: DbOrTx, schoolId: string, termId: string, classId: string, results: ClassTermResults) {
  await db
    .update(resultPublications)
    .set({ results })
    .where(
      and(
        eq(resultPublications.schoolId, schoolId),
        eq(resultPublications.termId, termId),
        eq(resultPublications.classId, classId),
        isNull(resultPublications.results),
      ),
    );
}

/** Every school's id: the start-up pass that keeps old publications' results goes one school at a time. */
export async function allSchoolIds(db: DbOrTx) {
  return (await db.select({ id: schools.id }).from(schools)).map((s) => s.id);
}

export async function unpublish(db: DbOrTx, schoolId: string, termId: string, classIds: string[]) {
  if (classIds.length === 0) return;
  await db
    .delete(resultPublications)
    .where(and(eq(resultPublications.schoolId, schoolId), eq(resultPublications.termId, termId), inArray(resultPublications.classId, classIds)));
}

export async function findStudent(db: DbOrTx, schoolId: string, studentId: string) {
  const [row] = await db
    .select(studentColumns)
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)))
    .limit(1);
  return row ?? null;
}

/** Every class (and session and its terms) a student has been enrolled in, oldest session first. */
export async function enrolmentsOfStudent(db: DbOrTx, schoolId: string, studentId: string) {
  return db
    .select({
      classId: classes.id,
      level: classes.level,
      arm: classes.arm,
      sessionId: academicSessions.id,
      sessionName: academicSessions.name,
      termId: terms.id,
      termName: terms.name,
      termStart: terms.startDate,
    })
    .from(enrolments)
    .innerJoin(classes, schoolRow(classes, enrolments.schoolId, enrolments.classId))
    .innerJoin(academicSessions, schoolRow(academicSessions, enrolments.schoolId, enrolments.academicSessionId))
    .innerJoin(terms, and(eq(terms.schoolId, enrolments.schoolId), eq(terms.academicSessionId, enrolments.academicSessionId)))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.studentId, studentId)))
    .orderBy(asc(academicSessions.name), asc(terms.startDate));
}

export async function sessionNameOf(db: DbOrTx, schoolId: string, sessionId: string) {
  const [row] = await db
    .select({ name: academicSessions.name })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)))
    .limit(1);
  return row?.name ?? null;
}
