/**
 * What admitting a student writes: their registration number, their and their guardians' accounts and
 * records, and the enrolment (admissions.decisions.ts and admissions.direct.ts, inside one transaction).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { enrolments, guardians, studentGuardians, students, userEmails, users } from '../../db/schema';
import { accountIdByEmail, claimEmail } from '../../lib/accounts';

/**
 * The next sequence of PREFIX/YEAR/SEQ for a school and year. The counter row is created on first
 * use above any registration number already given to a student that year (seeded or imported), and
 * from then on only goes up, inside the caller's transaction (so a rolled-back number is never seen).
 */
export async function nextRegistrationSeq(db: DbOrTx, schoolId: string, year: number, prefix: string): Promise<number> {
  const start = prefix.length + 1;
  const result = await db.execute(sql`
    insert into admission_counters (school_id, year, last_seq)
    values (${schoolId}, ${year}, 1 + coalesce((
      select max(case when substring(registration_no from ${start}::int) ~ '^[0-9]{1,9}$'
                      then substring(registration_no from ${start}::int)::int end)
      from students where school_id = ${schoolId} and left(registration_no, ${prefix.length}::int) = ${prefix}
    ), 0))
    on conflict (school_id, year) do update set last_seq = admission_counters.last_seq + 1
    returning last_seq`);
  return Number(rowsOf<{ last_seq: number }>(result)[0].last_seq);
}

/** The account an address is (any case): found in user_emails, then read by its id (ADR 0026). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const userId = await accountIdByEmail(db, email);
  if (!userId) return null;
  const [row] = await db
    .select({ id: users.id, role: users.role, status: users.status, organisationId: users.organisationId, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** A new account and its address in user_emails (inside the admission's transaction). */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  await claimEmail(db, row.id, values.email);
  return row;
}

/** Which of these addresses (lower-cased) already name an account, anywhere in the deployment (user_emails). */
export async function takenEmails(db: DbOrTx, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ email: userEmails.email }).from(userEmails).where(inArray(userEmails.email, wanted));
  return new Set(rows.map((r) => r.email));
}

export async function registrationNoTaken(db: DbOrTx, schoolId: string, registrationNo: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.registrationNo, registrationNo)))
    .limit(1);
  return Boolean(row);
}

export async function insertStudent(db: DbOrTx, values: typeof students.$inferInsert) {
  const [row] = await db.insert(students).values(values).returning();
  return row;
}

/** The school's guardian record of a parent account, or (without an account) of an email address. */
export async function findGuardian(db: DbOrTx, schoolId: string, by: { userId: string } | { email: string }) {
  const condition = 'userId' in by ? eq(guardians.userId, by.userId) : eq(sql`lower(${guardians.email})`, by.email.toLowerCase());
  const [row] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.schoolId, schoolId), condition))
    .orderBy(asc(guardians.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertGuardian(db: DbOrTx, values: typeof guardians.$inferInsert) {
  const [row] = await db.insert(guardians).values(values).returning();
  return row;
}

export async function setGuardianUser(db: DbOrTx, schoolId: string, guardianId: string, userId: string) {
  await db
    .update(guardians)
    .set({ userId })
    .where(and(eq(guardians.schoolId, schoolId), eq(guardians.id, guardianId)));
}

export async function linkGuardian(db: DbOrTx, values: typeof studentGuardians.$inferInsert) {
  await db.insert(studentGuardians).values(values).onConflictDoNothing();
}

export async function setStudentUser(db: DbOrTx, schoolId: string, studentId: string, userId: string) {
  await db
    .update(students)
    .set({ userId })
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
}

export async function insertEnrolment(db: DbOrTx, values: typeof enrolments.$inferInsert) {
  await db.insert(enrolments).values(values);
}

/**
 * The active students of a class with the accounts that belong to them: their own login and their
 * guardians' parent logins (ids only; the accounts are read apart, ADR 0026). Ordered by name.
 */
export async function accountsOfClass(db: DbOrTx, schoolId: string, classId: string) {
  const pupils = await db
    .select({
      studentId: students.id,
      registrationNo: students.registrationNo,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      userId: students.userId,
    })
    .from(enrolments)
    .innerJoin(students, and(eq(students.schoolId, enrolments.schoolId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.schoolId, schoolId), eq(enrolments.classId, classId), eq(students.status, 'active')))
    .orderBy(asc(students.lastName), asc(students.firstName));
  const parents =
    pupils.length === 0
      ? []
      : await db
          .select({ studentId: studentGuardians.studentId, userId: guardians.userId })
          .from(studentGuardians)
          .innerJoin(guardians, and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)))
          .where(
            and(
              eq(studentGuardians.schoolId, schoolId),
              inArray(
                studentGuardians.studentId,
                pupils.map((p) => p.studentId),
              ),
            ),
          );
  return { pupils, parents };
}
