import { NO_RECORD } from '@school/shared/fields';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { classes, enrolments, staff, students } from '../../db/schema';

/** `value` for ILIKE: its own % and _ match themselves. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The same without spaces, so 'jss1a' finds 'JSS 1 A'. */
function compactPattern(value: string): string {
  return likePattern(value.replace(/\s+/g, ''));
}

const NO_SESSION = NO_RECORD;

function studentMatches(q: string) {
  const pattern = likePattern(q);
  return or(
    sql`${students.registrationNo} ilike ${pattern}`,
    sql`(${students.firstName} || ' ' || ${students.lastName}) ilike ${pattern}`,
    sql`(${students.lastName} || ' ' || ${students.firstName}) ilike ${pattern}`,
    sql`${students.middleName} ilike ${pattern}`,
  );
}

/**
 * Students of a school by name or registration number, with their class in the session. With
 * `classIds`, only students enrolled in those classes that session (a teacher's own).
 */
export function findStudents(db: DbOrTx, schoolId: string, q: string, academicSessionId: string | null, limit: number, classIds?: string[]) {
  const sessionId = academicSessionId ?? NO_SESSION;
  const enrolled = and(eq(enrolments.schoolId, students.schoolId), eq(enrolments.studentId, students.id), eq(enrolments.academicSessionId, sessionId));
  const query = db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNo: students.registrationNo,
      level: classes.level,
      arm: classes.arm,
    })
    .from(students);
  const joined = classIds
    ? query.innerJoin(enrolments, and(enrolled, inArray(enrolments.classId, classIds.length ? classIds : [NO_SESSION])))
    : query.leftJoin(enrolments, enrolled);
  return joined
    .leftJoin(classes, schoolRow(classes, enrolments.schoolId, enrolments.classId))
    .where(and(eq(students.schoolId, schoolId), studentMatches(q)))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id))
    .limit(limit);
}

/** Staff of a school by name or email. */
export function findStaff(db: DbOrTx, schoolId: string, q: string, limit: number) {
  const pattern = likePattern(q);
  return (
    db
      .select({ id: staff.id, name: staff.name, staffType: staff.staffType, status: staff.status })
      .from(staff)
      .where(and(eq(staff.schoolId, schoolId), or(sql`${staff.name} ilike ${pattern}`, sql`${staff.email} ilike ${pattern}`)))
      // by name without a leading title ('Mrs. Funmilayo Adeyemi' under F)
      .orderBy(sql`regexp_replace(${staff.name}, '^(mr|mrs|ms|miss|dr|prof|chief|engr|rev|pastor|alhaji|alhaja|sir|madam)\\.?\\s+', '', 'i')`, asc(staff.id))
      .limit(limit)
  );
}

/** Classes of one session whose name ('JSS 1 A') matches, with their number of students. */
export function findClasses(db: DbOrTx, schoolId: string, q: string, academicSessionId: string, limit: number) {
  return db
    .select({ id: classes.id, level: classes.level, arm: classes.arm, students: count(enrolments.id) })
    .from(classes)
    .leftJoin(enrolments, and(eq(enrolments.schoolId, classes.schoolId), eq(enrolments.classId, classes.id)))
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.academicSessionId, academicSessionId),
        sql`replace(${classes.level} || ${classes.arm}, ' ', '') ilike ${compactPattern(q)}`,
      ),
    )
    .groupBy(classes.id, classes.level, classes.arm)
    .orderBy(asc(classes.level), asc(classes.arm))
    .limit(limit);
}
