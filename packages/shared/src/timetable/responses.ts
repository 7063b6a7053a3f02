/**
 * What the timetable endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';

export const timetableSlotView = z.object({
  day: z.number(),
  hour: z.number(),
  classSubjectId: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  subjectCode: z.string(),
  teacherId: z.string().nullable(),
  teacherName: z.string().nullable(),
});
export type TimetableSlotView = z.infer<typeof timetableSlotView>;

/** A slot in a teacher's week names the class too. */
export const teacherTimetableSlotView = timetableSlotView.extend({ classId: z.string(), className: z.string() });
export type TeacherTimetableSlotView = z.infer<typeof teacherTimetableSlotView>;

export const timetableClassSummary = z.object({ id: z.string(), name: z.string(), level: z.string(), arm: z.string() });
export type TimetableClassSummary = z.infer<typeof timetableClassSummary>;

export const classSubjectOption = z.object({
  classSubjectId: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  teacherId: z.string().nullable(),
  teacherName: z.string().nullable(),
});
export type ClassSubjectOption = z.infer<typeof classSubjectOption>;

/** GET /api/classes/:classId/timetable, PUT …/slots */
export const classTimetableResponse = z.object({
  class: timetableClassSummary.extend({ academicSessionId: z.string() }),
  slots: z.array(timetableSlotView),
  /** The subjects that can go in a slot (for an editor); empty for readers who cannot edit. */
  subjects: z.array(classSubjectOption),
  canEdit: z.boolean(),
});
export type ClassTimetable = z.infer<typeof classTimetableResponse>;

/** GET /api/teachers/me/timetable */
export const teacherTimetableResponse = z.object({
  teacher: z.object({ id: z.string(), name: z.string() }).nullable(),
  academicSessionId: z.string().nullable(),
  slots: z.array(teacherTimetableSlotView),
});
export type TeacherTimetable = z.infer<typeof teacherTimetableResponse>;

/** GET /api/students/:studentId/timetable */
export const studentTimetableResponse = z.object({
  student: z.object({ id: z.string(), name: z.string() }),
  class: timetableClassSummary.nullable(),
  academicSessionId: z.string().nullable(),
  slots: z.array(timetableSlotView),
});
export type StudentTimetable = z.infer<typeof studentTimetableResponse>;

/** GET /api/timetable/classes */
export const timetableClassListResponse = z.object({
  items: z.array(timetableClassSummary.extend({ classTeacherName: z.string().nullable(), filledSlots: z.number() })),
  academicSessionId: z.string().nullable(),
});
export type TimetableClassList = z.infer<typeof timetableClassListResponse>;
