/**
 * What the lesson-note endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { pageResponse } from '../http';
import { LESSON_NOTE_STATUSES } from '../constants';

export const namedRef = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

export const lessonNoteAttachmentResponse = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  /** Where the browser opens it (GET /api/uploads/:id). */
  url: z.string(),
});
export type LessonNoteAttachment = z.infer<typeof lessonNoteAttachmentResponse>;

export const lessonNoteListItemResponse = z.object({
  id: z.string(),
  title: z.string(),
  week: z.number(),
  status: z.enum(LESSON_NOTE_STATUSES),
  term: namedRef,
  class: namedRef,
  subject: namedRef,
  teacher: namedRef,
  hasAttachment: z.boolean(),
  reviewComment: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type LessonNoteListItem = z.infer<typeof lessonNoteListItemResponse>;

/** GET /api/lesson-notes/:id and the answer of every write */
export const lessonNoteDetailResponse = lessonNoteListItemResponse.extend({
  /** Clean HTML (the allow-list of rich-text.ts). */
  body: z.string(),
  attachment: lessonNoteAttachmentResponse.nullable(),
  reviewer: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
  /** What the signed-in user may do with it now. */
  canEdit: z.boolean(),
  canSubmit: z.boolean(),
  canDelete: z.boolean(),
  canReview: z.boolean(),
});
export type LessonNoteDetail = z.infer<typeof lessonNoteDetailResponse>;

/** GET /api/lesson-notes */
export const lessonNoteListResponse = pageResponse(lessonNoteListItemResponse);
export type LessonNoteList = z.infer<typeof lessonNoteListResponse>;

/** GET /api/lesson-notes/options: the choices of the form and filters; a teacher gets only their classes and subjects. */
export const lessonNoteOptionsResponse = z.object({
  academicSessionId: z.string().nullable(),
  terms: z.array(namedRef.extend({ isCurrent: z.boolean() })),
  classes: z.array(namedRef),
  subjects: z.array(namedRef),
  /** Which subject each class offers the user (a teacher: what they teach there). */
  classSubjects: z.array(z.object({ classId: z.string(), subjectId: z.string() })),
  teachers: z.array(namedRef),
});
export type LessonNoteOptions = z.infer<typeof lessonNoteOptionsResponse>;
