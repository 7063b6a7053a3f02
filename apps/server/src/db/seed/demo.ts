/**
 * The demo school: one organisation (Greenfield Educational Services) with a large secondary school
 * and a small nursery-and-primary branch, generated from a fixed random seed so that every install
 * shows the same school. `npm run seed:demo` runs it on an empty database.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/passwords';
import type { Db, DbOrTx } from '../client';
import * as schema from '../schema';
import { seedAttendance } from './attendance';
import { seedFinance } from './finance';
import { seedHolidays } from './holidays';
import { seedNoticeboard } from './noticeboard';
import { seedReferrals } from './referrals';
import { seedRatings } from './ratings';
import { seedResults } from './results';
import { seedReportCards } from './report-cards';
import { DEMO_TEACHER_EMAIL, planDemo, type SeedRows } from './plan';
import { seedApprovals } from './approvals';
import { demoPictureStudents, seedPictures } from './pictures';
import { seedApplications } from './applications';
import { seedLessonNotes } from './lesson-notes';

export { DEMO_ACCOUNTS, SECOND_SCHOOL_ADMIN } from './plan';

export const DEMO_PASSWORD = 'demo12345';
/** The fixed seed of the demo's random generators. */
export const DEMO_RANDOM_SEED = 20240108;

const CHUNK = 500;

/** True when no organisation exists yet (a fresh install). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.organisations.id }).from(schema.organisations).limit(1);
  return rows.length === 0;
}

async function insertAll<T extends PgTable>(tx: DbOrTx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK) as any);
  }
}

/** Inserts the demo organisation in one transaction. */
export async function seedDemo(db: Db, opts: { log?: (line: string) => void; uploadsDir?: string } = {}): Promise<void> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  // argon2 is slow on purpose: one hash, shared by every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows: SeedRows = planDemo(DEMO_RANDOM_SEED, passwordHash);

  await db.transaction(async (tx) => {
    // Parents before children (foreign keys).
    await insertAll(tx, schema.organisations, rows.organisations);
    await insertAll(tx, schema.permissionMatrices, rows.permissionMatrices);
    await insertAll(tx, schema.organisationSettings, rows.organisationSettings);
    await insertAll(tx, schema.schools, rows.schools);
    await insertAll(tx, schema.users, rows.users);
    // each account's address, where sign-in and the address's uniqueness find it (ADR 0026)
    await insertAll(
      tx,
      schema.userEmails,
      rows.users.map((u) => ({ email: u.email.trim().toLowerCase(), userId: u.id! })),
    );
    await insertAll(tx, schema.academicSessions, rows.academicSessions);
    await insertAll(tx, schema.terms, rows.terms);
    await insertAll(tx, schema.staff, rows.staff);
    await insertAll(tx, schema.subjects, rows.subjects);
    await insertAll(tx, schema.classes, rows.classes);
    await insertAll(tx, schema.classSubjects, rows.classSubjects);
    await insertAll(tx, schema.students, rows.students);
    await insertAll(tx, schema.guardians, rows.guardians);
    await insertAll(tx, schema.studentGuardians, rows.studentGuardians);
    await insertAll(tx, schema.enrolments, rows.enrolments);
    await insertAll(tx, schema.timetableSlots, rows.timetableSlots);
  });
  // tables filled a moment ago have no statistics yet: without them the set-based seeds below plan their
  // joins as if the tables were empty, which costs them more than a second; this takes a fraction of that
  await db.execute(sql`analyze academic_sessions, terms, classes, class_subjects, subjects, staff, students, enrolments`);
  // the demo family's children (parent@demo.test's wards)
  const parent = rows.users.find((u) => u.email === 'parent@demo.test');
  const guardianIds = new Set(rows.guardians.filter((g) => parent && g.userId === parent.id).map((g) => g.id));
  const children = rows.studentGuardians.filter((sg) => guardianIds.has(sg.guardianId)).map((sg) => sg.studentId);
  // the set-based seeds run school by school: each statement names its school (ADR 0026)
  const schoolIds = rows.schools.map((school) => school.id!);
  for (const schoolId of schoolIds) await seedHolidays(db, schoolId);
  for (const schoolId of schoolIds) await seedAttendance(db, schoolId, { historyOf: children });
  for (const schoolId of schoolIds) await seedFinance(db, schoolId);
  await seedNoticeboard(db);
  for (const schoolId of schoolIds) await seedResults(db, schoolId);
  for (const schoolId of schoolIds) await seedRatings(db, schoolId);
  for (const schoolId of schoolIds) {
    const principal = rows.staff.find((s) => s.schoolId === schoolId && s.staffType === 'Principal');
    await seedApprovals(db, schoolId, principal?.name ?? 'The principal');
  }
  const demoTeacher = rows.users.find((u) => u.email === DEMO_TEACHER_EMAIL)!;
  for (const schoolId of schoolIds) await seedReportCards(db, schoolId, demoTeacher.id!);
  // the pending work of the demo school: applications (some brought by referrers), lesson notes to review
  const mainSchoolId = schoolIds[0];
  const applicationIds = await seedApplications(db, mainSchoolId);
  await seedReferrals(db, { applicationIds });
  const principalUser = rows.staff.find((s) => s.schoolId === mainSchoolId && s.staffType === 'Principal')?.userId ?? null;
  await seedLessonNotes(db, mainSchoolId, demoTeacher.id!, principalUser);
  // the crest and the demo class's passport photos, drawn into the uploads folder when the seed has one
  if (opts.uploadsDir) {
    for (const [index, school] of rows.schools.entries()) {
      const pupils = index === 0 ? await demoPictureStudents(db, school.id!, children) : [];
      await seedPictures(db, opts.uploadsDir, { id: school.id!, organisationId: school.organisationId, name: school.name }, index, pupils);
    }
  }

  for (const school of rows.schools) {
    const mine = <T extends { schoolId?: string | null }>(list: T[]) => list.filter((r) => r.schoolId === school.id).length;
    log(
      `${school.name} (${school.code}): ${mine(rows.academicSessions)} sessions, ${mine(rows.terms)} terms, ` +
        `${mine(rows.classes)} classes, ${mine(rows.subjects)} subjects, ${mine(rows.staff)} staff, ` +
        `${mine(rows.students)} students, ${mine(rows.guardians)} guardians, ${mine(rows.enrolments)} enrolments`,
    );
  }
  log(`${rows.users.length} user accounts; seeded in ${Math.round(performance.now() - started)} ms`);
}
