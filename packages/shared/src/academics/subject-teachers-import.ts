/**
 * The subject teachers import (POST /api/academics/subject-teachers/import): its columns, template and
 * report. GET /api/academics/subject-teachers/template?sessionId= answers the same columns filled in
 * with a session's classes, subjects and teachers.
 */
import { z } from 'zod';
import { IMPORT_MODES } from '../admissions/schemas';

/** The columns of the file, in the template's order (read without case: `class` is `Class`). */
export const SUBJECT_TEACHER_IMPORT_COLUMNS = ['Class', 'Subject', 'Teacher'] as const;

export const SUBJECT_TEACHER_IMPORT_TEMPLATE_CSV =
  [
    SUBJECT_TEACHER_IMPORT_COLUMNS.join(','),
    'JSS 1 A,Mathematics,funmi.adeyemi@example.com',
    'JSS 1 B,ENG,Musa Ibrahim',
    'SSS 2 Gold,Further Mathematics,funmi.adeyemi@example.com',
  ].join('\r\n') + '\r\n';

/**
 * What a correct row does: sets a new teacher, finds the same teacher already there, or adds the
 * subject to the class with its teacher; or, its Teacher cell empty (a subject without a teacher in
 * the session's template), is skipped, the class's subject left as it is.
 */
export const SUBJECT_TEACHER_OUTCOMES = ['changed', 'unchanged', 'added', 'skipped'] as const;
export type SubjectTeacherOutcome = (typeof SUBJECT_TEACHER_OUTCOMES)[number];

export const subjectTeacherImportRowResponse = z.object({
  /** The row of the file (the header is row 1). */
  line: z.number(),
  ok: z.boolean(),
  /** Messages keyed by column name (`file` for the row as a whole). */
  errors: z.record(z.string(), z.string()),
  /** The class and subject as the file writes them, e.g. "JSS 1 A · Mathematics". */
  name: z.string(),
  /** Once the row is correct: the class, subject and teacher found, what the row does and the teacher it replaces. */
  className: z.string().optional(),
  subjectName: z.string().optional(),
  teacherName: z.string().optional(),
  outcome: z.enum(SUBJECT_TEACHER_OUTCOMES).optional(),
  previousTeacherName: z.string().nullable().optional(),
  /** Once written. */
  classSubjectId: z.string().optional(),
});
export type SubjectTeacherImportRow = z.infer<typeof subjectTeacherImportRowResponse>;

/** POST /api/academics/subject-teachers/import */
export const subjectTeacherImportReportResponse = z.object({
  mode: z.enum(IMPORT_MODES),
  dryRun: z.boolean(),
  rows: z.array(subjectTeacherImportRowResponse),
  /** Rows written (with dryRun: that would be written). */
  imported: z.number(),
  /** Rows not written: rows with errors, and correct rows without a teacher (outcome `skipped`). */
  skipped: z.number(),
  /** Of the rows written: a new teacher, the same teacher as before, the subject added to the class. */
  changed: z.number(),
  unchanged: z.number(),
  added: z.number(),
});
export type SubjectTeacherImportReport = z.infer<typeof subjectTeacherImportReportResponse>;

/** POST /api/academics/subject-teachers/import, 400: an error answer; all-or-nothing with a wrong row adds the report (nothing written). */
export const subjectTeacherImportRefusalResponse = subjectTeacherImportReportResponse
  .partial()
  .extend({ statusCode: z.number(), error: z.string(), message: z.string(), errors: z.record(z.string(), z.string()).optional() });
