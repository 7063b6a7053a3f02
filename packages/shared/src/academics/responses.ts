/**
 * What the academics endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { SESSION_STATUSES } from '../constants';
import { PROMOTION_OUTCOMES } from './promotion';

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
  status: z.enum(SESSION_STATUSES),
  terms: z.array(termResponse),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** GET /api/academic-sessions: the school's sessions, and the one this user is looking at. */
export const academicSessionListResponse = z.object({ items: z.array(sessionResponse), selectedId: z.string().nullable() });
export type AcademicSessionListResponse = z.infer<typeof academicSessionListResponse>;

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

// ---------------------------------------------------------------- promotion

export const promotionStudentResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  registrationNo: z.string(),
  /** Mean of the session's term averages; null when the student has no scores this session. */
  average: z.number().nullable(),
  proposed: z.enum(PROMOTION_OUTCOMES),
  /** Where the proposed outcome (or the decision, once placed) takes the student, e.g. "JSS 2 A". */
  proposedClassName: z.string().nullable(),
  /** Set when the student already has a class in the target session (promotion ran before). */
  placedIn: z.object({ classId: z.string(), className: z.string() }).nullable(),
  /** Set when the student has graduated already. */
  graduated: z.boolean(),
});
export type PromotionStudent = z.infer<typeof promotionStudentResponse>;

export const promotionClassResponse = z.object({
  classId: z.string(),
  className: z.string(),
  level: z.string(),
  studentCount: z.number().int(),
  placedCount: z.number().int(),
});
export type PromotionClass = z.infer<typeof promotionClassResponse>;

/** GET /api/promotion */
export const promotionViewResponse = z.object({
  fromSession: ref,
  toSession: ref,
  passMark: z.number(),
  classes: z.array(promotionClassResponse),
  /** The chosen class's students (empty when no class is chosen). */
  students: z.array(promotionStudentResponse),
});
export type PromotionView = z.infer<typeof promotionViewResponse>;

/** POST /api/promotion */
export const promotionResultResponse = z.object({
  promoted: z.number().int(),
  repeated: z.number().int(),
  graduated: z.number().int(),
  /** Students already placed in the target session (or graduated) before this run. */
  unchanged: z.number().int(),
  classesCreated: z.array(z.string()),
});
export type PromotionResult = z.infer<typeof promotionResultResponse>;

// ---------------------------------------------------------------- bulk set-up (issue 19)

/** What a bulk request left alone, and why ('Mathematics already exists'). */
const skipped = z.array(z.object({ name: z.string(), reason: z.string() }));
export type SkippedItem = z.infer<typeof skipped>[number];

/** POST /api/academics/subjects/bulk */
export const bulkSubjectsResponse = z.object({
  created: z.array(subjectResponse),
  skipped,
  /** With `levels`: each class that now teaches subjects it did not, and how many (subjects it already taught are left as they are). */
  taught: z.array(z.object({ className: z.string(), subjects: z.number() })),
});
export type BulkSubjectsResponse = z.infer<typeof bulkSubjectsResponse>;

/** POST /api/academics/classes/bulk */
export const bulkClassesResponse = z.object({ session: sessionRef, created: z.array(classResponse), skipped });
export type BulkClassesResponse = z.infer<typeof bulkClassesResponse>;

/** POST /api/academics/subjects/:id/levels: the subject with its classes, and the arms added or left as they were. */
export const assignSubjectToLevelResponse = z.object({
  subject: subjectResponse,
  assigned: z.array(z.string()),
  skipped,
});
export type AssignSubjectToLevelResponse = z.infer<typeof assignSubjectToLevelResponse>;
