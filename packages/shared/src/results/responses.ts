/**
 * What the results endpoints answer (/api/results/*, /api/records/*). The server declares these as
 * its response schemas (so no other field can leak); the web app and the server's result engine use
 * the inferred types. Everything here is computed on the server only (modules/results).
 */
import { z } from 'zod';
import { sentTextsResponse } from '../messaging/responses';

const mark = z.number().nullable();
const ref = z.object({ id: z.string(), name: z.string() });

/** The most each component may score; they add up to 100. */
export const maximaResponse = z.object({ test1: z.number(), test2: z.number(), assignment: z.number(), exam: z.number() });
export type Maxima = z.infer<typeof maximaResponse>;

/** One row of a grading scale: totals from `min` to `max` (whole numbers, inclusive). */
export const gradeBandResponse = z.object({ min: z.number(), max: z.number(), grade: z.string(), point: z.number(), remark: z.string() });
export type GradeBand = z.infer<typeof gradeBandResponse>;

/** A school's result settings as the engine uses them. */
export const resultSettings = z.object({
  maxima: maximaResponse,
  gradingScale: z.array(gradeBandResponse),
  passMark: z.number(),
  /** Students and parents must enter a result-checker PIN to open a term's results. */
  requirePin: z.boolean(),
});
export type ResultSettings = z.infer<typeof resultSettings>;

/** GET/PUT /api/results/settings (the grading scale highest band first). */
export const resultSettingsResponse = resultSettings.extend({
  schoolId: z.string(),
  /** false while the school uses the defaults. */
  saved: z.boolean(),
});
export type ResultSettingsView = z.infer<typeof resultSettingsResponse>;

/** One subject of one student in a class's term results. */
export const studentSubjectResultResponse = z.object({
  subjectId: z.string(),
  test1: mark,
  test2: mark,
  assignment: mark,
  exam: mark,
  /** Sum of the components present; null when none is. */
  total: mark,
  grade: z.string().nullable(),
  point: mark,
  remark: z.string().nullable(),
  /** Position in the class for this subject (ties share: 1, 2, 2, 4); null without a total. */
  position: mark,
  /** Some component is missing (e.g. no exam score yet): the total counts what exists. */
  incomplete: z.boolean(),
});
export type StudentSubjectResult = z.infer<typeof studentSubjectResultResponse>;

export const studentTermResultResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  admissionNumber: z.string().nullable(),
  /** One entry per subject of the class, in the order of `ClassTermResults.subjects`. */
  subjects: z.array(studentSubjectResultResponse),
  /** Sum of the subject totals (0 without any score). */
  total: z.number(),
  /** total / subjectsTaken, rounded to 2 decimals; null without any score. */
  average: mark,
  /** Position in the class by average (ties share); null without any score. */
  position: mark,
  /** Subjects with a total. */
  subjectsTaken: z.number(),
});
export type StudentTermResult = z.infer<typeof studentTermResultResponse>;

const subjectFigures = {
  /** Mean of the students' totals in this subject, 2 decimals. */
  classAverage: mark,
  highest: mark,
  lowest: mark,
};

export const subjectSummaryResponse = z.object({ subjectId: z.string(), subjectName: z.string(), ...subjectFigures });
export type SubjectSummary = z.infer<typeof subjectSummaryResponse>;

/** GET /api/records/results: a class's broadsheet for a term. */
export const classTermResultsResponse = z.object({
  classId: z.string(),
  className: z.string(),
  termId: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  published: z.boolean(),
  maxima: maximaResponse,
  subjects: z.array(subjectSummaryResponse),
  students: z.array(studentTermResultResponse),
  /** Mean of the students' averages, 2 decimals. */
  classAverage: mark,
  studentCount: z.number(),
});
export type ClassTermResults = z.infer<typeof classTermResultsResponse>;

/** GET/PUT /api/results/scores (and /api/records/results/scores): the grid of one class, subject and term. */
export const scoreSheetResponse = z.object({
  termId: z.string(),
  termName: z.string(),
  classId: z.string(),
  className: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  maxima: maximaResponse,
  published: z.boolean(),
  /** Whether the caller may save: the subject's teacher before publication, an administrator always. */
  canEdit: z.boolean(),
  /** Why saving is closed, when it is. */
  lockedReason: z.string().nullable(),
  rows: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      admissionNumber: z.string().nullable(),
      test1: mark,
      test2: mark,
      assignment: mark,
      exam: mark,
      total: mark,
      grade: z.string().nullable(),
      remark: z.string().nullable(),
      position: mark,
      incomplete: z.boolean(),
    }),
  ),
  /** The sheet in the approval chain (issue 18): whether it is handed in, or was returned with a note. */
  approval: z.object({
    submissionOn: z.boolean(),
    submittedAt: z.string().nullable(),
    submittedByName: z.string().nullable(),
    returnedAt: z.string().nullable(),
    returnedByName: z.string().nullable(),
    returnNote: z.string().nullable(),
    canSubmit: z.boolean(),
  }),
  classAverage: mark,
  highest: mark,
  lowest: mark,
  /** What a save names as its `baseVersion` (issue 21): moves with every saved change of this sheet's scores. */
  version: z.string(),
});
export type ScoreSheet = z.infer<typeof scoreSheetResponse>;

/** 409 to PUT …/scores made on an older version: the message and the sheet as saved now. */
export const scoreSheetConflictResponse = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  current: scoreSheetResponse,
});
export type ScoreSheetConflict = z.infer<typeof scoreSheetConflictResponse>;

/** GET /api/results/options (and /api/records/results/options) */
export const resultOptionsResponse = z.object({
  academicSessionId: z.string().nullable(),
  terms: z.array(ref.extend({ isCurrent: z.boolean() })),
  classes: z.array(ref),
  subjects: z.array(ref),
  /** Which subject is taught in which class (for a teacher: only theirs). */
  classSubjects: z.array(z.object({ classId: z.string(), subjectId: z.string() })),
});
export type ResultOptions = z.infer<typeof resultOptionsResponse>;

/** One term of one student, with the class's figures beside theirs. */
export const studentTermResponse = z.object({
  termId: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  classId: z.string(),
  className: z.string(),
  published: z.boolean(),
  maxima: maximaResponse,
  subjects: z.array(studentSubjectResultResponse.extend({ subjectName: z.string(), ...subjectFigures })),
  total: z.number(),
  average: mark,
  position: mark,
  subjectsTaken: z.number(),
  studentCount: z.number(),
  classAverage: mark,
});
export type StudentTermView = z.infer<typeof studentTermResponse>;

/** GET /api/results/students/:studentId */
export const studentResultsResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  admissionNumber: z.string().nullable(),
  /** Newest term first; for students and parents only published terms. */
  terms: z.array(studentTermResponse),
});
export type StudentResultsView = z.infer<typeof studentResultsResponse>;

/** GET /api/records/transcript/:studentId */
export const transcriptResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  admissionNumber: z.string().nullable(),
  /** Oldest session first. */
  sessions: z.array(z.object({ sessionName: z.string(), className: z.string(), cumulativeAverage: mark, terms: z.array(studentTermResponse) })),
});
export type TranscriptView = z.infer<typeof transcriptResponse>;

/** GET /api/records/grades */
export const gradeDistributionResponse = z.object({
  className: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  scale: z.array(gradeBandResponse),
  passMark: z.number(),
  subjects: z.array(
    z.object({ subjectId: z.string(), subjectName: z.string(), counts: z.record(z.string(), z.number()), graded: z.number(), passed: z.number() }),
  ),
});
export type GradeDistributionView = z.infer<typeof gradeDistributionResponse>;

/**
 * POST /api/records/results/publish, /unpublish and /republish: the classes whose publication changed,
 * and the texts to the families it made (absent when it made none: withdrawn, or every family already texted).
 */
export const publicationResponse = z.object({ termId: z.string(), classIds: z.array(z.string()), published: z.boolean(), texts: sentTextsResponse.optional() });
export type PublicationResult = z.infer<typeof publicationResponse>;

/** A class whose students have no score at all in some of its subjects. */
export const unscoredClass = z.object({ classId: z.string(), className: z.string(), subjects: z.array(z.string()) });
export type UnscoredClass = z.infer<typeof unscoredClass>;

/**
 * 409 of POST /api/records/results/publish and /republish: without `allowUnscored`, what has no score yet
 * (`unscored`); or, publishing, the classes the school's approval steps have not finished with and why
 * (`notReady`; `onlyReady` publishes the others).
 */
export const unscoredSubjectsResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  unscored: z.array(unscoredClass).optional(),
  notReady: z.array(z.object({ classId: z.string(), className: z.string(), reason: z.string() })).optional(),
});
export type UnscoredSubjectsBody = z.infer<typeof unscoredSubjectsResponse>;

/** GET /api/records/results: a class's broadsheet for a term (as published, once it is) and its publication. */
export const broadsheetResponse = classTermResultsResponse.extend({
  publication: z
    .object({
      /** When it was published, or last re-published (ISO). */
      publishedAt: z.string(),
      /** When a score was last corrected after that (ISO): families still see the published record. */
      scoresChangedAt: z.string().nullable(),
    })
    .nullable(),
});
export type Broadsheet = z.infer<typeof broadsheetResponse>;
