import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject, termOf } from '../../test/factories';
import { createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

/**
 * The world the results tests share (results.test.ts, results.settings.test.ts). Each file builds its own with
 * `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 */
type Tenant = Awaited<ReturnType<typeof createTenant>>;

export let app: FastifyInstance;
export let t: Tenant;
export let other: Tenant;
export let jss1a: typeof schema.classes.$inferSelect;
export let maths: typeof schema.subjects.$inferSelect;
export let english: typeof schema.subjects.$inferSelect;
export let first: typeof schema.terms.$inferSelect;
export let second: typeof schema.terms.$inferSelect;
let adeyemi: typeof schema.staff.$inferSelect;
let okaforUser: typeof schema.users.$inferSelect;
export let studentIds: { ada: string; bola: string; chi: string; dayo: string };
export let otherClassId: string;
export let otherTermId: string;
export let otherSubjectId: string;
export let otherStudentId: string;

const clients: Record<string, TestClient> = {};
async function as(key: string, email: string) {
  if (!clients[key]) {
    clients[key] = new TestClient(app);
    await clients[key].login(email);
  }
  return clients[key];
}
export const teacher = () => as('teacher', t.users.teacher.email);
export const okafor = () => as('okafor', okaforUser.email);
export const admin = () => as('admin', t.users.admin.email);
export const superAdmin = () => as('super', t.users.super_admin.email);
export const student = () => as('student', t.users.student.email);
export const parent = () => as('parent', t.users.parent.email);
export const otherAdmin = () => as('otherAdmin', other.users.admin.email);

export const row = (studentId: string, test1: number | null, test2: number | null, assignment: number | null, exam: number | null) => ({
  studentId,
  test1,
  test2,
  assignment,
  exam,
});
export const batch = (rows: ReturnType<typeof row>[], overrides: Record<string, unknown> = {}) => ({
  termId: first.id,
  classId: jss1a.id,
  subjectId: maths.id,
  rows,
  ...overrides,
});
export const sheetUrl = (subjectId = maths.id, termId = first.id, classId = jss1a.id) =>
  `/api/results/scores?termId=${termId}&classId=${classId}&subjectId=${subjectId}`;

export async function scoreRows() {
  return app.db.select().from(schema.scores).where(eq(schema.scores.schoolId, t.school.id));
}

export async function setUp() {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  adeyemi = await createStaff(app.db, t, { userId: t.users.teacher.id, name: 'Mrs. Adeyemi' });
  okaforUser = await createUser(app.db, { organisationId: t.organisation.id, schoolId: t.school.id, role: 'teacher', name: 'Mr. Okafor' });
  const okaforStaff = await createStaff(app.db, t, { userId: okaforUser.id, name: 'Mr. Okafor' });
  jss1a = await createClass(app.db, t, { level: 'JSS 1', arm: 'A' });
  maths = await createSubject(app.db, t, { name: 'Mathematics', code: 'MTH' });
  english = await createSubject(app.db, t, { name: 'English', code: 'ENG' });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: adeyemi.id });
  await createClassSubject(app.db, t, { classId: jss1a.id, subjectId: english.id, teacherId: okaforStaff.id });
  first = await termOf(app.db, t, 'First');
  second = await termOf(app.db, t, 'Second');
  // the tenant's own student is Ada Obi
  const bola = await createStudent(app.db, t, { firstName: 'Bola', lastName: 'Ade' });
  const chi = await createStudent(app.db, t, { firstName: 'Chi', lastName: 'Eze' });
  const dayo = await createStudent(app.db, t, { firstName: 'Dayo', lastName: 'Ola' });
  studentIds = { ada: t.student.id, bola: bola.id, chi: chi.id, dayo: dayo.id };
  for (const id of Object.values(studentIds)) await createEnrolment(app.db, t, { studentId: id, classId: jss1a.id });

  const otherClass = await createClass(app.db, other, { level: 'JSS 1', arm: 'A' });
  const otherSubject = await createSubject(app.db, other, { name: 'Mathematics', code: 'MTH' });
  otherClassId = otherClass.id;
  otherSubjectId = otherSubject.id;
  otherTermId = (await termOf(app.db, other, 'First')).id;
  otherStudentId = other.student.id;
  await createEnrolment(app.db, other, { studentId: other.student.id, classId: otherClass.id });
}
export async function tearDown() {
  await app.close();
}
