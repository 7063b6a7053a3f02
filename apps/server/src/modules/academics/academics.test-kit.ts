import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { createClass, createClassSubject, createEnrolment, createStaff, createStudent, createSubject } from '../../test/factories';
import { createTenant, createTestApp, TestClient } from '../../test/test-app';

/**
 * The world the academics tests share (academics.test.ts, academics.subjects.test.ts). Each file builds its own
 * with `beforeAll(setUp)` and closes it with `afterAll(tearDown)`; `setUp` sets the bindings below.
 */
type Tenant = Awaited<ReturnType<typeof createTenant>>;

export let app: FastifyInstance;
export let tenant: Tenant;
export let other: Tenant;
export let world: Awaited<ReturnType<typeof buildSchool>>;
export let otherWorld: Awaited<ReturnType<typeof buildSchool>>;
export const clients = {} as Record<'admin' | 'teacher' | 'student' | 'parent' | 'superAdmin' | 'otherAdmin', TestClient>;

/** Staff, subjects, two classes of the Active session (the student in JSS 1 A) and one of last session. */
async function buildSchool(db: Db, t: Tenant) {
  const schoolId = t.school.id;
  const [previous] = await db
    .select()
    .from(schema.academicSessions)
    .where(and(eq(schema.academicSessions.schoolId, schoolId), eq(schema.academicSessions.name, '2022/23')));
  const me = await createStaff(db, t, { userId: t.users.teacher.id, name: 'Mrs. Funmi Adeyemi' });
  const colleague = await createStaff(db, t, { name: 'Mr. Tunde Bello' });
  const principal = await createStaff(db, t, { staffType: 'Principal', name: 'Dr. Grace Okafor' });
  const english = await createSubject(db, t, { name: 'English Language', code: 'ENG' });
  const maths = await createSubject(db, t, { name: 'Mathematics', code: 'MTH' });
  const physics = await createSubject(db, t, { name: 'Physics', code: 'PHY' });
  const jss1a = await createClass(db, t, { level: 'JSS 1', arm: 'A', classTeacherId: me.id });
  const jss1b = await createClass(db, t, { level: 'JSS 1', arm: 'B', classTeacherId: colleague.id });
  const old = await createClass(db, t, { academicSessionId: previous.id, level: 'Primary 6', arm: 'A', classTeacherId: colleague.id });
  await createClassSubject(db, t, { classId: jss1a.id, subjectId: english.id, teacherId: me.id });
  await createClassSubject(db, t, { classId: jss1a.id, subjectId: maths.id, teacherId: colleague.id });
  await createClassSubject(db, t, { classId: jss1b.id, subjectId: english.id, teacherId: colleague.id });
  await createClassSubject(db, t, { classId: jss1b.id, subjectId: maths.id, teacherId: me.id });
  await createEnrolment(db, t, { studentId: t.student.id, classId: jss1a.id });
  const classmate = await createStudent(db, t, {
    registrationNo: `REG-${schoolId.slice(0, 6)}-2`,
    firstName: 'Bola',
    lastName: 'Ade',
    gender: 'male',
    classId: jss1a.id,
  });
  return { previous, me, colleague, principal, english, maths, physics, jss1a, jss1b, old, classmate };
}

export async function setUp() {
  app = await createTestApp();
  tenant = await createTenant(app.db);
  other = await createTenant(app.db);
  world = await buildSchool(app.db, tenant);
  otherWorld = await buildSchool(app.db, other);
  for (const [key, email] of [
    ['admin', tenant.users.admin.email],
    ['teacher', tenant.users.teacher.email],
    ['student', tenant.users.student.email],
    ['parent', tenant.users.parent.email],
    ['superAdmin', tenant.users.super_admin.email],
    ['otherAdmin', other.users.admin.email],
  ] as const) {
    clients[key] = new TestClient(app);
    await clients[key].login(email);
  }
}
export async function tearDown() {
  await app.close();
}

export const patch = (client: TestClient, url: string, payload: unknown) => client.request({ method: 'PATCH', url, payload: payload as object });
export const put = (client: TestClient, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as object });
export const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

/** The audit entries of an entity of the tenant's school. */
export async function auditsOf(entityId: string) {
  return app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.schoolId, tenant.school.id), eq(schema.auditLog.entityId, entityId)))
    .orderBy(schema.auditLog.createdAt);
}
