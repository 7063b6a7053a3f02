import type { ApplicationListQuery } from '@school/shared/admissions/schemas';

/** Query keys of the admissions feature; every decision invalidates `admissionKeys.applications()`. */
export const admissionKeys = {
  all: ['admissions'] as const,
  batches: () => [...admissionKeys.all, 'serial-code-batches'] as const,
  batchCodes: (id: string) => [...admissionKeys.batches(), id, 'codes'] as const,
  applications: () => [...admissionKeys.all, 'applications'] as const,
  applicationList: (query: ApplicationListQuery) => [...admissionKeys.applications(), 'list', query] as const,
  application: (id: string) => [...admissionKeys.applications(), 'detail', id] as const,
  summary: () => [...admissionKeys.applications(), 'summary'] as const,
  letter: (id: string) => [...admissionKeys.applications(), 'letter', id] as const,
  classes: () => [...admissionKeys.all, 'classes'] as const,
};

/** A query string without empty values. */
export function toSearchParams(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
