/**
 * What the students endpoints answer. The server declares these as its response schemas (so no
 * other field can leak); the web app uses the inferred types.
 */
import { z } from 'zod';
import { FEE_STATUSES, GENDERS } from '../constants';
import { STUDENT_STATUSES } from './schemas';

/** A row of the students table. */
export const studentListItemResponse = z.object({
  id: z.string(),
  registrationNo: z.string(),
  name: z.string(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  gender: z.enum(GENDERS),
  status: z.enum(STUDENT_STATUSES),
  /** Complete when every invoice of the session is paid, InComplete when one is not; null without invoices (or for a caller without finance). */
  feeStatus: z.enum(FEE_STATUSES).nullable().describe('Finance: Complete / InComplete for the session, null without invoices or for a caller without finance'),
});
export type StudentListItem = z.infer<typeof studentListItemResponse>;

/** GET /api/students */
export const studentPageResponse = z.object({ items: z.array(studentListItemResponse), total: z.number(), page: z.number(), pageSize: z.number() });
export type StudentPage = z.infer<typeof studentPageResponse>;

/** A class the caller may filter by (the selected session's; a teacher's own). */
export const studentClassOption = z.object({ id: z.string(), name: z.string() });
export type StudentClassOption = z.infer<typeof studentClassOption>;

/** GET /api/students/classes */
export const studentClassOptionsResponse = z.object({ items: z.array(studentClassOption) });
export type StudentClassOptions = z.infer<typeof studentClassOptionsResponse>;

export const studentGuardianResponse = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type StudentGuardian = z.infer<typeof studentGuardianResponse>;

export const studentEnrolmentResponse = z.object({
  academicSessionId: z.string(),
  academicSessionName: z.string(),
  classId: z.string(),
  className: z.string(),
});
export type StudentEnrolment = z.infer<typeof studentEnrolmentResponse>;

/** The profile's summaries, from the attendance, results and finance areas; null when there is nothing to show. */
export const studentSummaryResponse = z
  .object({
    /** This term's attendance: days present (Present or Late) out of the term's school days so far (less holidays). */
    attendance: z.object({ termName: z.string(), present: z.number(), daysOpen: z.number(), rate: z.number().nullable() }).nullable(),
    /** The newest term whose results the viewer may see (published, and unlocked when PINs are on). */
    results: z
      .object({ termName: z.string(), sessionName: z.string(), average: z.number().nullable(), position: z.number().nullable(), studentCount: z.number() })
      .nullable(),
    /** Over all the student's invoices, in kobo; null when the student has none. */
    fees: z.object({ dueKobo: z.number(), paidKobo: z.number(), outstandingKobo: z.number(), creditKobo: z.number() }).nullable(),
  })
  .describe('This term’s attendance, the newest results the viewer may see, and the fees over all invoices; null when there is nothing');
export type StudentSummary = z.infer<typeof studentSummaryResponse>;

export const studentDetailResponse = z.object({
  id: z.string(),
  registrationNo: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  dateOfBirth: z.string().nullable(),
  stateOfOrigin: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(STUDENT_STATUSES),
  admittedOn: z.string().nullable(),
  /** The passport photo, fetched from /api/uploads/:id (null: none). */
  photoUrl: z.string().nullable(),
  /** The class in the selected session. */
  currentClass: z.object({ id: z.string(), name: z.string() }).nullable(),
  guardians: z.array(studentGuardianResponse),
  classHistory: z.array(studentEnrolmentResponse),
  summary: studentSummaryResponse,
});
export type StudentDetail = z.infer<typeof studentDetailResponse>;

/** GET and PUT /api/students/:id, /api/me/students/:id/profile */
export const studentProfileResponse = z.object({ student: studentDetailResponse });
export type StudentProfile = z.infer<typeof studentProfileResponse>;
