import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf } from '../../test/factories';
import { createSchool, createTenant, createTestApp, TestClient } from '../../test/test-app';
import { parseCsv } from '../../lib/csv';

/**
 * The world the reports tests share (reports.test.ts, reports.organisation.test.ts). Each file builds its own
 * with `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 *
 * Hand-worked fixture (school A of organisation A, session 2023/24, Second term):
 *   JSS 1 A: Ada (F, active), Bola (M, admitted 2024-01-10), Chidi (M, withdrawn)   → M 2, F 1, 3
 *   JSS 1 B: Dayo (F, admitted 2023-09-05)                                           → M 0, F 1, 1
 *   SSS 1 A: Emeka (M, graduated)                                                    → M 1, F 0, 1
 *   (Femi, enrolled only in 2022/23, is not counted.)
 *   totals M 3, F 2, 5; active 3, graduated 1, withdrawn 1; new admissions 2 (Bola, Dayo).
 * Staff: Adeyemi (Teacher, class teacher of JSS 1 A, Mathematics in JSS 1 A and B, English in JSS 1 A),
 *   Bello (Teacher, inactive), Principal Okoro (Civic Education in SSS 1 A), Gateman Musa.
 * Fees, Second term: Ada 500.00 − 50.00 discount, paid 200.00 (+100.00 pending, not counted);
 *   Bola 500.00, paid 600.00 (credit not counted against others); Dayo 700.00, nothing paid.
 *   JSS 1 A: 2 invoices, 950.00 / 800.00 / 250.00; JSS 1 B: 1, 700.00 / 0 / 700.00; total 3, 1,650.00 / 800.00 / 950.00.
 * Attendance, Second term, JSS 1 A: 2 registers; present 3, late 1, absent 2 → 66.7 %.
 * Results, Second term, JSS 1 A Mathematics: Ada 80, Bola 60 → class average 70.
 * School A2 (same organisation): Primary 2 A with Kemi (F) and Tunde (M); one teacher; Second term
 *   2023/24 one invoice 300.00 paid in full.
 */

type Tenant = Awaited<ReturnType<typeof createTenant>>;
export let app: FastifyInstance;
export let t: Tenant;
export let other: Tenant;
export let schoolA2: { id: string; name: string };
export let second: typeof schema.terms.$inferSelect;
export let otherSecond: typeof schema.terms.$inferSelect;
const classes: Record<string, string> = {};

let counter = 0;
const reg = () => `R-${++counter}`;

async function invoice(
  schoolId: string,
  organisationId: string,
  termId: string,
  classId: string,
  studentId: string,
  lines: number[],
  payments: Array<[number, string]>,
) {
  const [inv] = await app.db.insert(schema.invoices).values({ schoolId, termId, classId, studentId }).returning();
  await app.db.insert(schema.invoiceLines).values(
    lines.map((amount) => ({
      schoolId,
      invoiceId: inv.id,
      kind: amount < 0 ? 'discount' : 'fee',
      description: amount < 0 ? 'Discount' : 'Tuition',
      amountKobo: amount,
    })),
  );
  for (const [amount, status] of payments) {
    await app.db
      .insert(schema.payments)
      .values({ schoolId, organisationId, invoiceId: inv.id, studentId, amountKobo: amount, method: 'Cash', status, reference: reg() });
  }
}

const clients: Record<string, TestClient> = {};
export async function as(email: string) {
  if (!clients[email]) {
    clients[email] = new TestClient(app);
    await clients[email].login(email);
  }
  return clients[email];
}
export const admin = () => as(t.users.admin.email);
export const superAdmin = () => as(t.users.super_admin.email);

export async function setUp() {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  const db = app.db;
  const s = t.school.id;
  const [past] = await db
    .select()
    .from(schema.academicSessions)
    .where(and(eq(schema.academicSessions.schoolId, s), eq(schema.academicSessions.name, '2022/23')));

  for (const [key, level, arm, sessionId] of [
    ['jss1a', 'JSS 1', 'A', t.session.id],
    ['jss1b', 'JSS 1', 'B', t.session.id],
    ['sss1a', 'SSS 1', 'A', t.session.id],
    ['pastJss1a', 'JSS 1', 'A', past.id],
  ] as const) {
    classes[key] = (await createClass(db, t, { academicSessionId: sessionId, level, arm })).id;
  }
  const student = async (firstName: string, gender: string, status = 'active', admittedOn: string | null = null) =>
    (await createStudent(db, t, { registrationNo: reg(), firstName, lastName: 'Test', gender, status, admittedOn })).id;
  const ada = t.student.id;
  const bola = await student('Bola', 'male', 'active', '2024-01-10');
  const chidi = await student('Chidi', 'male', 'withdrawn', '2022-09-01');
  const dayo = await student('Dayo', 'female', 'active', '2023-09-05');
  const emeka = await student('Emeka', 'male', 'graduated', '2021-09-01');
  const femi = await student('Femi', 'male', 'active', '2022-09-02');
  const enrol = (classId: string, studentId: string, academicSessionId = t.session.id) => createEnrolment(db, t, { studentId, classId, academicSessionId });
  await enrol(classes.jss1a, ada);
  await enrol(classes.jss1a, bola);
  await enrol(classes.jss1a, chidi);
  await enrol(classes.jss1b, dayo);
  await enrol(classes.sss1a, emeka);
  await enrol(classes.pastJss1a, femi, past.id);

  const staff = async (name: string, staffType: string, status = 'active') => (await createStaff(db, t, { name, staffType, status })).id;
  const adeyemi = await staff('Mrs. Adeyemi', 'Teacher');
  await staff('Mr. Bello', 'Teacher', 'inactive');
  const okoro = await staff('Dr. Okoro', 'Principal');
  await staff('Musa', 'Gateman');
  await db
    .update(schema.classes)
    .set({ classTeacherId: adeyemi })
    .where(and(eq(schema.classes.schoolId, t.school.id), eq(schema.classes.id, classes.jss1a)));
  const maths = await createSubject(db, t, { name: 'Mathematics', code: 'MTH' });
  const english = await createSubject(db, t, { name: 'English', code: 'ENG' });
  const civic = await createSubject(db, t, { name: 'Civic Education', code: 'CVE' });
  await createClassSubject(db, t, { classId: classes.jss1a, subjectId: maths.id, teacherId: adeyemi });
  await createClassSubject(db, t, { classId: classes.jss1b, subjectId: maths.id, teacherId: adeyemi });
  await createClassSubject(db, t, { classId: classes.jss1a, subjectId: english.id, teacherId: adeyemi });
  await createClassSubject(db, t, { classId: classes.sss1a, subjectId: civic.id, teacherId: okoro });

  second = await termOf(db, t, 'Second');
  const org = t.organisation.id;
  await invoice(
    s,
    org,
    second.id,
    classes.jss1a,
    ada,
    [50000, -5000],
    [
      [20000, 'Success'],
      [10000, 'Pending'],
    ],
  );
  await invoice(s, org, second.id, classes.jss1a, bola, [50000], [[60000, 'Success']]);
  await invoice(s, org, second.id, classes.jss1b, dayo, [70000], []);

  const [r1, r2] = await db
    .insert(schema.attendanceRegisters)
    .values([
      { schoolId: s, classId: classes.jss1a, termId: second.id, date: '2024-01-08' },
      { schoolId: s, classId: classes.jss1a, termId: second.id, date: '2024-01-09' },
    ])
    .returning();
  void r1;
  void r2;
  await db.insert(schema.attendanceTermTotals).values([
    { schoolId: s, termId: second.id, studentId: ada, classId: classes.jss1a, present: 2 },
    { schoolId: s, termId: second.id, studentId: bola, classId: classes.jss1a, present: 1, absent: 1 },
    { schoolId: s, termId: second.id, studentId: chidi, classId: classes.jss1a, late: 1, absent: 1 },
  ]);
  await db.insert(schema.scores).values([
    { schoolId: s, studentId: ada, subjectId: maths.id, termId: second.id, test1: 10, test2: 10, assignment: 10, exam: 50 },
    { schoolId: s, studentId: bola, subjectId: maths.id, termId: second.id, test1: 10, test2: 10, assignment: 0, exam: 40 },
  ]);

  // a second school of organisation A
  const a2 = await createSchool(db, org, { name: 'Greenfield A2' });
  schoolA2 = a2.school;
  const p2a = await createClass(db, a2, { level: 'Primary 2', arm: 'A' });
  const kemi = await createStudent(db, a2, { registrationNo: reg(), firstName: 'Kemi', lastName: 'A2', gender: 'female', classId: p2a.id });
  await createStudent(db, a2, { registrationNo: reg(), firstName: 'Tunde', lastName: 'A2', gender: 'male', classId: p2a.id });
  await createStaff(db, a2, { name: 'Mr. A2' });
  const a2Second = await termOf(db, a2, 'Second');
  await invoice(a2.school.id, org, a2Second.id, p2a.id, kemi.id, [30000], [[30000, 'Success']]);

  // organisation B's school: figures that must never show in A's reports
  otherSecond = await termOf(db, other, 'Second');
  const oc = await createClass(db, other, { level: 'JSS 1', arm: 'A' });
  await createEnrolment(db, other, { studentId: other.student.id, classId: oc.id });
  await invoice(other.school.id, other.organisation.id, otherSecond.id, oc.id, other.student.id, [99900], [[99900, 'Success']]);
  await createStaff(db, other, { name: 'Other' });
}

export async function tearDown() {
  await app?.close();
}

export const csvOf = (body: string) => parseCsv(body).map((r) => r.fields);
