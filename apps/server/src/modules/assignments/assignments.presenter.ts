import { className } from '@school/shared/academics/schemas';
import type { Assignment } from '@school/shared/assignments/responses';
import type { assignments } from '../../db/schema';
import type { AssignmentRow } from './assignments.repository';

export function presentAssignment(row: AssignmentRow, viewerStaffId: string | null): Assignment {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate,
    term: { id: row.termId, name: row.termName },
    class: { id: row.classId, name: className(row.classLevel, row.classArm) },
    subject: { id: row.subjectId, name: row.subjectName },
    teacher: { id: row.teacherId, name: row.teacherName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: viewerStaffId !== null && viewerStaffId === row.teacherId,
  };
}

/** What the audit log keeps of an assignment. */
export function auditView(row: typeof assignments.$inferSelect) {
  return {
    teacherId: row.teacherId,
    classId: row.classId,
    subjectId: row.subjectId,
    termId: row.termId,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate,
  };
}
