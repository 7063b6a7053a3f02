/**
 * What the reports answer (/api/reports/*). The same shapes feed the pages and the CSV exports, so
 * the totals of a page and of its CSV are the server's one figure. The server declares these as its
 * response schemas; the web app uses the inferred types.
 */
import { z } from 'zod';
import { STAFF_TYPES, TERMS, type ClassLevelGroup } from '../constants';
import { LEVEL_GROUPS } from './schemas';

const ref = z.object({ id: z.string(), name: z.string() });
const termRef = ref.extend({ isCurrent: z.boolean() });
const genderCounts = { male: z.number(), female: z.number(), total: z.number() };
const money = { invoices: z.number(), expectedKobo: z.number(), collectedKobo: z.number(), outstandingKobo: z.number() };

export const studentReportResponse = z.object({
  school: ref,
  session: ref.nullable(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), level: z.string(), ...genderCounts })),
  totals: z.object(genderCounts),
  /** Students of the session admitted from 1 August of its first year to the end of its last term. */
  newAdmissions: z.number(),
  /** The students enrolled in the session by their status now. */
  statuses: z.object({ active: z.number(), graduated: z.number(), withdrawn: z.number() }),
});
export type StudentReport = z.infer<typeof studentReportResponse>;

const staffCounts = { active: z.number(), inactive: z.number(), total: z.number() };
export const staffReportResponse = z.object({
  school: ref,
  session: ref.nullable(),
  types: z.array(z.object({ staffType: z.string(), ...staffCounts })),
  totals: z.object(staffCounts),
  /** Teachers with their load in the session: classes they are class teacher of, subjects they teach. */
  teachers: z.array(
    z.object({
      staffId: z.string(),
      name: z.string(),
      status: z.string(),
      classTeacherOf: z.array(z.string()),
      subjects: z.array(z.string()),
      /** Class-subject pairs taught (JSS 1 A Mathematics, JSS 1 B Mathematics… counts two). */
      classSubjects: z.number(),
    }),
  ),
});
export type StaffReport = z.infer<typeof staffReportResponse>;

export const financialReportResponse = z.object({
  school: ref,
  session: ref.nullable(),
  terms: z.array(termRef),
  term: termRef.nullable(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), ...money })),
  totals: z.object(money),
});
export type FinancialReport = z.infer<typeof financialReportResponse>;

export const academicReportResponse = z.object({
  school: ref,
  session: ref.nullable(),
  terms: z.array(termRef),
  term: termRef.nullable(),
  classes: z.array(
    z.object({
      classId: z.string(),
      className: z.string(),
      students: z.number(),
      registers: z.number(),
      /** (Present + Late) / everyone marked, a percentage with one decimal; null when nothing was marked. */
      attendanceRate: z.number().nullable(),
      /** Mean of the students' term averages, 2 decimals; null without scores. */
      classAverage: z.number().nullable(),
      published: z.boolean(),
    }),
  ),
  overall: z.object({ students: z.number(), registers: z.number(), attendanceRate: z.number().nullable(), average: z.number().nullable() }),
});
export type AcademicReport = z.infer<typeof academicReportResponse>;

export const organisationReportOptionsResponse = z.object({
  schools: z.array(ref),
  /** Every session name of the organisation's schools, newest first. */
  sessionNames: z.array(z.string()),
  /** The Active session name most schools share. */
  defaultSessionName: z.string().nullable(),
  /** The current term's name of most schools. */
  defaultTerm: z.enum(TERMS).nullable(),
});
export type OrganisationReportOptions = z.infer<typeof organisationReportOptionsResponse>;

const groupCounts = z.object({ male: z.number(), female: z.number(), total: z.number() });
const groups = z.object(Object.fromEntries(LEVEL_GROUPS.map((g) => [g, groupCounts])) as Record<ClassLevelGroup, typeof groupCounts>);

export const organisationStudentReportResponse = z.object({
  sessionName: z.string().nullable(),
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), hasSession: z.boolean(), groups, ...genderCounts })),
  totals: z.object({ groups, ...genderCounts }),
});
export type OrganisationStudentReport = z.infer<typeof organisationStudentReportResponse>;

const byType = z.object(Object.fromEntries(STAFF_TYPES.map((t) => [t, z.number()])) as Record<(typeof STAFF_TYPES)[number], z.ZodNumber>);
export const organisationStaffReportResponse = z.object({
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), byType, ...staffCounts })),
  totals: z.object({ byType, ...staffCounts }),
});
export type OrganisationStaffReport = z.infer<typeof organisationStaffReportResponse>;

const byRole = z.object({ admin: z.number(), teacher: z.number(), student: z.number(), parent: z.number() });
const userCounts = { active: z.number(), invited: z.number(), disabled: z.number(), total: z.number() };

/** Accounts of the organisation: per school by role (every status) and by status; the owners apart. */
export const organisationUsersReportResponse = z.object({
  owners: z.object(userCounts),
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), byRole, ...userCounts })),
  totals: z.object({ byRole, ...userCounts }),
});
export type OrganisationUsersReport = z.infer<typeof organisationUsersReportResponse>;

export const organisationFinancialReportResponse = z.object({
  sessionName: z.string().nullable(),
  term: z.enum(TERMS).nullable(),
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), hasTerm: z.boolean(), ...money })),
  totals: z.object(money),
});
export type OrganisationFinancialReport = z.infer<typeof organisationFinancialReportResponse>;
