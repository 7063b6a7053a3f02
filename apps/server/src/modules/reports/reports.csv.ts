/**
 * The reports as CSV: the same rows and totals as the page (built from the same report object),
 * money in naira with two decimals, a last "Total" row.
 */
import { STAFF_TYPES } from '@school/shared/constants';
import type {
  AcademicReport,
  FinancialReport,
  OrganisationFinancialReport,
  OrganisationStaffReport,
  OrganisationStudentReport,
  OrganisationUsersReport,
  StaffReport,
  StudentReport,
} from '@school/shared/reports/responses';
import { LEVEL_GROUPS } from '@school/shared/reports/schemas';
import { csvCell } from '../../lib/csv';

type Cell = string | number | null | undefined;

function cell(value: Cell): string {
  const text = value == null ? '' : String(value);
  // a leading = + - @ would run as a formula in a spreadsheet
  return csvCell(/^[=+\-@]/.test(text) ? `'${text}` : text);
}

export function toCsv(rows: Cell[][]): string {
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Kobo as naira for a spreadsheet: 1234550 → '12345.50'. */
export const naira = (kobo: number) => (kobo / 100).toFixed(2);

/** A file name part: '2023/24' → '2023-24', 'Greenfield Nursery & Primary' → 'greenfield-nursery-primary'. */
export const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'report';

export function studentReportCsv(r: StudentReport): string {
  return toCsv([
    ['Class', 'Male', 'Female', 'Total'],
    ...r.classes.map((c) => [c.className, c.male, c.female, c.total]),
    ['Total', r.totals.male, r.totals.female, r.totals.total],
  ]);
}

export function staffReportCsv(r: StaffReport): string {
  return toCsv([
    ['Staff Type', 'Active', 'Inactive', 'Total'],
    ...r.types.map((t) => [t.staffType, t.active, t.inactive, t.total]),
    ['Total', r.totals.active, r.totals.inactive, r.totals.total],
    [],
    ['Teacher', 'Status', 'Class Teacher Of', 'Subjects', 'Classes Taught'],
    ...r.teachers.map((t) => [t.name, t.status, t.classTeacherOf.join('; '), t.subjects.join('; '), t.classSubjects]),
  ]);
}

export function financialReportCsv(r: FinancialReport): string {
  return toCsv([
    ['Class', 'Invoices', 'Expected (NGN)', 'Collected (NGN)', 'Outstanding (NGN)'],
    ...r.classes.map((c) => [c.className, c.invoices, naira(c.expectedKobo), naira(c.collectedKobo), naira(c.outstandingKobo)]),
    ['Total', r.totals.invoices, naira(r.totals.expectedKobo), naira(r.totals.collectedKobo), naira(r.totals.outstandingKobo)],
  ]);
}

export function academicReportCsv(r: AcademicReport): string {
  return toCsv([
    ['Class', 'Students', 'Registers Taken', 'Attendance Rate (%)', 'Class Average', 'Results Published'],
    ...r.classes.map((c) => [c.className, c.students, c.registers, c.attendanceRate, c.classAverage, c.published ? 'Yes' : 'No']),
    ['Total', r.overall.students, r.overall.registers, r.overall.attendanceRate, r.overall.average, ''],
  ]);
}

export function organisationStudentReportCsv(r: OrganisationStudentReport): string {
  const groupHeads = LEVEL_GROUPS.flatMap((g) => [`${g} Male`, `${g} Female`, `${g} Total`]);
  const groupCells = (groups: OrganisationStudentReport['totals']['groups']) =>
    LEVEL_GROUPS.flatMap((g) => [groups[g].male, groups[g].female, groups[g].total]);
  return toCsv([
    ['School', ...groupHeads, 'Male', 'Female', 'Total'],
    ...r.schools.map((s) => [s.schoolName, ...groupCells(s.groups), s.male, s.female, s.total]),
    ['Total', ...groupCells(r.totals.groups), r.totals.male, r.totals.female, r.totals.total],
  ]);
}

export function organisationStaffReportCsv(r: OrganisationStaffReport): string {
  return toCsv([
    ['School', ...STAFF_TYPES.map((t) => `${t} (active)`), 'Active', 'Inactive', 'Total'],
    ...r.schools.map((s) => [s.schoolName, ...STAFF_TYPES.map((t) => s.byType[t]), s.active, s.inactive, s.total]),
    ['Total', ...STAFF_TYPES.map((t) => r.totals.byType[t]), r.totals.active, r.totals.inactive, r.totals.total],
  ]);
}

export function organisationFinancialReportCsv(r: OrganisationFinancialReport): string {
  return toCsv([
    ['School', 'Invoices', 'Expected (NGN)', 'Collected (NGN)', 'Outstanding (NGN)'],
    ...r.schools.map((s) => [s.schoolName, s.invoices, naira(s.expectedKobo), naira(s.collectedKobo), naira(s.outstandingKobo)]),
    ['Total', r.totals.invoices, naira(r.totals.expectedKobo), naira(r.totals.collectedKobo), naira(r.totals.outstandingKobo)],
  ]);
}

export function organisationUsersReportCsv(r: OrganisationUsersReport): string {
  const roles = ['Administrators', 'Teachers', 'Students', 'Parents'];
  const keys = ['admin', 'teacher', 'student', 'parent'] as const;
  return toCsv([
    ['School', ...roles, 'Active', 'Invited', 'Disabled', 'Total'],
    ...r.schools.map((s) => [s.schoolName, ...keys.map((k) => s.byRole[k]), s.active, s.invited, s.disabled, s.total]),
    ['Total', ...keys.map((k) => r.totals.byRole[k]), r.totals.active, r.totals.invited, r.totals.disabled, r.totals.total],
  ]);
}
