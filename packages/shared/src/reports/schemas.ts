/**
 * Reports (DESIGN.md section 7): the school's reports (administrator) and the organisation's
 * (super administrator): their queries here, their answers in responses.ts.
 */
import { z } from 'zod';
import { CLASS_LEVEL_GROUPS, TERMS, type ClassLevelGroup } from '../constants';
import { optionalLookupIdField } from '../fields';

export const CHOOSE_A_SCHOOL = 'Choose a school';
export const CHOOSE_A_TERM = 'Choose a term: First, Second or Third';
export const CHOOSE_A_SESSION = 'Choose a session such as 2023/24';

export const LEVEL_GROUPS = Object.keys(CLASS_LEVEL_GROUPS) as ClassLevelGroup[];

const optionalId = optionalLookupIdField();

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

/** The roles a school's accounts hold (the owners, with no school, are counted apart). */
export const SCHOOL_ROLES = ['admin', 'teacher', 'student', 'parent'] as const;
