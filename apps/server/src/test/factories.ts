/**
 * Record factories for tests: each writes one row (and the rows it cannot be without) and returns it.
 * Defaults fill the required columns; a test names only the columns its assertions depend on.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { claimEmail } from '../lib/accounts';
import { hashPassword } from '../lib/passwords';

export const TEST_PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | null = null;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${randomBytes(3).toString('hex')}`;

/** Where a record goes: a school and the session its classes, terms and enrolments belong to (a tenant or a createSchool result). */
export interface SchoolRef {
  school: { id: string };
  session: { id: string };
}

/** The columns a test may set: all but the school, which comes from the SchoolRef. */
type Fields<T extends { schoolId: string }> = Partial<Omit<T, 'schoolId'>>;

/** An organisation with the default permission matrix. */
export async function createOrganisation(db: Db, opts: { name?: string } = {}) {
  const [organisation] = await db
    .insert(schema.organisations)
    .values({ name: opts.name ?? unique('Org') })
    .returning();
  await db.insert(schema.permissionMatrices).values({ organisationId: organisation.id, matrix: DEFAULT_PERMISSION_MATRIX });
  return organisation;
}

/** A school with an Active session 2023/24 (three terms, the Second current) and an Inactive 2022/23. */
export async function createSchool(db: Db, organisationId: string, opts: { name?: string } = {}) {
  const [school] = await db
    .insert(schema.schools)
    .values({ organisationId, name: opts.name ?? unique('School'), code: unique('S').slice(0, 8) })
    .returning();
  const [session] = await db.insert(schema.academicSessions).values({ schoolId: school.id, name: '2023/24', status: 'Active' }).returning();
  await db.insert(schema.academicSessions).values({ schoolId: school.id, name: '2022/23', status: 'Inactive' });
  const at = { school, session };
  await createTerm(db, at, { name: 'First', startDate: '2023-09-11', endDate: '2023-12-15' });
  await createTerm(db, at, { name: 'Second', startDate: '2024-01-08', endDate: '2024-04-05', isCurrent: true });
  await createTerm(db, at, { name: 'Third', startDate: '2024-04-29', endDate: '2024-07-26' });
  return at;
}

/**
 * A user who can sign in with TEST_PASSWORD; a super administrator belongs to no school. Its address
 * goes to user_emails in the same transaction, as the app's account writes do (ADR 0026).
 */
export async function createUser(
  db: Db,
  opts: { organisationId: string; schoolId: string | null; role: Role; email?: string; name?: string; status?: string },
) {
  const passwordHash = await testPasswordHash();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(schema.users)
      .values({
        organisationId: opts.organisationId,
        schoolId: opts.role === 'super_admin' ? null : opts.schoolId,
        role: opts.role,
        email: opts.email ?? `${unique(opts.role)}@example.test`,
        name: opts.name ?? `Test ${opts.role}`,
        passwordHash,
        status: opts.status ?? 'active',
      })
      .returning();
    await claimEmail(tx, user.id, user.email);
    return user;
  });
}

/**
 * Every account with this address (any case), for assertions: `users` read organisation by organisation
 * (the organisations' ids first, ADR 0026), so an account user_emails does not know is found too.
 */
export async function usersWithEmail(db: Db, email: string) {
  const organisationIds = (await db.select({ id: schema.organisations.id }).from(schema.organisations)).map((o) => o.id);
  if (organisationIds.length === 0) return [];
  return db
    .select()
    .from(schema.users)
    .where(and(inArray(schema.users.organisationId, organisationIds), eq(sql`lower(${schema.users.email})`, email.toLowerCase())));
}

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** One organisation, one school, a user of every role: the student user is Ada Obi, the parent user her guardian. */
export async function createTenant(db: Db) {
  const organisation = await createOrganisation(db);
  const { school, session } = await createSchool(db, organisation.id);
  const users = {} as Record<Role, typeof schema.users.$inferSelect>;
  for (const role of ['super_admin', 'admin', 'teacher', 'student', 'parent'] as const) {
    users[role] = await createUser(db, { organisationId: organisation.id, schoolId: school.id, role });
  }
  const at = { school, session };
  const student = await createStudent(db, at, { userId: users.student.id, firstName: 'Ada', lastName: 'Obi', gender: 'female' });
  const guardian = await createGuardian(db, at, { userId: users.parent.id, name: 'Mrs Obi', relationship: 'mother', studentId: student.id });
  return { organisation, school, session, users, student, guardian };
}

/** A student of the school; with `classId`, enrolled in that class for the ref's session. */
export async function createStudent(db: Db, at: SchoolRef, fields: Fields<typeof schema.students.$inferInsert> & { classId?: string } = {}) {
  const { classId, ...columns } = fields;
  const [student] = await db
    .insert(schema.students)
    .values({ registrationNo: unique('REG'), firstName: 'Bola', lastName: 'Ade', gender: 'female', ...columns, schoolId: at.school.id })
    .returning();
  if (classId) await createEnrolment(db, at, { studentId: student.id, classId });
  return student;
}

/** A guardian of `studentId`, the link included. */
export async function createGuardian(db: Db, at: SchoolRef, fields: Fields<typeof schema.guardians.$inferInsert> & { studentId: string }) {
  const { studentId, ...columns } = fields;
  const [guardian] = await db
    .insert(schema.guardians)
    .values({ name: 'Mrs Obi', relationship: 'mother', ...columns, schoolId: at.school.id })
    .returning();
  await linkGuardian(db, at, studentId, guardian.id);
  return guardian;
}

/** Makes an existing guardian the guardian of one more student (a sibling). */
export async function linkGuardian(db: Db, at: SchoolRef, studentId: string, guardianId: string) {
  await db.insert(schema.studentGuardians).values({ schoolId: at.school.id, studentId, guardianId });
}

/** A staff record (a Teacher unless told), signed-in when given a `userId`. */
export async function createStaff(db: Db, at: SchoolRef, fields: Fields<typeof schema.staff.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.staff)
    .values({ staffType: 'Teacher', name: unique('Teacher'), ...fields, schoolId: at.school.id })
    .returning();
  return row;
}

/** A class of the ref's session unless `academicSessionId` says otherwise. */
export async function createClass(db: Db, at: SchoolRef, fields: Fields<typeof schema.classes.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.classes)
    .values({ academicSessionId: at.session.id, level: 'JSS 1', arm: unique('Arm'), ...fields, schoolId: at.school.id })
    .returning();
  return row;
}

/** A subject; its code is the name's first three letters unless given. */
export async function createSubject(db: Db, at: SchoolRef, fields: Fields<typeof schema.subjects.$inferInsert> = {}) {
  const name = fields.name ?? unique('Subject');
  const [row] = await db
    .insert(schema.subjects)
    .values({ code: name.slice(0, 3).toUpperCase(), ...fields, name, schoolId: at.school.id })
    .returning();
  return row;
}

/** A subject taught in a class, by `teacherId` (a staff id) when given. */
export async function createClassSubject(db: Db, at: SchoolRef, fields: { classId: string; subjectId: string; teacherId?: string | null }) {
  const [row] = await db
    .insert(schema.classSubjects)
    .values({ ...fields, schoolId: at.school.id })
    .returning();
  return row;
}

/** A term of the ref's session; createSchool already makes First, Second and Third. */
export async function createTerm(db: Db, at: SchoolRef, fields: Fields<typeof schema.terms.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.terms)
    .values({ academicSessionId: at.session.id, name: unique('Term'), startDate: '2023-09-11', endDate: '2023-12-15', ...fields, schoolId: at.school.id })
    .returning();
  return row;
}

/** The ref's session's term of that name (First, Second or Third for a createSchool school). */
export async function termOf(db: Db, at: SchoolRef, name: string) {
  const [row] = await db
    .select()
    .from(schema.terms)
    .where(and(eq(schema.terms.schoolId, at.school.id), eq(schema.terms.academicSessionId, at.session.id), eq(schema.terms.name, name)));
  return row;
}

/** A student's place in a class for the ref's session unless `academicSessionId` says otherwise. */
export async function createEnrolment(db: Db, at: SchoolRef, fields: { studentId: string; classId: string; academicSessionId?: string }) {
  const [row] = await db
    .insert(schema.enrolments)
    .values({ academicSessionId: at.session.id, ...fields, schoolId: at.school.id })
    .returning();
  return row;
}
