/**
 * Applications, serial codes and the tokens they open, and the classes an applicant can be admitted
 * into. What admitting writes (the student, accounts, guardians, enrolment) is admissions.admit.repository.ts.
 */
import type { ApplicationListQuery } from '@school/shared/admissions/schemas';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  academicSessions,
  admissionApplications,
  applicationTokens,
  classes,
  enrolments,
  organisations,
  schools,
  serialCodeBatches,
  serialCodeHashes,
  serialCodes,
  uploads,
} from '../../db/schema';
import { accountsByIds } from '../../lib/accounts';
import { type DbOrTx, rowsOf } from '../../db/client';
import { schoolRow } from '../../db/columns';

/** `value` for ILIKE: its own % and _ match themselves. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Today in the school's time zone, as SQL. */
const schoolToday = sql`(now() at time zone ${schools.timeZone})::date`;

export async function findSchool(db: DbOrTx, schoolId: string) {
  const [row] = await db.select().from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- serial codes

/** Takes back one hit of a rate-limit window: attempts that succeed do not count. */
export async function refundHit(db: DbOrTx, key: string) {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Which of these code hashes exist already, in any school (a new code must be unique everywhere). */
export async function existingCodeHashes(db: DbOrTx, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.select({ hash: serialCodeHashes.codeHash }).from(serialCodeHashes).where(inArray(serialCodeHashes.codeHash, hashes));
  return new Set(rows.map((r) => r.hash));
}

export async function insertBatch(db: DbOrTx, values: typeof serialCodeBatches.$inferInsert) {
  const [row] = await db.insert(serialCodeBatches).values(values).returning();
  return row;
}

/** The codes, and each one's hash in serial_code_hashes (whose key refuses a code another school has). */
export async function insertCodes(db: DbOrTx, rows: Array<typeof serialCodes.$inferInsert>) {
  if (rows.length === 0) return;
  const inserted = await db.insert(serialCodes).values(rows).returning({ id: serialCodes.id, schoolId: serialCodes.schoolId, codeHash: serialCodes.codeHash });
  await db.insert(serialCodeHashes).values(inserted.map((c) => ({ codeHash: c.codeHash, schoolId: c.schoolId, serialCodeId: c.id })));
}

const batchColumns = {
  id: serialCodeBatches.id,
  quantity: serialCodeBatches.quantity,
  priceKobo: serialCodeBatches.priceKobo,
  expiresOn: serialCodeBatches.expiresOn,
  createdAt: serialCodeBatches.createdAt,
  createdByUserId: serialCodeBatches.createdByUserId,
  expired: sql<boolean>`${serialCodeBatches.expiresOn} < ${schoolToday}`,
  used: sql<number>`(select count(*) from ${serialCodes} where ${serialCodes.schoolId} = ${serialCodeBatches.schoolId} and ${serialCodes.batchId} = ${serialCodeBatches.id} and ${serialCodes.usedAt} is not null)::int`,
};
export type BatchRow = {
  id: string;
  quantity: number;
  priceKobo: number;
  expiresOn: string;
  createdAt: Date;
  createdBy: string | null;
  expired: boolean;
  used: number;
};

/** The batches with who made each: their accounts' names, read by id in a second statement (ADR 0026). */
async function withCreatedBy(db: DbOrTx, rows: Array<Omit<BatchRow, 'createdBy'> & { createdByUserId: string | null }>): Promise<BatchRow[]> {
  const accounts = await accountsByIds(
    db,
    rows.map((r) => r.createdByUserId),
  );
  return rows.map(({ createdByUserId, ...row }) => ({ ...row, createdBy: (createdByUserId ? accounts.get(createdByUserId)?.name : undefined) ?? null }));
}

export async function listBatches(db: DbOrTx, schoolId: string): Promise<BatchRow[]> {
  const rows = await db
    .select(batchColumns)
    .from(serialCodeBatches)
    .innerJoin(schools, eq(schools.id, serialCodeBatches.schoolId))
    .where(eq(serialCodeBatches.schoolId, schoolId))
    .orderBy(desc(serialCodeBatches.createdAt), desc(serialCodeBatches.id));
  return withCreatedBy(db, rows);
}

export async function findBatch(db: DbOrTx, schoolId: string, id: string): Promise<BatchRow | null> {
  const rows = await db
    .select(batchColumns)
    .from(serialCodeBatches)
    .innerJoin(schools, eq(schools.id, serialCodeBatches.schoolId))
    .where(and(eq(serialCodeBatches.schoolId, schoolId), eq(serialCodeBatches.id, id)))
    .limit(1);
  const [row] = await withCreatedBy(db, rows);
  return row ?? null;
}

export async function codesOfBatch(db: DbOrTx, schoolId: string, batchId: string) {
  return db
    .select({ code: serialCodes.code, usedAt: serialCodes.usedAt, registrationNo: admissionApplications.registrationNo })
    .from(serialCodes)
    .leftJoin(admissionApplications, and(eq(admissionApplications.schoolId, serialCodes.schoolId), eq(admissionApplications.id, serialCodes.applicationId)))
    .where(and(eq(serialCodes.schoolId, schoolId), eq(serialCodes.batchId, batchId)))
    .orderBy(asc(serialCodes.createdAt), asc(serialCodes.code));
}

/**
 * An unused, unexpired code of an active school (of an organisation that is not suspended). The
 * applicant has only the code: serial_code_hashes says whose it is, then the school's own row is read.
 */
export async function findUsableCode(db: DbOrTx, codeHash: string) {
  const [known] = await db
    .select({ schoolId: serialCodeHashes.schoolId, id: serialCodeHashes.serialCodeId })
    .from(serialCodeHashes)
    .where(eq(serialCodeHashes.codeHash, codeHash))
    .limit(1);
  if (!known) return [];
  return db
    .select({ id: serialCodes.id, schoolId: serialCodes.schoolId, schoolName: schools.name })
    .from(serialCodes)
    .innerJoin(serialCodeBatches, and(eq(serialCodeBatches.schoolId, serialCodes.schoolId), eq(serialCodeBatches.id, serialCodes.batchId)))
    .innerJoin(schools, eq(schools.id, serialCodes.schoolId))
    .innerJoin(organisations, eq(organisations.id, schools.organisationId))
    .where(
      and(
        eq(serialCodes.schoolId, known.schoolId),
        eq(serialCodes.id, known.id),
        isNull(serialCodes.usedAt),
        sql`${serialCodeBatches.expiresOn} >= ${schoolToday}`,
        eq(schools.status, 'active'),
        eq(organisations.status, 'active'),
      ),
    )
    .limit(2);
}

export async function insertToken(db: DbOrTx, values: typeof applicationTokens.$inferInsert) {
  await db.insert(applicationTokens).values(values);
}

/** An open token and its school; the code behind it is checked again when it is claimed. */
export async function findOpenToken(db: DbOrTx, schoolId: string, tokenHash: string) {
  const [row] = await db
    .select({
      serialCodeId: applicationTokens.serialCodeId,
      schoolId: schools.id,
      schoolName: schools.name,
      schoolCode: schools.code,
      timeZone: schools.timeZone,
      organisationId: schools.organisationId,
    })
    .from(applicationTokens)
    .innerJoin(schools, eq(schools.id, applicationTokens.schoolId))
    .where(
      and(
        eq(applicationTokens.schoolId, schoolId),
        eq(applicationTokens.tokenHash, tokenHash),
        isNull(applicationTokens.usedAt),
        sql`${applicationTokens.expiresAt} > now()`,
        eq(schools.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses the code up: exactly one of several concurrent callers gets its id back; the others (and any
 * caller after expiry) get null.
 */
export async function claimCode(db: DbOrTx, schoolId: string, codeId: string, applicationId: string): Promise<string | null> {
  const result = await db.execute(sql`
    update ${serialCodes} set used_at = now(), application_id = ${applicationId}
    where ${serialCodes.schoolId} = ${schoolId} and ${serialCodes.id} = ${codeId} and ${serialCodes.usedAt} is null
      and exists (
        select 1 from ${serialCodeBatches} join ${schools} on ${schools.id} = ${serialCodeBatches.schoolId}
        where ${serialCodeBatches.schoolId} = ${schoolId} and ${serialCodeBatches.id} = ${serialCodes.batchId}
          and ${serialCodeBatches.expiresOn} >= ${schoolToday}
      )
    returning ${serialCodes.id}`);
  const rows = rowsOf<{ id: string }>(result);
  return rows[0]?.id ?? null;
}

export async function useToken(db: DbOrTx, schoolId: string, tokenHash: string) {
  await db
    .update(applicationTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(applicationTokens.schoolId, schoolId), eq(applicationTokens.tokenHash, tokenHash)));
}

// ---------------------------------------------------------------- applications

export async function insertApplication(db: DbOrTx, values: typeof admissionApplications.$inferInsert) {
  const [row] = await db.insert(admissionApplications).values(values).returning();
  return row;
}

const listColumns = {
  id: admissionApplications.id,
  registrationNo: admissionApplications.registrationNo,
  name: admissionApplications.name,
  classLevel: admissionApplications.classLevel,
  paymentStatus: admissionApplications.paymentStatus,
  status: admissionApplications.status,
  createdAt: admissionApplications.createdAt,
  classLevelAdmitted: classes.level,
  classArm: classes.arm,
};
export type ApplicationListRow = {
  id: string;
  registrationNo: string;
  name: string;
  classLevel: string;
  paymentStatus: string;
  status: string;
  createdAt: Date;
  classLevelAdmitted: string | null;
  classArm: string | null;
};

function listConditions(schoolId: string, query: Omit<ApplicationListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(admissionApplications.schoolId, schoolId)];
  if (query.status) conditions.push(eq(admissionApplications.status, query.status));
  if (query.classLevel) conditions.push(eq(admissionApplications.classLevel, query.classLevel));
  if (query.paymentStatus) conditions.push(eq(admissionApplications.paymentStatus, query.paymentStatus));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(sql`${admissionApplications.name} ilike ${pattern}`, sql`${admissionApplications.registrationNo} ilike ${pattern}`));
  }
  return and(...conditions);
}

export async function listApplications(
  db: DbOrTx,
  schoolId: string,
  query: Omit<ApplicationListQuery, 'page' | 'pageSize'> & { page: number; pageSize: number },
): Promise<{ rows: ApplicationListRow[]; total: number }> {
  const where = listConditions(schoolId, query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(admissionApplications)
      .leftJoin(classes, schoolRow(classes, admissionApplications.schoolId, admissionApplications.classId))
      .where(where)
      .orderBy(desc(admissionApplications.createdAt), desc(admissionApplications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(admissionApplications).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function countByStatus(db: DbOrTx, schoolId: string) {
  return db
    .select({ status: admissionApplications.status, count: count() })
    .from(admissionApplications)
    .where(eq(admissionApplications.schoolId, schoolId))
    .groupBy(admissionApplications.status);
}

export type ApplicationRow = typeof admissionApplications.$inferSelect;

/** One application of the school; `lock` holds it until the transaction ends (decisions). */
export async function findApplication(db: DbOrTx, schoolId: string, id: string, lock = false): Promise<ApplicationRow | null> {
  const query = db
    .select()
    .from(admissionApplications)
    .where(and(eq(admissionApplications.schoolId, schoolId), eq(admissionApplications.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findApplicationDetail(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({
      application: admissionApplications,
      classLevelAdmitted: classes.level,
      classArm: classes.arm,
      sessionName: academicSessions.name,
      uploadId: uploads.id,
      uploadName: uploads.originalName,
      uploadMimeType: uploads.mimeType,
    })
    .from(admissionApplications)
    .leftJoin(classes, schoolRow(classes, admissionApplications.schoolId, admissionApplications.classId))
    .leftJoin(academicSessions, schoolRow(academicSessions, admissionApplications.schoolId, admissionApplications.academicSessionId))
    .leftJoin(uploads, and(eq(uploads.id, admissionApplications.birthCertificateUploadId), eq(uploads.schoolId, admissionApplications.schoolId)))
    .where(and(eq(admissionApplications.schoolId, schoolId), eq(admissionApplications.id, id)))
    .limit(1);
  return row ?? null;
}
export type ApplicationDetailRow = NonNullable<Awaited<ReturnType<typeof findApplicationDetail>>>;

export async function updateApplication(db: DbOrTx, schoolId: string, id: string, values: Partial<typeof admissionApplications.$inferInsert>) {
  await db
    .update(admissionApplications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(admissionApplications.schoolId, schoolId), eq(admissionApplications.id, id)));
}

// ---------------------------------------------------------------- classes to admit into

// The class's students are its enrolments of the class's own session. Qualified by hand: in a select from
// `classes` alone drizzle leaves column names bare, which inside the sub-select would name enrolments' own
// columns. One statement answers every class of the session (a correlated count over enrolments_class_idx).
const studentCount = sql<number>`(select count(*) from ${enrolments} e where e.school_id = ${classes}.school_id and e.class_id = ${classes}.id and e.academic_session_id = ${classes}.academic_session_id)::int`;

export async function classesOfSession(db: DbOrTx, schoolId: string, sessionId: string) {
  return db
    .select({ id: classes.id, level: classes.level, arm: classes.arm, academicSessionId: classes.academicSessionId, studentCount })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicSessionId, sessionId)));
}

/** A class a student can be admitted into, with its session's name. */
function classChoices(db: DbOrTx) {
  return db
    .select({ id: classes.id, level: classes.level, arm: classes.arm, academicSessionId: classes.academicSessionId, sessionName: academicSessions.name })
    .from(classes)
    .innerJoin(academicSessions, schoolRow(academicSessions, classes.schoolId, classes.academicSessionId));
}

export async function findClass(db: DbOrTx, schoolId: string, classId: string) {
  const [row] = await classChoices(db)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)))
    .limit(1);
  return row ?? null;
}

/** The arm of a level with the fewest students in a session (ties: the first arm by name). */
export async function emptiestClass(db: DbOrTx, schoolId: string, sessionId: string, level: string) {
  const [row] = await classChoices(db)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicSessionId, sessionId), eq(classes.level, level)))
    .orderBy(asc(studentCount), asc(classes.arm))
    .limit(1);
  return row ?? null;
}
