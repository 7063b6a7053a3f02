import { effectiveMatrix, type PermissionMatrix } from '@school/shared/auth/permissions';
import type { Role } from '@school/shared/auth/roles';
import type { CustomRole } from '@school/shared/organisations/responses';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  authSessions,
  guardians,
  organisations,
  organisationSettings,
  permissionMatrices,
  schools,
  staff,
  students,
  uploads,
  userProfiles,
  users,
} from '../../db/schema';
import { type DbOrTx, rowsOf } from '../../db/client';
import { accountIdByEmail, claimEmail } from '../../lib/accounts';

/** What a request may reach: the whole organisation, or one school of it. */
export interface Scope {
  organisationId: string;
  /** null: every school of the organisation (a super administrator) */
  schoolId: string | null;
}

function schoolScope(scope: Scope): SQL {
  return and(eq(schools.organisationId, scope.organisationId), scope.schoolId ? eq(schools.id, scope.schoolId) : undefined)!;
}

// ---------------------------------------------------------------- organisations

export async function insertOrganisation(db: DbOrTx, values: typeof organisations.$inferInsert) {
  const [row] = await db.insert(organisations).values(values).returning();
  return row;
}

export async function findOrganisation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ?? null;
}

export async function setOrganisationStatus(db: DbOrTx, id: string, status: 'active' | 'suspended', reason: string | null) {
  await db.update(organisations).set({ status, suspendedReason: reason, updatedAt: new Date() }).where(eq(organisations.id, id));
}

/**
 * Every organisation with its number of schools and users, for the operator. The users are counted
 * apart, by the organisations' ids (accounts are spread by their own id, ADR 0026).
 */
export async function listOrganisationsWithCounts(db: DbOrTx) {
  const rows = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      status: organisations.status,
      suspendedReason: organisations.suspendedReason,
      createdAt: organisations.createdAt,
      schools: sql<number>`(select count(*)::int from schools s where s.organisation_id = organisations.id)`,
    })
    .from(organisations)
    .orderBy(asc(organisations.createdAt));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ organisationId: users.organisationId, users: count() })
    .from(users)
    .where(
      inArray(
        users.organisationId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(users.organisationId);
  const usersOf = new Map(counts.map((c) => [c.organisationId, Number(c.users)]));
  return rows.map((row) => ({ ...row, users: usersOf.get(row.id) ?? 0 }));
}

// ---------------------------------------------------------------- schools

/*
 * Students enrolled in the school's Active session, active staff and the Active session's classes.
 * The outer table is named in the SQL text: drizzle writes a column interpolated into a select's
 * `sql` without its table, which inside a subquery would mean the subquery's own table.
 */
const activeSessionOf = sql`(select a.id from academic_sessions a where a.school_id = schools.id and a.status = 'Active' limit 1)`;
const schoolFigures = {
  activeSession: sql<string | null>`(select a.name from academic_sessions a where a.school_id = schools.id and a.status = 'Active' limit 1)`,
  students: sql<number>`(select count(*)::int from enrolments e join students st on st.id = e.student_id and st.school_id = e.school_id
    where e.school_id = schools.id and e.academic_session_id = ${activeSessionOf} and st.status = 'active')`,
  staff: sql<number>`(select count(*)::int from staff sf where sf.school_id = schools.id and sf.status = 'active')`,
  classes: sql<number>`(select count(*)::int from classes c where c.school_id = schools.id and c.academic_session_id = ${activeSessionOf})`,
  // finance (ADR 0015): successful payments on invoices of the Active session's terms
  feesCollected: sql<number>`(select coalesce(sum(p.amount_kobo), 0)::float8 from payments p join invoices i on i.school_id = p.school_id and i.id = p.invoice_id
    join terms t on t.school_id = i.school_id and t.id = i.term_id where p.school_id = schools.id and p.status = 'Success' and t.academic_session_id = ${activeSessionOf})`,
};

/**
 * The schools in scope with their figures (per-school subqueries). The schools' ids come first (from
 * `schools`, a reference table), so that the figures name their schools: one shard each on a
 * distributed PostgreSQL (ADR 0026).
 */
export async function schoolsWithFigures(db: DbOrTx, scope: Scope) {
  const ids = scope.schoolId ? null : (await db.select({ id: schools.id }).from(schools).where(schoolScope(scope))).map((s) => s.id);
  if (ids?.length === 0) return [];
  const rows = await db
    .select({ school: schools, ...schoolFigures })
    .from(schools)
    .where(and(schoolScope(scope), ids ? inArray(schools.id, ids) : undefined))
    .orderBy(asc(schools.createdAt), asc(schools.name));
  return rows.map((row) => ({
    ...row,
    students: Number(row.students),
    staff: Number(row.staff),
    classes: Number(row.classes),
    feesCollected: Number(row.feesCollected),
  }));
}

export async function findSchoolInScope(db: DbOrTx, scope: Scope, schoolId: string) {
  const [row] = await db
    .select()
    .from(schools)
    .where(and(schoolScope(scope), eq(schools.id, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function schoolCodesOf(db: DbOrTx, organisationId: string): Promise<string[]> {
  const rows = await db.select({ code: schools.code }).from(schools).where(eq(schools.organisationId, organisationId));
  return rows.map((row) => row.code);
}

export async function insertSchool(db: DbOrTx, values: typeof schools.$inferInsert) {
  const [row] = await db.insert(schools).values(values).returning();
  return row;
}

export async function setSchoolStatus(db: DbOrTx, schoolId: string, status: 'active' | 'inactive') {
  await db.update(schools).set({ status, updatedAt: new Date() }).where(eq(schools.id, schoolId));
}

/** The administrators of the given schools, in one query. */
export async function administratorsOf(db: DbOrTx, organisationId: string, schoolIds: string[]) {
  if (schoolIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status, schoolId: users.schoolId })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'admin'), inArray(users.schoolId, schoolIds)))
    .orderBy(asc(users.name));
}

// ---------------------------------------------------------------- sessions

/** Ids per statement when ending many accounts' sessions: well under PostgreSQL's 65,535 parameters. */
const SESSION_DELETE_CHUNK = 5_000;

/** Ends the sessions of these accounts, named by id (sessions are spread by their account, ADR 0026). */
async function deleteSessionsOfUsers(db: DbOrTx, accounts: Array<{ id: string }>) {
  for (let i = 0; i < accounts.length; i += SESSION_DELETE_CHUNK) {
    const ids = accounts.slice(i, i + SESSION_DELETE_CHUNK).map((a) => a.id);
    await db.delete(authSessions).where(inArray(authSessions.userId, ids));
  }
}

export async function deleteSessionsOfSchool(db: DbOrTx, schoolId: string) {
  await deleteSessionsOfUsers(db, await db.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId)));
}

export async function deleteSessionsOfOrganisation(db: DbOrTx, organisationId: string) {
  await deleteSessionsOfUsers(db, await db.select({ id: users.id }).from(users).where(eq(users.organisationId, organisationId)));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string) {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
}

// ---------------------------------------------------------------- users

/** Whether another account has this address (any case), by user_emails (ADR 0026). */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: string): Promise<boolean> {
  const owner = await accountIdByEmail(db, email);
  return owner !== null && owner !== exceptUserId;
}

/** A new account and its address in user_emails (call inside the caller's transaction). */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  await claimEmail(db, row.id, row.email);
  return row;
}

/** A user the scope reaches: of the organisation, and of the school when the scope has one. */
export async function findUserInScope(db: DbOrTx, scope: Scope, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, scope.organisationId), scope.schoolId ? eq(users.schoolId, scope.schoolId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function updateUser(db: DbOrTx, userId: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

export interface UserFilter {
  role?: Role;
  search?: string;
  schoolId?: string;
}

/** One page of the scope's users (one query) and how many match (one count). */
export async function listUsers(db: DbOrTx, scope: Scope, filter: UserFilter, page: number, pageSize: number) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  const where = and(
    eq(users.organisationId, scope.organisationId),
    scope.schoolId ? eq(users.schoolId, scope.schoolId) : undefined,
    filter.schoolId ? eq(users.schoolId, filter.schoolId) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        role: users.role,
        status: users.status,
        schoolId: users.schoolId,
        schoolName: schools.name,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total: Number(total) };
}

export async function insertStaff(db: DbOrTx, values: typeof staff.$inferInsert) {
  await db.insert(staff).values(values);
}

export async function insertGuardian(db: DbOrTx, values: typeof guardians.$inferInsert) {
  await db.insert(guardians).values(values);
}

export async function insertStudent(db: DbOrTx, values: typeof students.$inferInsert) {
  const [row] = await db.insert(students).values(values).returning({ id: students.id });
  return row;
}

/** The next `<code>/<year>/<sequence>` registration number of a school (DESIGN.md section 5). */
export async function nextRegistrationNo(db: DbOrTx, schoolId: string, code: string, year: number): Promise<string> {
  const prefix = `${code}/${year}/`;
  const start = prefix.length + 1;
  const result = await db.execute(sql`
    select coalesce(max(substr(registration_no, ${start}::int)::int), 0) as last
    from students
    where school_id = ${schoolId} and starts_with(registration_no, ${prefix}::text) and substr(registration_no, ${start}::int) ~ '^[0-9]{1,9}$'`);
  const last = Number(rowsOf<{ last: number | string }>(result)[0]?.last ?? 0);
  return `${prefix}${String(last + 1).padStart(4, '0')}`;
}

export async function insertUserProfile(db: DbOrTx, values: typeof userProfiles.$inferInsert) {
  await db.insert(userProfiles).values(values);
}

// ---------------------------------------------------------------- permission matrix and settings

export interface StoredMatrix {
  matrix: Partial<PermissionMatrix>;
  customRoles: CustomRole[];
}

export async function readMatrix(db: DbOrTx, organisationId: string): Promise<StoredMatrix | null> {
  const [row] = await db
    .select({ matrix: permissionMatrices.matrix })
    .from(permissionMatrices)
    .where(eq(permissionMatrices.organisationId, organisationId))
    .limit(1);
  if (!row) return null;
  const { customRoles, ...matrix } = (row.matrix ?? {}) as Partial<PermissionMatrix> & { customRoles?: CustomRole[] };
  return { matrix: effectiveMatrix(matrix), customRoles: customRoles ?? [] };
}

/** The matrix jsonb holds the role rows and, under `customRoles`, the organisation's named roles. */
export async function writeMatrix(db: DbOrTx, organisationId: string, value: { matrix: PermissionMatrix; customRoles: CustomRole[] }) {
  const stored = { ...value.matrix, customRoles: value.customRoles };
  await db
    .insert(permissionMatrices)
    .values({ organisationId, matrix: stored })
    .onConflictDoUpdate({ target: permissionMatrices.organisationId, set: { matrix: stored, updatedAt: new Date() } });
}

export async function readSettings(db: DbOrTx, organisationId: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ settings: organisationSettings.settings })
    .from(organisationSettings)
    .where(eq(organisationSettings.organisationId, organisationId))
    .limit(1);
  return (row?.settings as Record<string, unknown> | undefined) ?? {};
}

/** Merges `values` into the organisation's settings, keeping keys other areas store there. */
export async function mergeSettings(db: DbOrTx, organisationId: string, values: Record<string, unknown>) {
  await db
    .insert(organisationSettings)
    .values({ organisationId, settings: values })
    .onConflictDoUpdate({
      target: organisationSettings.organisationId,
      set: { settings: sql`${organisationSettings.settings} || excluded.settings`, updatedAt: new Date() },
    });
}

// ---------------------------------------------------------------- the school's logo

/** The school's logo upload id, its row locked until the transaction ends (two uploads at once: the second replaces the first). */
export async function lockSchoolLogo(db: DbOrTx, schoolId: string): Promise<string | null> {
  const [row] = await db.select({ logoUploadId: schools.logoUploadId }).from(schools).where(eq(schools.id, schoolId)).for('update').limit(1);
  return row?.logoUploadId ?? null;
}

export async function setSchoolLogo(db: DbOrTx, schoolId: string, logoUploadId: string | null) {
  await db.update(schools).set({ logoUploadId, updatedAt: new Date() }).where(eq(schools.id, schoolId));
}

/** Deletes the school's upload record; answers its file's storage key, to remove once the transaction is committed. */
export async function deleteUpload(db: DbOrTx, schoolId: string, id: string): Promise<string | null> {
  const [row] = await db
    .delete(uploads)
    .where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)))
    .returning({ storageKey: uploads.storageKey });
  return row?.storageKey ?? null;
}
