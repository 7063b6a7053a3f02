import { z } from 'zod';
import { lookupIdField, requiredString } from '../fields';

/*
 * The approval chain before results publish (issue 18, ADR 0032): subject teachers submit their score
 * sheets, the class teacher reviews the class, the principal (an administrator) approves, then an
 * administrator publishes. A school chooses which steps it uses; with none, results publish directly.
 */

/** GET/PUT /api/results/approval-steps */
export const approvalStepsSchema = z.object({
  submission: z.boolean({ error: 'Choose whether subject teachers submit their sheets' }),
  review: z.boolean({ error: 'Choose whether the class teacher reviews the class' }),
  approval: z.boolean({ error: 'Choose whether the principal approves' }),
});
export type ApprovalStepsInput = z.infer<typeof approvalStepsSchema>;
export const approvalStepsResponse = approvalStepsSchema.extend({ schoolId: z.string() });
export type ApprovalSteps = z.infer<typeof approvalStepsResponse>;

export const RETURN_NOTE_MAX = 500;
const returnNote = requiredString('Say what needs changing').max(RETURN_NOTE_MAX, {
  error: `The note must be at most ${RETURN_NOTE_MAX} characters`,
});

const place = {
  termId: lookupIdField('Please select a term'),
  classId: lookupIdField('Please select a class'),
};

/** POST /api/results/sheets/submit: a subject's teacher (or an administrator) hands in the sheet. */
export const submitSheetSchema = z.object({ ...place, subjectId: lookupIdField('Please select a subject') });
export type SubmitSheetInput = z.infer<typeof submitSheetSchema>;

/** POST /api/results/sheets/return: the class teacher (or an administrator) sends a sheet back. */
export const returnSheetSchema = submitSheetSchema.extend({ note: returnNote });
export type ReturnSheetInput = z.infer<typeof returnSheetSchema>;

/** POST /api/results/approvals/review: the class teacher (or an administrator) passes the class on. */
export const reviewClassSchema = z.object(place);
export type ReviewClassInput = z.infer<typeof reviewClassSchema>;

/** POST /api/results/approvals/return: the principal sends a class back to its class teacher. */
export const returnClassSchema = z.object({ ...place, note: returnNote });
export type ReturnClassInput = z.infer<typeof returnClassSchema>;

/** POST /api/results/approvals/approve: the principal approves classes, named or every class of a level. */
export const approveClassesSchema = z
  .object({
    termId: lookupIdField('Please select a term'),
    classIds: z.array(z.string().trim()).max(500).optional(),
    level: z.string().trim().min(1).max(40).optional(),
  })
  .refine((v) => (v.classIds?.length ?? 0) > 0 || Boolean(v.level), { error: 'Choose the classes to approve', path: ['classIds'] });
export type ApproveClassesInput = z.infer<typeof approveClassesSchema>;

/**
 * Where a class's term results stand: `entering` (sheets still open), `submitted` (every sheet handed
 * in), `reviewed` (by the class teacher), `approved` (by the principal), `published`.
 */
export const APPROVAL_STAGES = ['entering', 'submitted', 'reviewed', 'approved', 'published'] as const;
export type ApprovalStage = (typeof APPROVAL_STAGES)[number];

const when = z.string().nullable();

export const sheetStatusResponse = z.object({
  subjectId: z.string(),
  subjectName: z.string(),
  teacherName: z.string().nullable(),
  submittedAt: when,
  submittedByName: z.string().nullable(),
  /** The last return, while the sheet is open again. */
  returnedAt: when,
  returnedByName: z.string().nullable(),
  returnNote: z.string().nullable(),
  /** Students with every component scored, of `studentCount`. */
  scored: z.number().int(),
});
export type SheetStatus = z.infer<typeof sheetStatusResponse>;

export const classApprovalResponse = z.object({
  classId: z.string(),
  className: z.string(),
  level: z.string(),
  classTeacherName: z.string().nullable(),
  studentCount: z.number().int(),
  sheets: z.array(sheetStatusResponse),
  stage: z.enum(APPROVAL_STAGES),
  reviewedAt: when,
  reviewedByName: z.string().nullable(),
  approvedAt: when,
  approvedByName: z.string().nullable(),
  /** The principal's last return, while the class waits to be reviewed again. */
  returnedAt: when,
  returnedByName: z.string().nullable(),
  returnNote: z.string().nullable(),
  publishedAt: when,
  /** Every step the school uses is done: an administrator may publish it. */
  readyToPublish: z.boolean(),
  /** Why it is not, in a sentence; null when it is (or is published). */
  waitingFor: z.string().nullable(),
  /** What the viewer may do now. */
  canReview: z.boolean(),
  canReturnSheets: z.boolean(),
  canApprove: z.boolean(),
  canReturnClass: z.boolean(),
});
export type ClassApproval = z.infer<typeof classApprovalResponse>;

/** GET /api/results/approvals?termId= (administrators: every class; teachers: the classes they teach or are class teacher of) */
export const approvalsResponse = z.object({
  termId: z.string().nullable(),
  termName: z.string().nullable(),
  sessionName: z.string().nullable(),
  terms: z.array(z.object({ id: z.string(), name: z.string(), isCurrent: z.boolean() })),
  steps: approvalStepsSchema,
  classes: z.array(classApprovalResponse),
});
export type Approvals = z.infer<typeof approvalsResponse>;

/** The answer of approve: the classes approved and those left, with why. */
export const approveClassesResponse = z.object({
  approved: z.array(z.object({ classId: z.string(), className: z.string() })),
  skipped: z.array(z.object({ classId: z.string(), className: z.string(), reason: z.string() })),
});
export type ApproveClassesResult = z.infer<typeof approveClassesResponse>;

/** The 409 of publishing classes the chain has not finished with. */
export const notReadyResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  notReady: z.array(z.object({ classId: z.string(), className: z.string(), reason: z.string() })),
});

export const STEP_OFF = {
  submission: 'Subject teachers do not submit sheets in this school. Switch the step on in result settings.',
  review: 'Class teachers do not review results in this school. Switch the step on in result settings.',
  approval: 'The principal does not approve results in this school. Switch the step on in result settings.',
} as const;
export const NOT_READY_TO_PUBLISH = 'Some classes are not ready to publish';
export const sheetSubmittedLock = (subject: string, cls: string) =>
  `${subject} scores for ${cls} were submitted. Ask the class teacher to return the sheet to change them.`;
/** The subjects whose sheets are not in: named when a few, counted when many (the approvals page shows the list). */
export const unsubmittedSubjects = (subjects: string[]) =>
  subjects.length <= 3
    ? `Some subjects are not submitted yet: ${subjects.join(', ')}`
    : `${subjects.length} subjects are not submitted yet: ${subjects.slice(0, 2).join(', ')} and ${subjects.length - 2} more`;
export const NOTHING_SCORED = 'Enter scores before submitting this sheet';
export const NOT_REVIEWED = 'Not reviewed by the class teacher yet';
export const ALREADY_PUBLISHED = 'Already published';
