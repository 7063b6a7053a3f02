/** Factories shared by the tests of the report-card area's modules. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import type { createTenant } from '../../test/test-app';

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export async function addStaff(db: Db, tenant: Tenant, name: string, userId: string | null) {
  const [row] = await db.insert(schema.staff).values({ schoolId: tenant.school.id, userId, staffType: 'Teacher', name }).returning();
  return row;
}
export async function addClass(db: Db, tenant: Tenant, level: string, arm: string, classTeacherId?: string) {
  const [row] = await db
    .insert(schema.classes)
    .values({ schoolId: tenant.school.id, academicSessionId: tenant.session.id, level, arm, classTeacherId })
    .returning();
  return row;
}
export async function addSubject(db: Db, tenant: Tenant, name: string) {
  const [row] = await db.insert(schema.subjects).values({ schoolId: tenant.school.id, name, code: name.slice(0, 3).toUpperCase() }).returning();
  return row;
}
export async function assign(db: Db, tenant: Tenant, classId: string, subjectId: string, teacherId: string | null) {
  await db.insert(schema.classSubjects).values({ schoolId: tenant.school.id, classId, subjectId, teacherId });
}
export async function termOf(db: Db, tenant: Tenant, name: string) {
  const [row] = await db.select().from(schema.terms).where(and(eq(schema.terms.schoolId, tenant.school.id), eq(schema.terms.name, name)));
  return row;
}
export async function addStudent(db: Db, tenant: Tenant, firstName: string, lastName: string, classId?: string, userId?: string) {
  const [row] = await db
    .insert(schema.students)
    .values({ schoolId: tenant.school.id, userId, registrationNo: `REG-${firstName}-${Math.random().toString(36).slice(2, 8)}`, firstName, lastName, gender: 'female' })
    .returning();
  if (classId) await enrol(db, tenant, row.id, classId);
  return row;
}
export async function enrol(db: Db, tenant: Tenant, studentId: string, classId: string) {
  await db.insert(schema.enrolments).values({ schoolId: tenant.school.id, academicSessionId: tenant.session.id, classId, studentId });
}
