import type { AttendanceRates } from '@school/shared/attendance/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceKeys } from './keys';

export interface RatesFilter {
  termId: string;
  classId?: string;
  below?: number;
  page?: number;
  pageSize?: number;
}

export function ratesSearch(filter: RatesFilter): string {
  const params = new URLSearchParams({ termId: filter.termId });
  if (filter.classId) params.set('classId', filter.classId);
  if (filter.below !== undefined) params.set('below', String(filter.below));
  if (filter.page) params.set('page', String(filter.page));
  if (filter.pageSize) params.set('pageSize', String(filter.pageSize));
  return params.toString();
}

export function getRates(filter: RatesFilter): Promise<AttendanceRates> {
  return api.get<AttendanceRates>(`/api/attendance/rates?${ratesSearch(filter)}`);
}

export const ratesQueryOptions = (filter: RatesFilter) => queryOptions({ queryKey: attendanceKeys.rates(filter), queryFn: () => getRates(filter) });

export function useRates(filter: RatesFilter) {
  return useQuery({ ...ratesQueryOptions(filter), enabled: Boolean(filter.termId), placeholderData: keepPreviousData });
}

/** The CSV export of the same filter (a plain link: the browser downloads it with the session cookie). */
export const ratesCsvUrl = (filter: RatesFilter) => `/api/attendance/rates.csv?${ratesSearch({ ...filter, page: undefined, pageSize: undefined })}`;
