/**
 * What the admissions endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { ADMISSION_STATUSES, FEE_STATUSES } from '../constants';
import { IMPORT_MODES } from './schemas';

export const admissionStatus = z.enum(ADMISSION_STATUSES);
export const admissionPaymentStatus = z.enum(FEE_STATUSES);

// ---------------------------------------------------------------- serial codes

export const serialCodeBatchResponse = z.object({
  id: z.string(),
  quantity: z.number(),
  priceKobo: z.number(),
  expiresOn: z.string(),
  expired: z.boolean(),
  used: z.number(),
  unused: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type SerialCodeBatch = z.infer<typeof serialCodeBatchResponse>;

/** POST /api/admissions/serial-code-batches */
export const serialCodeBatchCreatedResponse = z.object({ batch: serialCodeBatchResponse });
export type SerialCodeBatchCreated = z.infer<typeof serialCodeBatchCreatedResponse>;

/** GET /api/admissions/serial-code-batches */
export const serialCodeBatchListResponse = z.object({ items: z.array(serialCodeBatchResponse) });
export type SerialCodeBatchList = z.infer<typeof serialCodeBatchListResponse>;

export const serialCodeListItem = z.object({ code: z.string(), usedAt: z.string().nullable(), registrationNo: z.string().nullable() });
export type SerialCodeListItem = z.infer<typeof serialCodeListItem>;

/** GET /api/admissions/serial-code-batches/:id/codes */
export const serialCodeBatchCodesResponse = z.object({ batch: serialCodeBatchResponse, schoolName: z.string(), codes: z.array(serialCodeListItem) });
export type SerialCodeBatchCodes = z.infer<typeof serialCodeBatchCodesResponse>;

/** POST /api/admissions/serial-codes/check; the token opens /auth/application. */
export const serialCodeCheckResponse = z.object({ token: z.string(), schoolName: z.string(), expiresAt: z.string() });
export type SerialCodeCheckResult = z.infer<typeof serialCodeCheckResponse>;

/** POST /api/admissions/applications */
export const applicationSubmittedResponse = z.object({ registrationNo: z.string(), schoolName: z.string(), name: z.string() });
export type ApplicationSubmitted = z.infer<typeof applicationSubmittedResponse>;

// ---------------------------------------------------------------- applications

export const applicationListItemResponse = z.object({
  id: z.string(),
  registrationNo: z.string(),
  name: z.string(),
  classLevel: z.string(),
  paymentStatus: admissionPaymentStatus,
  status: admissionStatus,
  submittedAt: z.string(),
  /** The class the applicant was admitted into (Accepted only). */
  className: z.string().nullable(),
});
export type ApplicationListItem = z.infer<typeof applicationListItemResponse>;

/** GET /api/admissions/applications */
export const applicationPageResponse = z.object({ items: z.array(applicationListItemResponse), total: z.number(), page: z.number(), pageSize: z.number() });
export type ApplicationPage = z.infer<typeof applicationPageResponse>;

/** GET /api/admissions/applications/summary */
export const applicationSummaryResponse = z.object({ counts: z.record(admissionStatus, z.number()) });
export type ApplicationSummary = z.infer<typeof applicationSummaryResponse>;
export type ApplicationCounts = ApplicationSummary['counts'];

export const applicationDetailResponse = applicationListItemResponse.extend({
  guardian: z.object({ name: z.string().nullable(), email: z.string(), phone: z.string(), address: z.string(), relationship: z.string() }),
  ward: z.object({ name: z.string(), gender: z.string(), dateOfBirth: z.string(), email: z.string().nullable(), phone: z.string(), stateOfOrigin: z.string() }),
  education: z.object({
    prevEducation: z.string(),
    institution: z.string(),
    institutionAddress: z.string(),
    attendedClasses: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
  }),
  birthCertificate: z.object({ url: z.string(), name: z.string(), mimeType: z.string() }).nullable(),
  studentId: z.string().nullable(),
  sessionName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailResponse>;

/** GET /api/admissions/applications/:id */
export const applicationResponse = z.object({ application: applicationDetailResponse });
export type ApplicationResponse = z.infer<typeof applicationResponse>;

export const decisionResultResponse = z.union([
  z.object({
    id: z.string(),
    ok: z.literal(true),
    status: admissionStatus,
    registrationNo: z.string(),
    className: z.string().nullable().optional(),
    notes: z.array(z.string()),
  }),
  z.object({ id: z.string(), ok: z.literal(false), statusCode: z.number(), message: z.string() }),
]);
export type DecisionResult = z.infer<typeof decisionResultResponse>;

/** POST /api/admissions/applications/decisions */
export const decisionResponse = z.object({ results: z.array(decisionResultResponse), succeeded: z.number(), failed: z.number() });
export type DecisionResponse = z.infer<typeof decisionResponse>;

export const admissionClassResponse = z.object({ id: z.string(), level: z.string(), arm: z.string(), name: z.string(), studentCount: z.number() });
export type AdmissionClass = z.infer<typeof admissionClassResponse>;

/** GET /api/admissions/classes */
export const admissionClassListResponse = z.object({ sessionName: z.string().nullable(), items: z.array(admissionClassResponse) });
export type AdmissionClassList = z.infer<typeof admissionClassListResponse>;

export const admissionLetterResponse = z.object({
  school: z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string(), phone: z.string(), email: z.string() }),
  registrationNo: z.string(),
  name: z.string(),
  guardianName: z.string().nullable(),
  relationship: z.string(),
  className: z.string(),
  sessionName: z.string(),
  date: z.string(),
});
export type AdmissionLetter = z.infer<typeof admissionLetterResponse>;

/** GET /api/admissions/applications/:id/letter */
export const admissionLetterEnvelope = z.object({ letter: admissionLetterResponse });
export type AdmissionLetterEnvelope = z.infer<typeof admissionLetterEnvelope>;

// ---------------------------------------------------------------- direct admission and import

/**
 * An invitation code just issued, shown to the school's administrator who issued it when mail is not
 * configured (ADR 0036). Codes are kept hashed, so this is the only time the code can be read.
 */
export const issuedInvitationResponse = z.object({
  studentName: z.string(),
  registrationNo: z.string(),
  /** Whose account: the student's own or their parent's. */
  role: z.enum(['student', 'parent']),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  expiresAt: z.string(),
});
export type IssuedInvitation = z.infer<typeof issuedInvitationResponse>;

/** The codes of an admission or import, with where to use them; absent when the codes went by mail. */
export const issuedInvitationsResponse = z.object({ registerUrl: z.string(), items: z.array(issuedInvitationResponse) });
export type IssuedInvitations = z.infer<typeof issuedInvitationsResponse>;

export const directAdmissionResultResponse = z.object({
  studentId: z.string(),
  registrationNo: z.string(),
  name: z.string(),
  className: z.string(),
  sessionName: z.string(),
  notes: z.array(z.string()),
  invitations: issuedInvitationsResponse.optional(),
});
export type DirectAdmissionResult = z.infer<typeof directAdmissionResultResponse>;

/** POST /api/admissions/students */
export const directAdmissionResponse = z.object({ student: directAdmissionResultResponse });
export type DirectAdmissionResponse = z.infer<typeof directAdmissionResponse>;

export const importRowReportResponse = z.object({
  /** The line of the file where the row starts (the header is line 1). */
  line: z.number(),
  ok: z.boolean(),
  /** Messages keyed by column name (`file` for the row as a whole). */
  errors: z.record(z.string(), z.string()),
  name: z.string(),
  /** Once imported. */
  registrationNo: z.string().optional(),
  studentId: z.string().optional(),
  className: z.string().optional(),
});
export type ImportRowReport = z.infer<typeof importRowReportResponse>;

/** POST /api/admissions/imports */
export const importReportResponse = z.object({
  mode: z.enum(IMPORT_MODES),
  dryRun: z.boolean(),
  rows: z.array(importRowReportResponse),
  /** Students written (with dryRun: that would be written). */
  imported: z.number(),
  /** Rows not written. */
  skipped: z.number(),
  /** The invitation codes issued, for the school's administrator when mail is not configured (ADR 0036). */
  invitations: issuedInvitationsResponse.optional(),
});
export type ImportReport = z.infer<typeof importReportResponse>;

/** POST /api/admissions/classes/:id/invitation-slips: new codes for the class's accounts not yet signed up. */
export const invitationSlipsResponse = z.object({
  schoolName: z.string(),
  className: z.string(),
  sessionName: z.string(),
  registerUrl: z.string(),
  items: z.array(issuedInvitationResponse),
});
export type InvitationSlips = z.infer<typeof invitationSlipsResponse>;

/** POST /api/admissions/imports, 400: an error answer; all-or-nothing with a wrong row adds the report (nothing written). */
export const importRefusalResponse = importReportResponse
  .partial()
  .extend({ statusCode: z.number(), error: z.string(), message: z.string(), errors: z.record(z.string(), z.string()).optional() });
export type ImportRefusal = z.infer<typeof importRefusalResponse>;
