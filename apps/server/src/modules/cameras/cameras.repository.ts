import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cameraClips, cameras, cameraSchools, schools } from '../../db/schema';
import { organisationSchoolIds } from '../../lib/schools';

/** Every list here is a fixed number of queries, whatever the number of rows (no N+1). */

/** Who is looking: the super administrator sees the organisation's cameras; others their school's, for their role. */
export interface Viewer {
  organisationId: string;
  /** null: every camera of the organisation (super administrator). */
  schoolId: string | null;
  role: string;
}

function visibleTo(viewer: Viewer): SQL {
  const org = eq(cameras.organisationId, viewer.organisationId);
  if (viewer.schoolId === null) return org;
  return and(
    org,
    sql`${cameras.roles} @> ${JSON.stringify([viewer.role])}::jsonb`,
    sql`exists (select 1 from ${cameraSchools} where ${cameraSchools.schoolId} = ${viewer.schoolId} and ${cameraSchools.cameraId} = ${cameras.id})`,
  )!;
}

export async function listVisible(db: DbOrTx, viewer: Viewer, channelType?: string) {
  return db
    .select()
    .from(cameras)
    .where(and(visibleTo(viewer), channelType ? eq(cameras.channelType, channelType) : undefined))
    .orderBy(asc(cameras.name), asc(cameras.id));
}

export async function findVisible(db: DbOrTx, viewer: Viewer, id: string) {
  const [row] = await db
    .select()
    .from(cameras)
    .where(and(visibleTo(viewer), eq(cameras.id, id)))
    .limit(1);
  return row ?? null;
}

export async function lockCamera(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(cameras)
    .where(and(eq(cameras.organisationId, organisationId), eq(cameras.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * The schools of each camera of the organisation (optionally only one school, for a viewer of that school).
 * camera_schools is spread by school (ADR 0026): the organisation's schools are named one by one.
 */
export async function schoolsOf(db: DbOrTx, organisationId: string, cameraIds: string[], onlySchoolId?: string | null) {
  if (!cameraIds.length) return [];
  const schoolIds = onlySchoolId ? [onlySchoolId] : await organisationSchoolIds(db, organisationId);
  if (!schoolIds.length) return [];
  return db
    .select({ cameraId: cameraSchools.cameraId, id: schools.id, name: schools.name })
    .from(cameraSchools)
    .innerJoin(schools, eq(schools.id, cameraSchools.schoolId))
    .where(and(inArray(cameraSchools.schoolId, schoolIds), inArray(cameraSchools.cameraId, cameraIds)))
    .orderBy(asc(schools.name));
}

/** Unlinks a camera of the organisation from every school, named one by one (camera_schools is spread by school). */
async function unlinkSchools(db: DbOrTx, organisationId: string, cameraId: string) {
  const schoolIds = await organisationSchoolIds(db, organisationId);
  if (!schoolIds.length) return;
  await db.delete(cameraSchools).where(and(inArray(cameraSchools.schoolId, schoolIds), eq(cameraSchools.cameraId, cameraId)));
}

export async function organisationSchools(db: DbOrTx, organisationId: string) {
  return db
    .select({ id: schools.id, name: schools.name, status: schools.status })
    .from(schools)
    .where(eq(schools.organisationId, organisationId))
    .orderBy(asc(schools.name));
}

export async function schoolTimeZone(db: DbOrTx, schoolId: string) {
  const [row] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row?.timeZone ?? null;
}

export async function insertCamera(db: DbOrTx, values: typeof cameras.$inferInsert) {
  const [row] = await db.insert(cameras).values(values).returning();
  return row;
}

export async function updateCamera(db: DbOrTx, id: string, values: Partial<typeof cameras.$inferInsert>) {
  const [row] = await db
    .update(cameras)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cameras.id, id))
    .returning();
  return row;
}

export async function setSchools(db: DbOrTx, organisationId: string, cameraId: string, schoolIds: string[]) {
  await unlinkSchools(db, organisationId, cameraId);
  if (schoolIds.length) await db.insert(cameraSchools).values(schoolIds.map((schoolId) => ({ schoolId, cameraId })));
}

export async function deleteCamera(db: DbOrTx, organisationId: string, id: string) {
  await unlinkSchools(db, organisationId, id);
  await db.delete(cameras).where(eq(cameras.id, id));
}

// ---------------------------------------------------------------- clips

/** Clips that start on `date` in `timeZone`, in time order. */
export async function clipsOfDay(db: DbOrTx, organisationId: string, cameraId: string, date: string, timeZone: string) {
  return db
    .select()
    .from(cameraClips)
    .where(
      and(
        eq(cameraClips.organisationId, organisationId),
        eq(cameraClips.cameraId, cameraId),
        sql`${cameraClips.startsAt} >= (${date}::date)::timestamp at time zone ${timeZone}`,
        sql`${cameraClips.startsAt} < (${date}::date + 1)::timestamp at time zone ${timeZone}`,
      ),
    )
    .orderBy(asc(cameraClips.startsAt));
}

/** The days of a month (in `timeZone`) that have clips. */
export async function clipDays(db: DbOrTx, organisationId: string, cameraId: string, month: string, timeZone: string) {
  const first = `${month}-01`;
  const rows = await db
    .selectDistinct({ day: sql<string>`to_char(${cameraClips.startsAt} at time zone ${timeZone}, 'YYYY-MM-DD')` })
    .from(cameraClips)
    .where(
      and(
        eq(cameraClips.organisationId, organisationId),
        eq(cameraClips.cameraId, cameraId),
        sql`${cameraClips.startsAt} >= (${first}::date)::timestamp at time zone ${timeZone}`,
        sql`${cameraClips.startsAt} < ((${first}::date + interval '1 month')::date)::timestamp at time zone ${timeZone}`,
      ),
    );
  return rows.map((r) => r.day).sort();
}

export async function insertClip(db: DbOrTx, values: typeof cameraClips.$inferInsert) {
  const [row] = await db.insert(cameraClips).values(values).returning();
  return row;
}

export async function lockClip(db: DbOrTx, organisationId: string, cameraId: string, id: string) {
  const [row] = await db
    .select()
    .from(cameraClips)
    .where(and(eq(cameraClips.organisationId, organisationId), eq(cameraClips.cameraId, cameraId), eq(cameraClips.id, id)))
    .for('update');
  return row ?? null;
}

/** Whether `id` is a clip of that camera, of that organisation. */
export async function clipOfCamera(db: DbOrTx, organisationId: string, cameraId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cameraClips.id })
    .from(cameraClips)
    .where(and(eq(cameraClips.cameraId, cameraId), eq(cameraClips.id, id), eq(cameraClips.organisationId, organisationId)))
    .limit(1);
  return row !== undefined;
}

export async function deleteClip(db: DbOrTx, cameraId: string, id: string) {
  await db.delete(cameraClips).where(and(eq(cameraClips.cameraId, cameraId), eq(cameraClips.id, id)));
}
