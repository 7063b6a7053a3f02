import type {
  AcademicReport,
  FinancialReport,
  OrganisationFinancialReport,
  OrganisationReportOptions,
  OrganisationStaffReport,
  OrganisationStudentReport,
  OrganisationUsersReport,
  StaffReport,
  StudentReport,
} from '@school/shared/reports/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { api } from '@/lib/api-client';

export type SchoolReportKind = 'students' | 'staff' | 'financial' | 'academic';
export type OrganisationReportKind = 'students' | 'staff' | 'financial' | 'users';

interface SchoolReports {
  students: StudentReport;
  staff: StaffReport;
  financial: FinancialReport;
  academic: AcademicReport;
}
interface OrganisationReports {
  students: OrganisationStudentReport;
  staff: OrganisationStaffReport;
  financial: OrganisationFinancialReport;
  users: OrganisationUsersReport;
}

export type Params = Record<string, string | undefined>;

export function search(params: Params): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) out.set(key, value);
  const text = out.toString();
  return text ? `?${text}` : '';
}

export const reportKeys = {
  all: ['reports'] as const,
  // the top bar's session is part of the key: another session is another report
  school: (kind: SchoolReportKind, params: Params) => [...reportKeys.all, 'school', kind, getSelectedAcademicSessionId(), params] as const,
  organisationOptions: () => [...reportKeys.all, 'organisation', 'options'] as const,
  organisation: (kind: OrganisationReportKind, params: Params) => [...reportKeys.all, 'organisation', kind, params] as const,
};

export const schoolReportQueryOptions = <K extends SchoolReportKind>(kind: K, params: Params = {}) =>
  queryOptions({
    queryKey: reportKeys.school(kind, params),
    queryFn: () => api.get<SchoolReports[K]>(`/api/reports/school/${kind}${search(params)}`),
  });

export function useSchoolReport<K extends SchoolReportKind>(kind: K, params: Params = {}) {
  return useQuery({ ...schoolReportQueryOptions(kind, params), placeholderData: keepPreviousData });
}

/**
 * The CSV of the report on screen: the same school, session and term as the page's answer (a plain
 * link cannot send the session header, so the session goes in the query).
 */
export function schoolReportCsvUrl(kind: SchoolReportKind, report: { session: { id: string } | null; term?: { id: string } | null }, params: Params = {}) {
  return `/api/reports/school/${kind}/export.csv${search({ ...params, sessionId: report.session?.id, termId: report.term?.id ?? params.termId })}`;
}

export const organisationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.organisationOptions(),
    queryFn: () => api.get<OrganisationReportOptions>('/api/reports/organisation/options'),
  });

export const useOrganisationOptions = () => useQuery(organisationOptionsQueryOptions());

export const organisationReportQueryOptions = <K extends OrganisationReportKind>(kind: K, params: Params = {}) =>
  queryOptions({
    queryKey: reportKeys.organisation(kind, params),
    queryFn: () => api.get<OrganisationReports[K]>(`/api/reports/organisation/${kind}${search(params)}`),
  });

export function useOrganisationReport<K extends OrganisationReportKind>(kind: K, params: Params = {}, enabled = true) {
  return useQuery({ ...organisationReportQueryOptions(kind, params), enabled, placeholderData: keepPreviousData });
}

export const organisationReportCsvUrl = (kind: OrganisationReportKind, params: Params = {}) => `/api/reports/organisation/${kind}/export.csv${search(params)}`;
