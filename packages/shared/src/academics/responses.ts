/**
 * What the academics endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';

const ref = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof ref>;

export const termResponse = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
});
export type TermResponse = z.infer<typeof termResponse>;

export const sessionResponse = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['Active', 'Inactive', 'Pending']),
  terms: z.array(termResponse),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** GET /api/settings/academic-sessions */
export const sessionSettingsResponse = z.object({
  school: ref,
  /** The schools the caller may manage: their own, or every school of a super administrator's organisation. */
  schools: z.array(ref),
  items: z.array(sessionResponse),
});
export type SessionSettingsResponse = z.infer<typeof sessionSettingsResponse>;

const sessionRef = z.object({ id: z.string(), name: z.string(), status: z.string() });
export type SessionRef = z.infer<typeof sessionRef>;

export const classSubjectResponse = z.object({
  /** the class_subjects row */
  id: z.string(),
  subjectId: z.string(),
  name: z.string(),
  code: z.string(),
  teacher: ref.nullable(),
});
export type ClassSubjectResponse = z.infer<typeof classSubjectResponse>;

export const classResponse = z.object({
  id: z.string(),
  level: z.string(),
  arm: z.string(),
  name: z.string(),
  classTeacher: ref.nullable(),
  subjects: z.array(classSubjectResponse),
  studentCount: z.number().int(),
});
export type ClassResponse = z.infer<typeof classResponse>;

export const classListResponse = z.object({ session: sessionRef.nullable(), items: z.array(classResponse) });
export type ClassListResponse = z.infer<typeof classListResponse>;

export const classDetailResponse = classResponse.extend({
  session: sessionRef,
  students: z.array(z.object({ id: z.string(), name: z.string(), registrationNo: z.string() })),
});
export type ClassDetailResponse = z.infer<typeof classDetailResponse>;

export const subjectAssignmentResponse = z.object({
  /** the class_subjects row */
  id: z.string(),
  classId: z.string(),
  className: z.string(),
  level: z.string(),
  teacher: ref.nullable(),
});
export type SubjectAssignmentResponse = z.infer<typeof subjectAssignmentResponse>;

export const subjectResponse = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  /** The classes of the selected session that take it. */
  classes: z.array(subjectAssignmentResponse),
});
export type SubjectResponse = z.infer<typeof subjectResponse>;

export const subjectListResponse = z.object({ session: sessionRef.nullable(), items: z.array(subjectResponse) });
export type SubjectListResponse = z.infer<typeof subjectListResponse>;

export const teacherOptionsResponse = z.object({ items: z.array(ref) });
export type TeacherOptionsResponse = z.infer<typeof teacherOptionsResponse>;

/** GET /api/students/:id/subjects */
export const studentSubjectsResponse = z.object({
  student: ref,
  session: sessionRef.nullable(),
  class: z.object({ id: z.string(), name: z.string(), classTeacher: ref.nullable() }).nullable(),
  items: z.array(classSubjectResponse),
});
export type StudentSubjectsResponse = z.infer<typeof studentSubjectsResponse>;

/** GET /api/teachers/me/classes */
export const teacherClassesResponse = z.object({
  session: sessionRef.nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      level: z.string(),
      arm: z.string(),
      name: z.string(),
      isClassTeacher: z.boolean(),
      studentCount: z.number().int(),
      /** A teacher gets the subjects they teach in the class; an administrator every subject. */
      subjects: z.array(classSubjectResponse),
    }),
  ),
});
export type TeacherClassesResponse = z.infer<typeof teacherClassesResponse>;
