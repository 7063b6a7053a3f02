/**
 * Reports (DESIGN.md section 7): the school's reports (administrator) and the organisation's
 * (super administrator). The same shapes feed the pages and the CSV exports, so the totals of a
 * page and of its CSV are the server's one figure.
 */
import { z } from 'zod';
import { CLASS_LEVEL_GROUPS, STAFF_TYPES, TERMS, type ClassLevelGroup } from '../constants';

export const CHOOSE_A_SCHOOL = 'Choose a school';
export const CHOOSE_A_TERM = 'Choose a term: First, Second or Third';
export const CHOOSE_A_SESSION = 'Choose a session such as 2023/24';

export const LEVEL_GROUPS = Object.keys(CLASS_LEVEL_GROUPS) as ClassLevelGroup[];

const optionalId = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * A school report's query: the session (the top bar's choice travels as the x-academic-session
 * header; a CSV link, which cannot send headers, names it here) and, for a super administrator,
 * the school.
 */
export const schoolReportQuerySchema = z.object({ sessionId: optionalId, schoolId: optionalId });
export type SchoolReportQuery = z.infer<typeof schoolReportQuerySchema>;

/** The same with a term of the session (the current term when none is given). */
export const schoolTermReportQuerySchema = schoolReportQuerySchema.extend({ termId: optionalId });
export type SchoolTermReportQuery = z.infer<typeof schoolTermReportQuerySchema>;

/**
 * An organisation report's query: schools have their own sessions, so a session is chosen by its
 * name ('2023/24') and a term by its name; optionally one school of the organisation.
 */
export const organisationReportQuerySchema = z.object({
  schoolId: optionalId,
  sessionName: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^\d{4}\/\d{2}$/.test(value), { error: CHOOSE_A_SESSION }),
  term: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || (TERMS as readonly string[]).includes(value), { error: CHOOSE_A_TERM }),
});
export type OrganisationReportQuery = z.infer<typeof organisationReportQuerySchema>;

// ---------------------------------------------------------------- responses

const ref = z.object({ id: z.string(), name: z.string() });
const termRef = ref.extend({ isCurrent: z.boolean() });
const genderCounts = { male: z.number(), female: z.number(), total: z.number() };
const money = { invoices: z.number(), expectedKobo: z.number(), collectedKobo: z.number(), outstandingKobo: z.number() };

export const studentReportSchema = z.object({
  school: ref,
  session: ref.nullable(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), level: z.string(), ...genderCounts })),
  totals: z.object(genderCounts),
  /** Students of the session admitted from 1 August of its first year to the end of its last term. */
  newAdmissions: z.number(),
  /** The students enrolled in the session by their status now. */
  statuses: z.object({ active: z.number(), graduated: z.number(), withdrawn: z.number() }),
});
export type StudentReport = z.infer<typeof studentReportSchema>;

const staffCounts = { active: z.number(), inactive: z.number(), total: z.number() };
export const staffReportSchema = z.object({
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
export type StaffReport = z.infer<typeof staffReportSchema>;

export const financialReportSchema = z.object({
  school: ref,
  session: ref.nullable(),
  terms: z.array(termRef),
  term: termRef.nullable(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), ...money })),
  totals: z.object(money),
});
export type FinancialReport = z.infer<typeof financialReportSchema>;

export const academicReportSchema = z.object({
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
export type AcademicReport = z.infer<typeof academicReportSchema>;

export const organisationReportOptionsSchema = z.object({
  schools: z.array(ref),
  /** Every session name of the organisation's schools, newest first. */
  sessionNames: z.array(z.string()),
  /** The Active session name most schools share. */
  defaultSessionName: z.string().nullable(),
  /** The current term's name of most schools. */
  defaultTerm: z.enum(TERMS).nullable(),
});
export type OrganisationReportOptions = z.infer<typeof organisationReportOptionsSchema>;

const groupCounts = z.object({ male: z.number(), female: z.number(), total: z.number() });
const groups = z.object(Object.fromEntries(LEVEL_GROUPS.map((g) => [g, groupCounts])) as Record<ClassLevelGroup, typeof groupCounts>);

export const organisationStudentReportSchema = z.object({
  sessionName: z.string().nullable(),
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), hasSession: z.boolean(), groups, ...genderCounts })),
  totals: z.object({ groups, ...genderCounts }),
});
export type OrganisationStudentReport = z.infer<typeof organisationStudentReportSchema>;

const byType = z.object(Object.fromEntries(STAFF_TYPES.map((t) => [t, z.number()])) as Record<(typeof STAFF_TYPES)[number], z.ZodNumber>);
export const organisationStaffReportSchema = z.object({
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), byType, ...staffCounts })),
  totals: z.object({ byType, ...staffCounts }),
});
export type OrganisationStaffReport = z.infer<typeof organisationStaffReportSchema>;

/** The roles a school's accounts hold (the owners, with no school, are counted apart). */
export const SCHOOL_ROLES = ['admin', 'teacher', 'student', 'parent'] as const;
const byRole = z.object({ admin: z.number(), teacher: z.number(), student: z.number(), parent: z.number() });
const userCounts = { active: z.number(), invited: z.number(), disabled: z.number(), total: z.number() };

/** Accounts of the organisation: per school by role (every status) and by status; the owners apart. */
export const organisationUsersReportSchema = z.object({
  owners: z.object(userCounts),
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), byRole, ...userCounts })),
  totals: z.object({ byRole, ...userCounts }),
});
export type OrganisationUsersReport = z.infer<typeof organisationUsersReportSchema>;

export const organisationFinancialReportSchema = z.object({
  sessionName: z.string().nullable(),
  term: z.enum(TERMS).nullable(),
  schools: z.array(z.object({ schoolId: z.string(), schoolName: z.string(), hasTerm: z.boolean(), ...money })),
  totals: z.object(money),
});
export type OrganisationFinancialReport = z.infer<typeof organisationFinancialReportSchema>;
