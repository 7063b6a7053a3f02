import type { StaffListQuery } from '@school/shared/staff/schemas';
import { and, type AnyColumn, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolRow } from '../../db/columns';
import { authSessions, classes, classSubjects, schools, staff, subjects, uploads, users } from '../../db/schema';
import { type AccountSummary, accountIdByEmail, accountsByIds, claimEmail, releaseEmail } from '../../lib/accounts';

/** `value` for ILIKE: its own % and _ match themselves. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A name without a leading title, to sort by: 'Mrs. Funmilayo Adeyemi' sorts under F. */
function withoutTitle(name: AnyColumn) {
  return sql`regexp_replace(${name}, '^(mr|mrs|ms|miss|dr|prof|chief|engr|rev|pastor|alhaji|alhaja|sir|madam)\\.?\\s+', '', 'i')`;
}

/**
 * A staff member "has records" (and is deactivated rather than deleted) when they are a class
 * teacher, teach a subject, or have an account that has been used. This is the school's part; the
 * account's part (signed in, or a password set) is added from `accountsByIds` (ADR 0026: a statement
 * never joins a school's rows with `users`). The outer table is named in the SQL text: in a select of
 * one table drizzle writes an interpolated column without its table, which in the subquery would
 * mean the subquery's own.
 */
const teachesSomething = sql<boolean>`(
  exists (select 1 from ${classes} where ${classes.schoolId} = "staff"."school_id" and ${classes.classTeacherId} = "staff"."id")
  or exists (select 1 from ${classSubjects} where ${classSubjects.schoolId} = "staff"."school_id" and ${classSubjects.teacherId} = "staff"."id")
)`.as('teaches_something');

const staffColumns = {
  id: staff.id,
  schoolId: staff.schoolId,
  userId: staff.userId,
  staffType: staff.staffType,
  name: staff.name,
  email: staff.email,
  phone: staff.phone,
  gender: staff.gender,
  address: staff.address,
  photoPath: staff.photoPath,
  employedOn: staff.employedOn,
  status: staff.status,
  teachesSomething,
};

export type StaffRow = {
  id: string;
  schoolId: string;
  userId: string | null;
  staffType: string;
  name: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  address: string | null;
  photoPath: string | null;
  employedOn: string | null;
  status: string;
  accountRole: string | null;
  accountStatus: string | null;
  accountLastLoginAt: Date | null;
  hasRecords: boolean;
};

type SchoolStaffRow = Omit<StaffRow, 'accountRole' | 'accountStatus' | 'accountLastLoginAt' | 'hasRecords'> & { teachesSomething: boolean };

/** A school's staff rows with their accounts (read apart, by id) merged in. */
function withAccounts(rows: SchoolStaffRow[], accounts: Map<string, AccountSummary>): StaffRow[] {
  return rows.map(({ teachesSomething: teaches, ...row }) => {
    const account = row.userId ? accounts.get(row.userId) : undefined;
    return {
      ...row,
      accountRole: account?.role ?? null,
      accountStatus: account?.status ?? null,
      accountLastLoginAt: account?.lastLoginAt ?? null,
      hasRecords: Boolean(teaches) || Boolean(account && (account.lastLoginAt !== null || account.hasPassword)),
    };
  });
}

function listConditions(schoolId: string, query: Omit<StaffListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(staff.schoolId, schoolId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    const digits = query.search.replace(/[\s\-()]/g, '');
    conditions.push(
      or(sql`${staff.name} ilike ${pattern}`, sql`${staff.email} ilike ${pattern}`, digits ? sql`${staff.phone} ilike ${likePattern(digits)}` : undefined),
    );
  }
  if (query.staffType) conditions.push(eq(staff.staffType, query.staffType));
  // 'invited' also asks the account's status: the caller narrows these candidates by their accounts
  if (query.status === 'invited') conditions.push(eq(staff.status, 'active'));
  else if (query.status) conditions.push(eq(staff.status, query.status));
  return and(...conditions);
}

/**
 * One page of a school's staff, by name, and the number matching. The filter 'invited' depends on
 * the account's status, which lives with the account: the school's candidates (active, matching
 * the rest) are read first, then their accounts, and the page is read among those still invited.
 */
export async function listStaff(db: DbOrTx, schoolId: string, query: StaffListQuery & { page: number; pageSize: number }) {
  const page = (where: SQL | undefined) =>
    db
      .select(staffColumns)
      .from(staff)
      .where(where)
      .orderBy(asc(withoutTitle(staff.name)), asc(staff.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  const where = listConditions(schoolId, query);
  if (query.status === 'invited') {
    const candidates = await db.select({ id: staff.id, userId: staff.userId }).from(staff).where(where);
    const accounts = await accountsByIds(
      db,
      candidates.map((c) => c.userId),
    );
    const invited = candidates.filter((c) => c.userId && accounts.get(c.userId)?.status === 'invited').map((c) => c.id);
    if (invited.length === 0) return { rows: [] as StaffRow[], total: 0 };
    const rows = await page(and(eq(staff.schoolId, schoolId), inArray(staff.id, invited)));
    return { rows: withAccounts(rows, accounts), total: invited.length };
  }
  const [rows, [{ total }]] = await Promise.all([page(where), db.select({ total: count() }).from(staff).where(where)]);
  const accounts = await accountsByIds(
    db,
    rows.map((r) => r.userId),
  );
  return { rows: withAccounts(rows, accounts), total };
}

export async function findStaff(db: DbOrTx, schoolId: string, id: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.id, id)))
    .limit(1);
  if (!row) return undefined;
  const [withAccount] = withAccounts([row], await accountsByIds(db, [row.userId]));
  return withAccount;
}

/** The classes a staff member is class teacher of, in one session. */
export function classesTaughtBy(db: DbOrTx, schoolId: string, staffId: string, academicSessionId: string) {
  return db
    .select({ id: classes.id, level: classes.level, arm: classes.arm })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicSessionId, academicSessionId), eq(classes.classTeacherId, staffId)))
    .orderBy(asc(classes.level), asc(classes.arm));
}

/** The subjects a staff member teaches, with their class, in one session. */
export function subjectsTaughtBy(db: DbOrTx, schoolId: string, staffId: string, academicSessionId: string) {
  return db
    .select({ classId: classes.id, level: classes.level, arm: classes.arm, subjectId: subjects.id, subjectName: subjects.name })
    .from(classSubjects)
    .innerJoin(classes, schoolRow(classes, classSubjects.schoolId, classSubjects.classId))
    .innerJoin(subjects, schoolRow(subjects, classSubjects.schoolId, classSubjects.subjectId))
    .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.teacherId, staffId), eq(classes.academicSessionId, academicSessionId)))
    .orderBy(asc(subjects.name), asc(classes.level), asc(classes.arm));
}

/** The school's active staff who have an account, by name (without a title): who may get an invitation slip. */
export function activeStaffWithAccounts(db: DbOrTx, schoolId: string) {
  return db
    .select({ id: staff.id, name: staff.name, userId: staff.userId })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.status, 'active'), isNotNull(staff.userId)))
    .orderBy(asc(withoutTitle(staff.name)), asc(staff.id));
}

export async function findSchoolName(db: DbOrTx, schoolId: string): Promise<string | null> {
  const [row] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row?.name ?? null;
}

/** Whether a user account (of any organisation: emails are unique everywhere) has this email (user_emails, ADR 0026). */
export async function emailTaken(db: DbOrTx, email: string, exceptUserId?: string | null): Promise<boolean> {
  const owner = await accountIdByEmail(db, email);
  return owner !== null && owner !== exceptUserId;
}

export type NewStaff = typeof staff.$inferInsert;

export async function insertStaff(db: DbOrTx, values: NewStaff) {
  const [row] = await db.insert(staff).values(values).returning();
  return row;
}

export async function updateStaff(db: DbOrTx, schoolId: string, id: string, values: Partial<NewStaff>) {
  await db
    .update(staff)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(staff.schoolId, schoolId), eq(staff.id, id)));
}

/** Inactive → active, only once however many requests race: true when this call made the change. */
export async function activateInactiveStaff(db: DbOrTx, schoolId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(staff.schoolId, schoolId), eq(staff.id, id), eq(staff.status, 'inactive')))
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function deleteStaff(db: DbOrTx, schoolId: string, id: string) {
  await db.delete(staff).where(and(eq(staff.schoolId, schoolId), eq(staff.id, id)));
}

/** A new account and its address in user_emails (call inside the caller's transaction). */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  await claimEmail(db, row.id, values.email);
  return row;
}

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, status: users.status, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Deletes an account and gives its address back (call inside the caller's transaction). */
export async function deleteUser(db: DbOrTx, id: string) {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning({ email: users.email });
  if (row) await releaseEmail(db, id, row.email);
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string) {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
}

/** Removes a school's upload row; answers its storage key so the caller can remove the file after commit. */
export async function deleteUpload(db: DbOrTx, schoolId: string, id: string): Promise<string | null> {
  const [row] = await db
    .delete(uploads)
    .where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)))
    .returning({ storageKey: uploads.storageKey });
  return row?.storageKey ?? null;
}

// ---------------------------------------------------------------- the school's user accounts

export async function listSchoolUsers(
  db: DbOrTx,
  schoolId: string,
  query: { page: number; pageSize: number; search?: string; role?: string; status?: string },
) {
  const conditions: Array<SQL | undefined> = [eq(users.schoolId, schoolId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`));
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(asc(withoutTitle(users.name)), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}
