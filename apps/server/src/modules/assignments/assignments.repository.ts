import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assignments, classes, staff, subjects, terms } from '../../db/schema';

const columns = {
  id: assignments.id,
  title: assignments.title,
  description: assignments.description,
  dueDate: assignments.dueDate,
  teacherId: assignments.teacherId,
  teacherName: staff.name,
  classId: classes.id,
  classLevel: classes.level,
  classArm: classes.arm,
  subjectId: subjects.id,
  subjectName: subjects.name,
  termId: terms.id,
  termName: terms.name,
  createdAt: assignments.createdAt,
  updatedAt: assignments.updatedAt,
};
export type AssignmentRow = {
  id: string;
  title: string;
  description: string;
  dueDate: string | null;
  teacherId: string;
  teacherName: string;
  classId: string;
  classLevel: string;
  classArm: string;
  subjectId: string;
  subjectName: string;
  termId: string;
  termName: string;
  createdAt: Date;
  updatedAt: Date;
};

export interface AssignmentFilters {
  academicSessionId?: string;
  teacherId?: string;
  classIds?: string[];
  classId?: string;
  subjectId?: string;
  termId?: string;
}

/** Assignments with their class, subject, term and teacher, soonest due first (one query). */
export async function listAssignments(db: DbOrTx, schoolId: string, f: AssignmentFilters): Promise<AssignmentRow[]> {
  if (f.classIds && f.classIds.length === 0) return [];
  const where: SQL | undefined = and(
    eq(assignments.schoolId, schoolId),
    f.academicSessionId ? eq(terms.academicSessionId, f.academicSessionId) : undefined,
    f.teacherId ? eq(assignments.teacherId, f.teacherId) : undefined,
    f.classIds ? inArray(assignments.classId, f.classIds) : undefined,
    f.classId ? eq(assignments.classId, f.classId) : undefined,
    f.subjectId ? eq(assignments.subjectId, f.subjectId) : undefined,
    f.termId ? eq(assignments.termId, f.termId) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(assignments)
    .innerJoin(terms, and(eq(terms.schoolId, assignments.schoolId), eq(terms.id, assignments.termId)))
    .innerJoin(classes, and(eq(classes.schoolId, assignments.schoolId), eq(classes.id, assignments.classId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, assignments.schoolId), eq(subjects.id, assignments.subjectId)))
    .innerJoin(staff, and(eq(staff.schoolId, assignments.schoolId), eq(staff.id, assignments.teacherId)))
    .where(where)
    .orderBy(desc(assignments.dueDate), desc(assignments.createdAt), asc(assignments.id));
  return rows as AssignmentRow[];
}

export async function findAssignment(db: DbOrTx, schoolId: string, id: string): Promise<AssignmentRow | null> {
  const [row] = await db
    .select(columns)
    .from(assignments)
    .innerJoin(terms, and(eq(terms.schoolId, assignments.schoolId), eq(terms.id, assignments.termId)))
    .innerJoin(classes, and(eq(classes.schoolId, assignments.schoolId), eq(classes.id, assignments.classId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, assignments.schoolId), eq(subjects.id, assignments.subjectId)))
    .innerJoin(staff, and(eq(staff.schoolId, assignments.schoolId), eq(staff.id, assignments.teacherId)))
    .where(and(eq(assignments.schoolId, schoolId), eq(assignments.id, id)))
    .limit(1);
  return (row as AssignmentRow) ?? null;
}

export async function lockAssignment(tx: DbOrTx, schoolId: string, id: string) {
  const [row] = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.schoolId, schoolId), eq(assignments.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertAssignment(tx: DbOrTx, values: typeof assignments.$inferInsert) {
  const [row] = await tx.insert(assignments).values(values).returning();
  return row;
}

export async function updateAssignment(tx: DbOrTx, schoolId: string, id: string, values: Partial<typeof assignments.$inferInsert>) {
  const [row] = await tx
    .update(assignments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(assignments.schoolId, schoolId), eq(assignments.id, id)))
    .returning();
  return row;
}

export async function deleteAssignment(tx: DbOrTx, schoolId: string, id: string) {
  await tx.delete(assignments).where(and(eq(assignments.schoolId, schoolId), eq(assignments.id, id)));
}
