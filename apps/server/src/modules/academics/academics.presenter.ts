import type { ClassResponse, ClassSubjectResponse, NamedRef, SessionRef, SubjectAssignmentResponse, SubjectResponse } from '@school/shared/academics/responses';
import { className } from '@school/shared/academics/schemas';
import { sortByClass } from '@school/shared/constants';
import type { ClassSubjectWithNames, ClassWithTeacher, SubjectRow } from './academics.repository';

/** Staff appear by name only: never their contact details. */
const person = (id: string | null, name: string | null): NamedRef | null => (id && name ? { id, name } : null);

export const presentSessionRef = (session: { id: string; name: string; status: string }): SessionRef => ({
  id: session.id,
  name: session.name,
  status: session.status,
});

export function presentClassSubject(row: ClassSubjectWithNames): ClassSubjectResponse {
  return { id: row.id, subjectId: row.subjectId, name: row.subjectName, code: row.subjectCode, teacher: person(row.teacherId, row.teacherName) };
}

export function presentClass(row: ClassWithTeacher, subjects: ClassSubjectWithNames[], studentCount: number): ClassResponse {
  return {
    id: row.id,
    level: row.level,
    arm: row.arm,
    name: className(row.level, row.arm),
    classTeacher: person(row.classTeacherId, row.classTeacherName),
    subjects: subjects.filter((s) => s.classId === row.id).map(presentClassSubject),
    studentCount,
  };
}

export function presentAssignment(row: {
  id: string;
  classId: string;
  level: string;
  arm: string;
  teacherId: string | null;
  teacherName: string | null;
}): SubjectAssignmentResponse {
  return { id: row.id, classId: row.classId, className: className(row.level, row.arm), level: row.level, teacher: person(row.teacherId, row.teacherName) };
}

export function presentSubject(row: SubjectRow, assignments: ClassSubjectWithNames[]): SubjectResponse {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    classes: sortByClass(assignments.filter((a) => a.subjectId === row.id)).map(presentAssignment),
  };
}
