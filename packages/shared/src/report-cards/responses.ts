/**
 * What the report-card and result-PIN endpoints answer (/api/report-cards/*, /api/result-pins/*).
 * The server declares these as its response schemas; the web app uses the inferred types.
 */
import { z } from 'zod';
import { cardRatingsResponse } from '../ratings/responses';

const mark = z.number().nullable();
const ref = z.object({ id: z.string(), name: z.string() });

// ---------------------------------------------------------------- result-checker PINs

export const resultPinBatchResponse = z.object({
  id: z.string(),
  quantity: z.number(),
  maxViews: z.number(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The name of the administrator who generated it. */
  createdBy: z.string().nullable(),
  /** PINs of the batch used at least once. */
  used: z.number(),
});
export type ResultPinBatch = z.infer<typeof resultPinBatchResponse>;

/** GET /api/result-pins/batches */
export const resultPinBatchListResponse = z.object({ items: z.array(resultPinBatchResponse) });
export type ResultPinBatchList = z.infer<typeof resultPinBatchListResponse>;

export const resultPinResponse = z.object({
  id: z.string(),
  pin: z.string(),
  maxViews: z.number(),
  viewsUsed: z.number(),
  /** The student the PIN is bound to since its first use. */
  student: ref.nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ResultPin = z.infer<typeof resultPinResponse>;

/** GET /api/result-pins/batches/:id/pins */
export const batchPinsResponse = z.object({ batch: resultPinBatchResponse.omit({ createdBy: true, used: true }), pins: z.array(resultPinResponse) });
export type BatchPins = z.infer<typeof batchPinsResponse>;

/** GET /api/result-pins/status */
export const resultPinStatusResponse = z.object({ required: z.boolean(), unlocked: z.boolean(), expiresAt: z.string().nullable() });
export type ResultPinStatus = z.infer<typeof resultPinStatusResponse>;

/** POST /api/result-pins/unlock */
export const unlockResultsResponse = z.object({ required: z.boolean(), expiresAt: z.string().nullable(), viewsLeft: z.number().nullable() });
export type UnlockResultsResult = z.infer<typeof unlockResultsResponse>;

// ---------------------------------------------------------------- report card

export const reportCardSubjectResponse = z.object({
  subjectId: z.string(),
  subjectName: z.string(),
  test1: mark,
  test2: mark,
  assignment: mark,
  exam: mark,
  total: mark,
  grade: z.string().nullable(),
  /** The grading scale's remark for the grade ('Excellent'). */
  remark: z.string().nullable(),
  /** The subject's teacher in the class, if one is assigned. */
  teacherName: z.string().nullable(),
  position: mark,
  classAverage: mark,
  highest: mark,
  lowest: mark,
});
export type ReportCardSubject = z.infer<typeof reportCardSubjectResponse>;

/**
 * On the last term of a session that has earlier terms (ADR 0034): each term's total per subject
 * (in the order of `terms`; null where the student has none), the cumulative average of those
 * totals, the annual average (mean of the cumulative averages) and its position in the class.
 */
export const reportCardCumulativeResponse = z.object({
  terms: z.array(z.object({ termId: z.string(), name: z.string() })),
  subjects: z.array(z.object({ subjectId: z.string(), totals: z.array(mark), average: mark })),
  annualAverage: mark,
  annualPosition: mark,
  classSize: z.number(),
});
export type ReportCardCumulative = z.infer<typeof reportCardCumulativeResponse>;

/** GET /api/report-cards/:studentId */
export const reportCardResponse = z.object({
  school: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string(), logoUrl: z.string().nullable() }),
  student: z.object({
    id: z.string(),
    name: z.string(),
    admissionNumber: z.string().nullable(),
    gender: z.string().nullable(),
    className: z.string(),
    classId: z.string(),
    /** The passport photo, fetched from /api/uploads/:id (null: none); the school's logo is `school.logoUrl`. */
    photoUrl: z.string().nullable(),
  }),
  term: z.object({ id: z.string(), name: z.string(), sessionName: z.string(), startDate: z.string(), endDate: z.string() }),
  nextTermStartDate: z.string().nullable(),
  /** Next term's fees for the class level (kobo; null: none set yet) and what the student owes now (kobo). */
  fees: z.object({ nextTermKobo: z.number().nullable(), owedKobo: z.number() }),
  published: z.boolean(),
  maxima: z.object({ test1: z.number(), test2: z.number(), assignment: z.number(), exam: z.number() }),
  subjects: z.array(reportCardSubjectResponse),
  overall: z.object({ total: z.number(), average: mark, position: mark, subjectsTaken: z.number(), classSize: z.number(), classAverage: mark }),
  /** The session's terms' totals and the annual figures, on the last term of a session (null on other terms). */
  cumulative: reportCardCumulativeResponse.nullable(),
  /** Days present (present + late) out of days the school was open; null when attendance is not kept. */
  attendance: z.object({ present: z.number(), daysOpen: z.number(), absent: z.number() }).nullable(),
  teacherComments: z.array(z.object({ comment: z.string(), score: z.number(), authorName: z.string() })),
  classTeacherName: z.string().nullable(),
  /** The class teacher's comment for the term (null: none written yet). */
  classTeacherComment: z.string().nullable(),
  principalComment: z.string().nullable(),
  /** Affective and psychomotor ratings of the term (1-5, null: not rated), with their key. */
  ratings: cardRatingsResponse,
  /** The key to the grades, highest first. */
  gradingScale: z.array(z.object({ grade: z.string(), min: z.number(), max: z.number(), remark: z.string() })),
  /** Whether the signed-in user may set the principal's comment. */
  canEditPrincipalComment: z.boolean(),
});
export type ReportCard = z.infer<typeof reportCardResponse>;

/** GET /api/report-cards/:studentId/terms */
export const reportCardTermsResponse = z.object({
  items: z.array(z.object({ termId: z.string(), termName: z.string(), sessionName: z.string(), isCurrent: z.boolean(), published: z.boolean() })),
});
export type ReportCardTerms = z.infer<typeof reportCardTermsResponse>;
export type ReportCardTerm = ReportCardTerms['items'][number];

/** PUT /api/report-cards/:studentId/principal-comment */
export const principalCommentResponse = z.object({ principalComment: z.string() });
export type PrincipalCommentResult = z.infer<typeof principalCommentResponse>;

/** GET /api/report-cards/principal-comments: a class's students with their term figures and the principal's comment. */
export const classPrincipalCommentsResponse = z.object({
  className: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  published: z.boolean(),
  students: z.array(
    z.object({
      studentId: z.string(),
      /** Surname first. */
      name: z.string(),
      admissionNumber: z.string().nullable(),
      average: mark,
      position: mark,
      /** The principal's comment now on the card (null: none). */
      comment: z.string().nullable(),
      /** A comment from the bank for the student's average (null: no average yet). */
      suggestion: z.string().nullable(),
    }),
  ),
});
export type ClassPrincipalComments = z.infer<typeof classPrincipalCommentsResponse>;

/** PUT /api/report-cards/principal-comments: how many comments were written and removed. */
export const saveClassPrincipalCommentsResponse = z.object({ saved: z.number(), removed: z.number() });
export type SaveClassPrincipalCommentsResult = z.infer<typeof saveClassPrincipalCommentsResponse>;

/**
 * GET /api/report-cards/class-teacher-comments: a class's students with their term figures and the
 * class teacher's comment, the suggestion in the class teacher's voice; once the class's results of
 * the term are published only an administrator may change them (`canEdit`, `lockedReason`).
 */
export const classTeacherCommentsResponse = classPrincipalCommentsResponse.extend({
  classId: z.string(),
  termId: z.string(),
  classTeacherName: z.string().nullable(),
  canEdit: z.boolean(),
  lockedReason: z.string().nullable(),
});
export type ClassTeacherComments = z.infer<typeof classTeacherCommentsResponse>;

/** PUT /api/report-cards/class-teacher-comments: how many comments were written and removed. */
export const saveClassTeacherCommentsResponse = saveClassPrincipalCommentsResponse;
export type SaveClassTeacherCommentsResult = z.infer<typeof saveClassTeacherCommentsResponse>;

/** GET /api/report-cards/class-teacher-comments/options: the selected session's terms and the classes the actor writes for. */
export const classTeacherCommentOptionsResponse = z.object({ terms: z.array(ref.extend({ isCurrent: z.boolean() })), classes: z.array(ref) });
export type ClassTeacherCommentOptions = z.infer<typeof classTeacherCommentOptionsResponse>;

/** GET /api/report-cards/classes: terms and classes of the selected session. */
export const reportCardClassesResponse = z.object({ terms: z.array(ref.extend({ isCurrent: z.boolean() })), classes: z.array(ref) });
export type ClassOptions = z.infer<typeof reportCardClassesResponse>;

/** GET /api/report-cards/classes/:classId: a class's students with their overall figures for a term. */
export const classSummaryResponse = z.object({
  className: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  published: z.boolean(),
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      admissionNumber: z.string().nullable(),
      total: z.number(),
      average: mark,
      position: mark,
      subjectsTaken: z.number(),
    }),
  ),
});
export type ClassSummary = z.infer<typeof classSummaryResponse>;

/** A class's report cards being built as one PDF (POST /api/report-cards/class-jobs, GET …/class-jobs/:id). */
export const reportCardJobResponse = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number(),
  done: z.number(),
  error: z.string().nullable(),
  fileName: z.string(),
});
export type ReportCardJob = z.infer<typeof reportCardJobResponse>;

/** A whole school's report cards for a term (every class of its session) being built as one PDF (POST /api/report-cards/school-jobs, GET …/school-jobs/:id). */
export const schoolReportCardJobResponse = reportCardJobResponse.extend({
  termId: z.string(),
  /** Classes whose cards are in the file so far. */
  classes: z.number(),
  /** The file's size in bytes, once done. */
  size: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SchoolReportCardJob = z.infer<typeof schoolReportCardJobResponse>;

/** GET /api/report-cards/school-jobs?termId=: the term's newest build, if any. */
export const latestSchoolReportCardJobResponse = z.object({ job: schoolReportCardJobResponse.nullable() });
export type LatestSchoolReportCardJob = z.infer<typeof latestSchoolReportCardJobResponse>;
