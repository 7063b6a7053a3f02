/**
 * A subject's scores for a class uploaded from a spreadsheet (CSV or Excel .xlsx): the template's
 * columns, the limits, and the refusal that lists every wrong row.
 */
import { z } from 'zod';
import { apiErrorResponse } from '../http';
import { COMPONENT_LABELS, SCORE_COMPONENTS, type ScoreComponent } from './types';

/** The multipart field of the file; termId, classId and subjectId go beside it. */
export const SCORE_UPLOAD_FILE_FIELD = 'file';
export const SCORE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const SCORE_UPLOAD_MAX_ROWS = 1000;
export const SCORE_UPLOAD_ACCEPT = '.csv,.xlsx';

export const ADMISSION_NUMBER_COLUMN = 'Admission number';
export const STUDENT_COLUMN = 'Student';
/** The template's header, in order: who the row is, then a column per score component. */
export const SCORE_UPLOAD_COLUMNS = [ADMISSION_NUMBER_COLUMN, STUDENT_COLUMN, ...SCORE_COMPONENTS.map((c) => COMPONENT_LABELS[c])];

export type ScoreTemplateFormat = 'csv' | 'xlsx';

/** One problem of an uploaded file: the spreadsheet row it is on (1 is the header) and what is wrong. */
export const scoreUploadRowError = z.object({ row: z.number().int(), message: z.string() });
export type ScoreUploadRowError = z.infer<typeof scoreUploadRowError>;

/**
 * The 400 of an upload: `message` is the first problem; `rows` lists every one when the file was
 * read (nothing was saved). A file that could not be read at all has no `rows`.
 */
export const scoreUploadRefusalResponse = apiErrorResponse.extend({ rows: z.array(scoreUploadRowError).optional() });
export type ScoreUploadRefusal = z.infer<typeof scoreUploadRefusalResponse>;

/**
 * A class's whole broadsheet uploaded at once: Admission number, Student, then for each subject of the
 * class a column per score component named after the subject's code (its name when the code is
 * blank or shared), e.g. “MTH Test 1”.
 */
export const broadsheetColumnName = (subject: string, component: ScoreComponent) => `${subject} ${COMPONENT_LABELS[component]}`;

/** The saved upload of a broadsheet: the subjects the file had columns for, each with how many students' scores changed. */
export const broadsheetUploadResponse = z.object({
  termId: z.string(),
  termName: z.string(),
  classId: z.string(),
  className: z.string(),
  subjects: z.array(z.object({ subjectId: z.string(), subjectName: z.string(), changed: z.number().int() })),
});
export type BroadsheetUploadResult = z.infer<typeof broadsheetUploadResponse>;
