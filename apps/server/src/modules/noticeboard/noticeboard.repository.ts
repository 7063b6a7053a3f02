import { and, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { academicSessions, classes, enrolments, guardians, noticeReads, notices, schools, staff, studentGuardians, students } from '../../db/schema';
import { accountsByIds } from '../../lib/accounts';
import { organisationSchoolIds } from '../../lib/schools';

/** Every list here is a fixed number of queries, whatever the number of rows (no N+1). */

/** What a reader is addressed by: schools, audiences besides 'everyone', and classes. */
export interface Addressee {
  userId: string;
  schoolIds: string[];
  audiences: Array<'staff' | 'students' | 'parents'>;
  classIds: string[];
}

/** The classes a student's account is (or was) enrolled in. */
export async function classesOfStudentUser(db: DbOrTx, schoolId: string, userId: string) {
  const rows = await db
    .select({ classId: enrolments.classId })
    .from(enrolments)
    .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.schoolId, enrolments.schoolId)))
    .where(and(eq(enrolments.schoolId, schoolId), eq(students.userId, userId)));
  return rows.map((r) => r.classId);
}

/** A parent's schools (each guardian record) and their children's classes, in the organisation. */
export async function placesOfParentUser(db: DbOrTx, organisationId: string, userId: string) {
  const schoolIds = await organisationSchoolIds(db, organisationId);
  if (!schoolIds.length) return { schoolIds: [], classIds: [] };
  const rows = await db
    .select({ schoolId: guardians.schoolId, classId: enrolments.classId })
    .from(guardians)
    .leftJoin(studentGuardians, and(eq(studentGuardians.schoolId, guardians.schoolId), eq(studentGuardians.guardianId, guardians.id)))
    .leftJoin(enrolments, and(eq(enrolments.schoolId, studentGuardians.schoolId), eq(enrolments.studentId, studentGuardians.studentId)))
    .where(and(inArray(guardians.schoolId, schoolIds), eq(guardians.userId, userId)));
  return {
    schoolIds: [...new Set(rows.map((r) => r.schoolId))],
    classIds: [...new Set(rows.map((r) => r.classId).filter((id): id is string => Boolean(id)))],
  };
}

function addressedTo(who: Addressee): SQL {
  const parts: SQL[] = [eq(notices.audience, 'everyone')];
  if (who.audiences.length) parts.push(inArray(notices.audience, who.audiences));
  if (who.classIds.length) parts.push(and(eq(notices.audience, 'class'), inArray(notices.classId, who.classIds))!);
  return and(inArray(notices.schoolId, who.schoolIds), eq(notices.published, true), or(...parts))!;
}

const readerColumns = {
  id: notices.id,
  schoolId: notices.schoolId,
  schoolName: schools.name,
  broadcastId: notices.broadcastId,
  title: notices.title,
  description: notices.description,
  date: notices.date,
  audience: notices.audience,
  classId: notices.classId,
  classLevel: classes.level,
  classArm: classes.arm,
  pinned: notices.pinned,
  published: notices.published,
  sendSms: notices.sendSms,
  createdByUserId: notices.createdByUserId,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
};

function noticeQuery(db: DbOrTx, userId: string) {
  return (
    db
      // one's own notice counts as read
      .select({
        ...readerColumns,
        readAt: noticeReads.readAt,
        read: sql<boolean>`(${noticeReads.userId} is not null or ${notices.createdByUserId} is not distinct from ${userId})`,
      })
      .from(notices)
      .innerJoin(schools, eq(schools.id, notices.schoolId))
      .leftJoin(classes, and(eq(classes.schoolId, notices.schoolId), eq(classes.id, notices.classId)))
      .leftJoin(noticeReads, and(eq(noticeReads.schoolId, notices.schoolId), eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId)))
  );
}

/**
 * The notices with who posted each (their account's name, null when it is gone): the accounts are read
 * by id in a second statement (ADR 0026: a statement never joins the school's rows with `users`).
 */
async function withPostedBy<T extends { createdByUserId: string | null }>(db: DbOrTx, rows: T[]) {
  const accounts = await accountsByIds(
    db,
    rows.map((r) => r.createdByUserId),
  );
  return rows.map(({ createdByUserId, ...row }) => ({
    ...row,
    postedBy: (createdByUserId ? accounts.get(createdByUserId)?.name : undefined) ?? null,
  }));
}

const boardOrder = [desc(notices.pinned), desc(notices.date), desc(notices.createdAt), asc(notices.id)];

/** The notices addressed to a reader: pinned first, then newest. */
export async function listAddressed(db: DbOrTx, who: Addressee, page: { limit: number; offset: number }) {
  if (!who.schoolIds.length) return [];
  const rows = await noticeQuery(db, who.userId)
    .where(addressedTo(who))
    .orderBy(...boardOrder)
    .limit(page.limit)
    .offset(page.offset);
  return withPostedBy(db, rows);
}

export async function countAddressed(db: DbOrTx, who: Addressee) {
  if (!who.schoolIds.length) return { total: 0, unread: 0 };
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${noticeReads.userId} is null and ${notices.createdByUserId} is distinct from ${who.userId})`,
    })
    .from(notices)
    .leftJoin(noticeReads, and(eq(noticeReads.schoolId, notices.schoolId), eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, who.userId)))
    .where(addressedTo(who));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

export async function findAddressed(db: DbOrTx, who: Addressee, id: string) {
  if (!who.schoolIds.length) return null;
  const rows = await noticeQuery(db, who.userId)
    .where(and(eq(notices.id, id), addressedTo(who)))
    .limit(1);
  const [row] = await withPostedBy(db, rows);
  return row ?? null;
}

export async function markRead(db: DbOrTx, schoolId: string, noticeId: string, userId: string) {
  await db.insert(noticeReads).values({ schoolId, noticeId, userId }).onConflictDoNothing();
}

// ---------------------------------------------------------------- managing

/** Where a manager works: one school (administrator) or the whole organisation (super administrator). */
export type Scope = { schoolId: string } | { organisationId: string };

/**
 * The notices of a scope: the school's, or those of every school of the organisation named one by one
 * (an explicit fan-out, ADR 0026); null when the organisation has no school, so nothing is in scope.
 */
async function inScope(db: DbOrTx, scope: Scope): Promise<SQL | null> {
  if ('schoolId' in scope) return eq(notices.schoolId, scope.schoolId);
  const schoolIds = await organisationSchoolIds(db, scope.organisationId);
  return schoolIds.length ? and(eq(notices.organisationId, scope.organisationId), inArray(notices.schoolId, schoolIds))! : null;
}

export async function listManaged(db: DbOrTx, scope: Scope, userId: string, schoolId?: string) {
  const where = await inScope(db, scope);
  if (!where) return [];
  const rows = await noticeQuery(db, userId)
    .where(and(where, schoolId ? eq(notices.schoolId, schoolId) : undefined))
    .orderBy(...boardOrder);
  return withPostedBy(db, rows);
}

export async function findManaged(db: DbOrTx, scope: Scope, userId: string, id: string) {
  const where = await inScope(db, scope);
  if (!where) return null;
  const rows = await noticeQuery(db, userId)
    .where(and(where, eq(notices.id, id)))
    .limit(1);
  const [row] = await withPostedBy(db, rows);
  return row ?? null;
}

/** Locks the rows an edit changes: the notice, or every school's copy of a broadcast. */
export async function lockTargets(db: DbOrTx, scope: Scope, id: string, wholeBroadcast: boolean) {
  const where = await inScope(db, scope);
  if (!where) return [];
  const [row] = await db
    .select()
    .from(notices)
    .where(and(where, eq(notices.id, id)))
    .for('update');
  if (!row) return [];
  if (!wholeBroadcast || !row.broadcastId) return [row];
  return db
    .select()
    .from(notices)
    .where(and(where, eq(notices.broadcastId, row.broadcastId)))
    .orderBy(asc(notices.id))
    .for('update');
}

export async function insertNotices(db: DbOrTx, rows: Array<typeof notices.$inferInsert>) {
  return db.insert(notices).values(rows).returning();
}

/** The notices named by school and id (the rows lockTargets returned). */
function targetRows(targets: Array<{ schoolId: string; id: string }>): SQL {
  return and(
    inArray(notices.schoolId, [...new Set(targets.map((t) => t.schoolId))]),
    inArray(
      notices.id,
      targets.map((t) => t.id),
    ),
  )!;
}

export async function updateNotices(db: DbOrTx, targets: Array<{ schoolId: string; id: string }>, values: Partial<typeof notices.$inferInsert>) {
  if (!targets.length) return [];
  return db
    .update(notices)
    .set({ ...values, updatedAt: new Date() })
    .where(targetRows(targets))
    .returning();
}

export async function deleteNotices(db: DbOrTx, targets: Array<{ schoolId: string; id: string }>) {
  if (!targets.length) return;
  await db.delete(notices).where(targetRows(targets));
}

/** The schools of each broadcast, for the super administrator's list. */
export async function broadcastSchools(db: DbOrTx, organisationId: string, broadcastIds: string[]) {
  if (!broadcastIds.length) return [];
  const where = await inScope(db, { organisationId });
  if (!where) return [];
  return db
    .select({ broadcastId: notices.broadcastId, id: schools.id, name: schools.name })
    .from(notices)
    .innerJoin(schools, eq(schools.id, notices.schoolId))
    .where(and(where, inArray(notices.broadcastId, broadcastIds)))
    .orderBy(asc(schools.name));
}

export async function activeSchools(db: DbOrTx, organisationId: string, schoolId?: string) {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.organisationId, organisationId), eq(schools.status, 'active'), schoolId ? eq(schools.id, schoolId) : undefined))
    .orderBy(asc(schools.name));
}

/** Classes of each school's Active session. */
export async function activeClasses(db: DbOrTx, schoolIds: string[]) {
  if (!schoolIds.length) return [];
  return db
    .select({ id: classes.id, schoolId: classes.schoolId, level: classes.level, arm: classes.arm })
    .from(classes)
    .innerJoin(
      academicSessions,
      and(eq(academicSessions.schoolId, classes.schoolId), eq(academicSessions.id, classes.academicSessionId), eq(academicSessions.status, 'Active')),
    )
    .where(inArray(classes.schoolId, schoolIds));
}

export async function findClass(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select({ id: classes.id, level: classes.level, arm: classes.arm })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)))
    .limit(1);
  return row ?? null;
}

export type NoticeRow = NonNullable<Awaited<ReturnType<typeof findManaged>>>;

// ---------------------------------------------------------------- a notice also sent as SMS

/** The guardians with a phone of the school's active students, or of one class's. */
export async function guardianPhones(db: DbOrTx, schoolId: string, classId: string | null) {
  const inClass = classId
    ? exists(
        db
          .select({ one: sql`1` })
          .from(enrolments)
          .where(and(eq(enrolments.schoolId, students.schoolId), eq(enrolments.studentId, students.id), eq(enrolments.classId, classId))),
      )
    : undefined;
  return db
    .selectDistinct({ id: guardians.id, name: guardians.name, phone: guardians.phone })
    .from(guardians)
    .innerJoin(studentGuardians, and(eq(studentGuardians.schoolId, guardians.schoolId), eq(studentGuardians.guardianId, guardians.id)))
    .innerJoin(students, and(eq(students.schoolId, studentGuardians.schoolId), eq(students.id, studentGuardians.studentId)))
    .where(and(eq(guardians.schoolId, schoolId), eq(students.status, 'active'), sql`nullif(trim(${guardians.phone}), '') is not null`, inClass))
    .orderBy(asc(guardians.name), asc(guardians.id));
}

/** The school's active staff with a phone. */
export async function staffPhones(db: DbOrTx, schoolId: string) {
  return db
    .select({ id: staff.id, name: staff.name, phone: staff.phone })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.status, 'active'), sql`nullif(trim(${staff.phone}), '') is not null`))
    .orderBy(asc(staff.name), asc(staff.id));
}
