import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rowsOf } from '../client';
import { schoolRow } from '../columns';
import { freshDatabase } from '../../test/test-app';
import {
  academicSessions,
  classes,
  classSubjects,
  classTeacherRemarks,
  enrolments,
  guardians,
  organisations,
  ratingTraits,
  resultPublications,
  schools,
  staff,
  studentGuardians,
  studentRatings,
  students,
  terms,
  userEmails,
  users,
} from '../schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './demo';
import { accountIdByEmail, accountsByIds } from '../../lib/accounts';
import { verifyPassword } from '../../lib/passwords';
import { assembleCards } from '../../modules/report-cards/report-cards.service';
import { buildApp } from '../../app';
import { TestClient } from '../../test/test-app';

/** Every school's id: the statements below name their schools (ADR 0026). */
async function schoolIdsOf(db: Db): Promise<string[]> {
  return (await db.select({ id: schools.id }).from(schools)).map((s) => s.id);
}

/** The id of the account with this e-mail, from user_emails (read alone: accounts are another group than the schools' rows, ADR 0026). */
async function accountIdOf(db: Db, email: string): Promise<string> {
  const id = await accountIdByEmail(db, email);
  expect(id, email).not.toBeNull();
  return id!;
}

/** The account with this e-mail: user_emails, then `users` by id. */
async function accountOf(db: Db, email: string) {
  const [account] = await db
    .select()
    .from(users)
    .where(eq(users.id, await accountIdOf(db, email)));
  return account;
}

/** Every account of the demo, organisation by organisation (ADR 0026). */
async function allAccounts(db: Db) {
  const organisationIds = (await db.select({ id: organisations.id }).from(organisations)).map((o) => o.id);
  return db.select().from(users).where(inArray(users.organisationId, organisationIds));
}

async function studentNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ first: students.firstName, middle: students.middleName, last: students.lastName, reg: students.registrationNo })
    .from(students)
    .where(inArray(students.schoolId, await schoolIdsOf(db)));
  return rows.map((r) => `${r.reg} ${r.first} ${r.middle ?? ''} ${r.last}`).sort();
}

describe('demo seed', () => {
  let database: Database;
  let db: Db;
  let seedMs = 0;
  let mainSchoolId: string;
  let schoolIds: string[];
  let uploadsDir: string;

  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
    expect(await isDatabaseEmpty(db)).toBe(true);
    uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-uploads-'));
    const started = performance.now();
    await seedDemo(db, { uploadsDir });
    seedMs = performance.now() - started;
    const [main] = await db.select().from(schools).where(eq(schools.code, 'GFA'));
    mainSchoolId = main.id;
    schoolIds = await schoolIdsOf(db);
  }, 60000);

  afterAll(async () => {
    await database?.close();
    if (uploadsDir) await fs.rm(uploadsDir, { recursive: true, force: true });
  });

  it('takes under 15 seconds and leaves the database non-empty', async () => {
    expect(seedMs).toBeLessThan(15000);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it('rates every student of a published class on each default trait of the term (1-5)', async () => {
    const traits = await db.select().from(ratingTraits).where(eq(ratingTraits.schoolId, mainSchoolId));
    expect(traits).toHaveLength(14);
    const published = await db.select().from(resultPublications).where(eq(resultPublications.schoolId, mainSchoolId));
    expect(published.length).toBeGreaterThan(0);
    const [{ pupils }] = await db
      .select({ pupils: sql<number>`count(*)::int` })
      .from(resultPublications)
      .innerJoin(enrolments, and(eq(enrolments.schoolId, resultPublications.schoolId), eq(enrolments.classId, resultPublications.classId)))
      .where(eq(resultPublications.schoolId, mainSchoolId));
    const ratings = await db.select({ rating: studentRatings.rating }).from(studentRatings).where(eq(studentRatings.schoolId, mainSchoolId));
    expect(ratings).toHaveLength(pupils * 14);
    expect(ratings.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(new Set(ratings.map((r) => r.rating)).size).toBeGreaterThanOrEqual(3);
  });

  it("gives every student of a published class a class teacher's comment from the bank for the term, naming them", async () => {
    const pupils = await db
      .select({ studentId: enrolments.studentId, termId: resultPublications.termId, firstName: students.firstName })
      .from(resultPublications)
      .innerJoin(enrolments, and(eq(enrolments.schoolId, resultPublications.schoolId), eq(enrolments.classId, resultPublications.classId)))
      .innerJoin(students, schoolRow(students, enrolments.schoolId, enrolments.studentId))
      .where(eq(resultPublications.schoolId, mainSchoolId));
    expect(pupils.length).toBeGreaterThan(0);
    const remarks = await db.select().from(classTeacherRemarks).where(eq(classTeacherRemarks.schoolId, mainSchoolId));
    const byKey = new Map(remarks.map((r) => [`${r.studentId}:${r.termId}`, r.comment]));
    expect(remarks).toHaveLength(pupils.length);
    for (const p of pupils) expect(byKey.get(`${p.studentId}:${p.termId}`)).toMatch(new RegExp(`^${p.firstName} `));
    expect(new Set(remarks.map((r) => r.comment.replace(/^\S+ /, ''))).size).toBeGreaterThanOrEqual(5);
  });

  it('uses the approval chain, and took every published class through it before the term ended', async () => {
    const steps = rowsOf(await db.execute(sql`select submission, review, approval from result_approval_steps where school_id = ${mainSchoolId}`));
    expect(steps).toEqual([{ submission: true, review: true, approval: true }]);
    const [counts] = rowsOf<{ published: number; approved: number; missing_sheets: number }>(
      await db.execute(sql`
      select count(*)::int as published,
        count(*) filter (where a.approved_at is not null and a.reviewed_at < a.approved_at and a.approved_at < t.end_date + 1)::int as approved,
        count(*) filter (where exists (
          select 1 from class_subjects cs where cs.school_id = p.school_id and cs.class_id = p.class_id
            and not exists (select 1 from result_sheet_submissions s where s.school_id = p.school_id and s.term_id = p.term_id
              and s.class_id = p.class_id and s.subject_id = cs.subject_id and s.returned_at is null)))::int as missing_sheets
      from result_publications p
      join terms t on t.school_id = p.school_id and t.id = p.term_id
      left join result_class_approvals a on a.school_id = p.school_id and a.term_id = p.term_id and a.class_id = p.class_id
      where p.school_id = ${mainSchoolId}`),
    );
    expect(Number(counts.published)).toBeGreaterThan(0);
    expect(counts).toMatchObject({ approved: counts.published, missing_sheets: 0 });
  });

  it('publishes the three terms of 2022/23, so that its Third term cards show the session’s cumulative figures (ADR 0034)', async () => {
    const [previous] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(and(eq(academicSessions.schoolId, mainSchoolId), eq(academicSessions.name, '2022/23')));
    const termRows = await db
      .select({ id: terms.id, name: terms.name })
      .from(terms)
      .where(and(eq(terms.schoolId, mainSchoolId), eq(terms.academicSessionId, previous.id)));
    const third = termRows.find((t) => t.name === 'Third')!;
    const published = await db
      .select({ classId: resultPublications.classId, termId: resultPublications.termId })
      .from(resultPublications)
      .where(
        and(
          eq(resultPublications.schoolId, mainSchoolId),
          inArray(
            resultPublications.termId,
            termRows.map((t) => t.id),
          ),
        ),
      );
    const classesOfPrevious = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.schoolId, mainSchoolId), eq(classes.academicSessionId, previous.id)));
    expect(published).toHaveLength(classesOfPrevious.length * 3);
    const [pupil] = await db
      .select({ studentId: enrolments.studentId, classId: enrolments.classId })
      .from(enrolments)
      .where(and(eq(enrolments.schoolId, mainSchoolId), eq(enrolments.academicSessionId, previous.id)))
      .limit(1);
    const { cards } = await assembleCards(db, { schoolId: mainSchoolId, classId: pupil.classId, termId: third.id, studentIds: [pupil.studentId] });
    expect(cards[0]).toMatchObject({ published: true, term: { name: 'Third', sessionName: '2022/23' } });
    const cumulative = cards[0].cumulative!;
    expect(cumulative.terms.map((t) => t.name)).toEqual(['First', 'Second', 'Third']);
    expect(cumulative.subjects.length).toBeGreaterThan(0);
    expect(cumulative.subjects.every((s) => s.totals.every((total) => total !== null) && s.average !== null)).toBe(true);
    expect(cumulative.annualAverage).not.toBeNull();
    expect(cumulative.annualPosition).toBeGreaterThanOrEqual(1);
  });

  it("signs every card of a published class with a principal's comment from the bank", async () => {
    const [counts] = rowsOf<{ cards: number; signed: number; distinct: number }>(
      await db.execute(sql`
        select count(*)::int as cards, count(r.principal_comment)::int as signed, count(distinct r.principal_comment)::int as distinct
        from result_publications p
        join enrolments e on e.school_id = p.school_id and e.class_id = p.class_id
        left join report_card_remarks r on r.school_id = e.school_id and r.student_id = e.student_id and r.term_id = p.term_id
        where p.school_id = ${mainSchoolId}`),
    );
    expect(counts.cards).toBeGreaterThan(0);
    expect(counts.signed).toBe(counts.cards);
    expect(counts.distinct).toBeGreaterThanOrEqual(5);
  });

  it("draws each school's crest and the demo class's passport photos into the uploads folder", async () => {
    const [main] = await db.select({ logo: schools.logoUploadId }).from(schools).where(eq(schools.id, mainSchoolId));
    expect(main.logo).not.toBeNull();
    const photos = rowsOf<{ name: string; storage_key: string; mime_type: string }>(
      await db.execute(sql`
        select s.first_name as name, u.storage_key, u.mime_type from students s
        join uploads u on u.school_id = s.school_id and u.id = s.photo_path::uuid and u.purpose = 'student-photo'
        where s.school_id = ${mainSchoolId}`),
    );
    // JSS 1 A and Chidera's brother in Primary 4 B
    expect(photos.length).toBeGreaterThanOrEqual(10);
    expect(photos.map((p) => p.name)).toEqual(expect.arrayContaining(['Chidera', 'Ebuka']));
    const bytes = await fs.readFile(path.join(uploadsDir, photos[0].storage_key));
    expect(photos[0].mime_type).toBe('image/png');
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('creates the two schools of one organisation', async () => {
    const rows = await db.select().from(schools);
    expect(rows.map((s) => s.name).sort()).toEqual(['Greenfield Academy', 'Greenfield Nursery & Primary, Lekki']);
    expect(new Set(rows.map((s) => s.organisationId)).size).toBe(1);
  });

  it('gives each school five sessions, exactly one Active (2023/24), three terms each, one current', async () => {
    for (const school of await db.select().from(schools)) {
      const sessions = await db.select().from(academicSessions).where(eq(academicSessions.schoolId, school.id));
      expect(sessions.map((s) => s.name).sort()).toEqual(['2019/20', '2020/21', '2021/22', '2022/23', '2023/24']);
      const active = sessions.filter((s) => s.status === 'Active');
      expect(active.map((s) => s.name)).toEqual(['2023/24']);
      expect(sessions.filter((s) => s.status !== 'Active').every((s) => s.status === 'Inactive')).toBe(true);

      const termRows = await db.select().from(terms).where(eq(terms.schoolId, school.id));
      expect(termRows).toHaveLength(15);
      for (const session of sessions) {
        const mine = termRows.filter((t) => t.academicSessionId === session.id).sort((a, b) => a.startDate.localeCompare(b.startDate));
        expect(mine.map((t) => t.name)).toEqual(['First', 'Second', 'Third']);
        const year = Number(session.name.slice(0, 4));
        expect(mine[0].startDate.startsWith(`${year}-09-`)).toBe(true);
        expect(mine[0].endDate.startsWith(`${year}-12-`)).toBe(true);
        expect(mine[1].startDate.startsWith(`${year + 1}-01-`)).toBe(true);
        expect(mine[2].endDate.startsWith(`${year + 1}-07-`)).toBe(true);
        for (const t of mine) expect(t.startDate < t.endDate).toBe(true);
      }
      const current = termRows.filter((t) => t.isCurrent);
      expect(current).toHaveLength(1);
      expect(current[0].name).toBe('Second');
      expect(current[0].academicSessionId).toBe(active[0].id);
    }
  });

  it('creates the five demo accounts with their roles, sharing the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await accountOf(db, account.email);
      expect(user, account.email).toBeDefined();
      expect(user.email).toBe(account.email);
      expect(user.role).toBe(account.role);
      expect(user.status).toBe('active');
    }
    const superAdmin = await accountOf(db, 'super@demo.test');
    expect(superAdmin.schoolId).toBeNull();
    const admin = await accountOf(db, 'admin@demo.test');
    expect(admin.schoolId).toBe(mainSchoolId);
    const [adminStaff] = await db
      .select()
      .from(staff)
      .where(and(eq(staff.schoolId, mainSchoolId), eq(staff.userId, admin.id)));
    expect(adminStaff.staffType).toBe('Admin');
    expect(await verifyPassword(admin.passwordHash, DEMO_PASSWORD)).toBe(true);
    const accounts = await allAccounts(db);
    expect(new Set(accounts.map((a) => a.passwordHash)).size).toBe(1);
    // every account's address is in user_emails, where sign-in finds it
    const claimed = await db
      .select()
      .from(userEmails)
      .where(
        inArray(
          userEmails.email,
          accounts.map((a) => a.email.toLowerCase()),
        ),
      );
    expect(new Map(claimed.map((c) => [c.email, c.userId]))).toEqual(new Map(accounts.map((a) => [a.email.toLowerCase(), a.id])));
  });

  it('makes teacher@demo.test class teacher of JSS 1 A in 2023/24, teaching two subjects there, with student@demo.test enrolled', async () => {
    const teacherUserId = await accountIdOf(db, 'teacher@demo.test');
    const [teacher] = await db
      .select({ staffId: staff.id })
      .from(staff)
      .where(and(eq(staff.schoolId, mainSchoolId), eq(staff.userId, teacherUserId)));
    const [jss1a] = await db
      .select({ id: classes.id, classTeacherId: classes.classTeacherId })
      .from(classes)
      .innerJoin(academicSessions, schoolRow(academicSessions, classes.schoolId, classes.academicSessionId))
      .where(and(eq(classes.schoolId, mainSchoolId), eq(academicSessions.name, '2023/24'), eq(classes.level, 'JSS 1'), eq(classes.arm, 'A')));
    expect(jss1a.classTeacherId).toBe(teacher.staffId);
    const taught = await db
      .select()
      .from(classSubjects)
      .where(and(eq(classSubjects.schoolId, mainSchoolId), eq(classSubjects.classId, jss1a.id), eq(classSubjects.teacherId, teacher.staffId)));
    expect(taught.length).toBeGreaterThanOrEqual(2);

    const studentUserId = await accountIdOf(db, 'student@demo.test');
    const [student] = await db
      .select({ classId: enrolments.classId })
      .from(students)
      .innerJoin(enrolments, and(eq(enrolments.schoolId, students.schoolId), eq(enrolments.studentId, students.id)))
      .where(and(eq(students.schoolId, mainSchoolId), eq(students.userId, studentUserId), eq(enrolments.classId, jss1a.id)));
    expect(student).toBeDefined();
  });

  it('makes parent@demo.test guardian of the demo student and a sibling in another class', async () => {
    const parentUserId = await accountIdOf(db, 'parent@demo.test');
    const childRows = await db
      .select({ studentId: students.id, userId: students.userId })
      .from(guardians)
      .innerJoin(studentGuardians, and(eq(studentGuardians.schoolId, guardians.schoolId), eq(studentGuardians.guardianId, guardians.id)))
      .innerJoin(students, schoolRow(students, studentGuardians.schoolId, studentGuardians.studentId))
      .where(and(inArray(guardians.schoolId, schoolIds), eq(guardians.userId, parentUserId)));
    const accounts = await accountsByIds(
      db,
      childRows.map((c) => c.userId),
    );
    const children = childRows.map((c) => ({ studentId: c.studentId, userEmail: (c.userId && accounts.get(c.userId)?.email) ?? null }));
    expect(children).toHaveLength(2);
    expect(children.some((c) => c.userEmail === 'student@demo.test')).toBe(true);
    const classesOfChildren = await db
      .select({ classId: enrolments.classId })
      .from(enrolments)
      .innerJoin(academicSessions, schoolRow(academicSessions, enrolments.schoolId, enrolments.academicSessionId))
      .where(
        and(
          inArray(enrolments.schoolId, schoolIds),
          eq(academicSessions.name, '2023/24'),
          sql`${enrolments.studentId} in (${sql.join(
            children.map((c) => sql`${c.studentId}`),
            sql`, `,
          )})`,
        ),
      );
    expect(new Set(classesOfChildren.map((c) => c.classId)).size).toBe(2);
  });

  it('has about 300 students and about 40 staff in the main school, with unique registration numbers', async () => {
    const [{ active }] = await db
      .select({ active: sql<number>`count(*)::int` })
      .from(students)
      .where(and(eq(students.schoolId, mainSchoolId), eq(students.status, 'active')));
    expect(active).toBeGreaterThanOrEqual(280);
    expect(active).toBeLessThanOrEqual(330);
    const [{ enrolled }] = await db
      .select({ enrolled: sql<number>`count(*)::int` })
      .from(enrolments)
      .innerJoin(academicSessions, schoolRow(academicSessions, enrolments.schoolId, enrolments.academicSessionId))
      .where(and(eq(enrolments.schoolId, mainSchoolId), eq(academicSessions.name, '2023/24')));
    expect(enrolled).toBe(active);
    const [{ staffCount }] = await db
      .select({ staffCount: sql<number>`count(*)::int` })
      .from(staff)
      .where(eq(staff.schoolId, mainSchoolId));
    expect(staffCount).toBeGreaterThanOrEqual(35);
    expect(staffCount).toBeLessThanOrEqual(45);

    const regs = await db.select({ schoolId: students.schoolId, reg: students.registrationNo }).from(students).where(inArray(students.schoolId, schoolIds));
    expect(new Set(regs.map((r) => `${r.schoolId} ${r.reg}`)).size).toBe(regs.length);
    for (const r of regs) expect(r.reg).toMatch(/^(GFA|GNP)\/20\d\d\/\d{4}$/);
  });

  it('gives every class a class teacher and every class subject a teacher', async () => {
    const noTeacher = await db
      .select()
      .from(classes)
      .where(and(inArray(classes.schoolId, schoolIds), sql`${classes.classTeacherId} is null`));
    expect(noTeacher).toHaveLength(0);
    const noSubjectTeacher = await db
      .select()
      .from(classSubjects)
      .where(and(inArray(classSubjects.schoolId, schoolIds), sql`${classSubjects.teacherId} is null`));
    expect(noSubjectTeacher).toHaveLength(0);
  });

  /** A client of an app over the seeded database, signed in as `email` (the app leaves the database open for the other tests). */
  async function signedIn(email: string) {
    const app = await buildApp({
      database: Object.assign(Object.create(database) as Database, { close: async () => {} }),
      serveWeb: false,
      config: { logLevel: 'silent', uploadsDir },
    });
    await app.ready();
    const client = new TestClient(app);
    await client.login(email, DEMO_PASSWORD);
    return { app, client };
  }

  it("gives the demo student's JSS 1 A of 2023/24 a history: published terms of earlier sessions, in classes of those sessions", async () => {
    const { app, client } = await signedIn('student@demo.test');
    try {
      const me = (await client.get('/api/auth/me')).json();
      const res = await client.get(`/api/results/students/${me.user.studentId}`);
      expect(res.statusCode).toBe(200);
      const published: Array<{ termName: string; sessionName: string }> = res.json().terms;
      expect(published.length).toBeGreaterThanOrEqual(4);
      const sessionsShown = new Set(published.map((t) => t.sessionName));
      for (const name of ['2019/20', '2020/21', '2021/22', '2022/23']) expect(sessionsShown.has(name), name).toBe(true);
      expect(published.map((t) => `${t.termName} ${t.sessionName}`)).not.toContain('Second 2023/24');
    } finally {
      await app.close();
    }
    // each earlier session has its three terms, and classes with published results
    const [counts] = rowsOf<{ sessions: number; with_terms: number; with_published: number }>(
      await db.execute(sql`
        select count(*)::int as sessions,
          count(*) filter (where (select count(*) from terms t where t.school_id = s.school_id and t.academic_session_id = s.id) = 3)::int as with_terms,
          count(*) filter (where exists (select 1 from result_publications p join terms t on t.school_id = p.school_id and t.id = p.term_id
            where p.school_id = s.school_id and t.academic_session_id = s.id))::int as with_published
        from academic_sessions s
        where s.school_id = ${mainSchoolId} and s.name in ('2019/20', '2020/21', '2021/22')`),
    );
    expect(counts).toEqual({ sessions: 3, with_terms: 3, with_published: 3 });
  });

  it("keeps registers in the earlier sessions' terms of the demo family's classes, shown on the calendar and the cards", async () => {
    const { app, client } = await signedIn('student@demo.test');
    let chidera: string;
    try {
      chidera = (await client.get('/api/auth/me')).json().user.studentId;
    } finally {
      await app.close();
    }
    const parent = await signedIn('parent@demo.test');
    try {
      // February 2023 (2022/23, Primary 6 A) and October 2019 (2019/20, Primary 3 A)
      for (const month of ['2023-02', '2019-10']) {
        const res = await parent.client.get(`/api/students/${chidera}/attendance?month=${month}`);
        expect(res.statusCode, res.body).toBe(200);
        const events: Array<{ year: number; month: number; title: string }> = res.json().events;
        expect(events.length, month).toBeGreaterThanOrEqual(15);
        expect(events.every((e) => `${e.year}-${String(e.month).padStart(2, '0')}` === month)).toBe(true);
        expect(new Set(events.map((e) => e.title)).has('Present')).toBe(true);
      }
    } finally {
      await parent.app.close();
    }
    // every term of each earlier session of both children has registers, every pupil of the class marked on each
    const [counts] = rowsOf<{ class_terms: number; with_registers: number; unmarked: number }>(
      await db.execute(sql`
        with history as (
          select distinct e.class_id, t.id as term_id
          from enrolments e
          join academic_sessions s on s.school_id = e.school_id and s.id = e.academic_session_id and s.status <> 'Active'
          join terms t on t.school_id = e.school_id and t.academic_session_id = s.id
          join student_guardians sg on sg.school_id = e.school_id and sg.student_id = e.student_id
          join guardians g on g.school_id = sg.school_id and g.id = sg.guardian_id and g.user_id = ${await accountIdOf(db, 'parent@demo.test')}
          where e.school_id = ${mainSchoolId}
        )
        select count(*)::int as class_terms,
          count(*) filter (where exists (select 1 from attendance_registers r where r.school_id = ${mainSchoolId}
            and r.class_id = h.class_id and r.term_id = h.term_id))::int as with_registers,
          (select count(*)::int from attendance_registers r
            join enrolments e on e.school_id = r.school_id and e.class_id = r.class_id
            where r.school_id = ${mainSchoolId} and (r.class_id, r.term_id) in (select class_id, term_id from history)
              and not exists (select 1 from attendance_entries a where a.school_id = r.school_id and a.register_id = r.id and a.student_id = e.student_id)) as unmarked
        from history h`),
    );
    // 4 earlier sessions × 2 children × 3 terms
    expect(counts).toEqual({ class_terms: 24, with_registers: 24, unmarked: 0 });
    // the 2022/23 Third term card prints the times present
    const [previous] = await db
      .select({ classId: enrolments.classId, termId: terms.id })
      .from(enrolments)
      .innerJoin(academicSessions, schoolRow(academicSessions, enrolments.schoolId, enrolments.academicSessionId))
      .innerJoin(terms, and(eq(terms.schoolId, enrolments.schoolId), eq(terms.academicSessionId, academicSessions.id), eq(terms.name, 'Third')))
      .where(and(eq(enrolments.schoolId, mainSchoolId), eq(enrolments.studentId, chidera), eq(academicSessions.name, '2022/23')));
    const { cards } = await assembleCards(db, { schoolId: mainSchoolId, classId: previous.classId, termId: previous.termId, studentIds: [chidera] });
    expect(cards[0].attendance).toMatchObject({ present: expect.any(Number), daysOpen: expect.any(Number) });
    expect(cards[0].attendance!.present).toBeGreaterThan(30);
  });

  it("points the demo's cameras and their recordings at the app's own test pattern, which plays with no outside network", async () => {
    const { app, client } = await signedIn('admin@demo.test');
    try {
      const cameras: Array<{ id: string; name: string; playback: { kind: string; url: string } }> = (await client.get('/api/cameras')).json().items;
      expect(cameras.map((c) => c.name).sort()).toEqual(['Assembly hall', 'Main gate']);
      for (const camera of cameras) expect(camera.playback).toEqual({ kind: 'mjpeg', url: '/api/cameras/demo-stream.mjpg?seconds=3600' });
      const gate = cameras.find((c) => c.name === 'Main gate')!;
      const days: string[] = (await client.get(`/api/cameras/${gate.id}/clip-days?month=${new Date().toISOString().slice(0, 7)}`)).json().days;
      const clips: Array<{ url: string }> = (await client.get(`/api/cameras/${gate.id}/clips?date=${days.at(-1)}`)).json().items;
      expect(clips.length).toBeGreaterThan(0);
      expect(clips.every((c) => c.url === '/api/cameras/demo-stream.mjpg?seconds=3600')).toBe(true);
      const stream = await client.get('/api/cameras/demo-stream.mjpg?seconds=1');
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^multipart\/x-mixed-replace; boundary=/);
      expect(stream.body.match(/Content-Type: image\/jpeg/g)?.length).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  });

  it('dates the referral credits over the past months, before today, with the payout after the first', async () => {
    const credits = rowsOf<{ created_at: Date | string }>(
      await db.execute(sql`select created_at from referral_credits where school_id = ${mainSchoolId} order by created_at`),
    ).map((c) => new Date(c.created_at));
    expect(credits.length).toBeGreaterThanOrEqual(4);
    const months = new Set(credits.map((c) => c.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThan(1);
    const spanDays = (credits.at(-1)!.getTime() - credits[0].getTime()) / 86_400_000;
    expect(spanDays).toBeGreaterThan(31);
    expect(credits.at(-1)!.getTime()).toBeLessThan(Date.now());
    const [campaign] = rowsOf<{ starts_on: string }>(await db.execute(sql`select starts_on::text from referral_campaigns where school_id = ${mainSchoolId}`));
    expect(credits[0].toISOString().slice(0, 10) >= campaign.starts_on).toBe(true);
    const [payout] = rowsOf<{ requested_at: Date | string; decided_at: Date | string }>(
      await db.execute(sql`select requested_at, decided_at from referral_withdrawals where school_id = ${mainSchoolId}`),
    );
    expect(new Date(payout.requested_at).getTime()).toBeGreaterThan(credits[0].getTime());
    expect(new Date(payout.decided_at).getTime()).toBeGreaterThan(new Date(payout.requested_at).getTime());
  });

  it('leaves work waiting: pending applications, lesson notes to review, and a referrer with earnings', async () => {
    const { app, client } = await signedIn('admin@demo.test');
    try {
      const applications = await client.get('/api/admissions/applications?page=1&pageSize=10&status=Pending');
      expect(applications.statusCode).toBe(200);
      expect(applications.json().total).toBeGreaterThan(0);
      const notes = await client.get('/api/lesson-notes?page=1&status=Submitted');
      expect(notes.statusCode).toBe(200);
      expect(notes.json().total).toBeGreaterThan(0);
      const referrers = await client.get('/api/referrals/referrers');
      expect(referrers.statusCode).toBe(200);
      const items: Array<{ userId: string; earnedKobo: number }> = referrers.json().items;
      const earning = items.filter((r) => r.earnedKobo > 0);
      expect(earning.length).toBeGreaterThanOrEqual(2);
      // the referrer sees a balance to withdraw
      const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, earning[0].userId));
      const referrer = await signedIn(account.email);
      try {
        const mine = (await referrer.client.get('/api/me/referrals')).json();
        expect(mine.availableKobo).toBeGreaterThan(0);
      } finally {
        await referrer.app.close();
      }
    } finally {
      await app.close();
    }
  });

  it('produces the same students from the same seed', { timeout: 60000 }, async () => {
    const other = await freshDatabase();
    try {
      await seedDemo(other.db);
      expect(await studentNames(other.db)).toEqual(await studentNames(db));
    } finally {
      await other.close();
    }
  });
});
