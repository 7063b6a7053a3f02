import type { AdmissionLetter, ApplicationDetail } from '@school/shared/admissions/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { admissionKeys } from './keys';

export async function getApplication(id: string): Promise<ApplicationDetail> {
  const { application } = await api.get<{ application: ApplicationDetail }>(`/api/admissions/applications/${encodeURIComponent(id)}`);
  return application;
}

export const applicationQueryOptions = (id: string) => queryOptions({ queryKey: admissionKeys.application(id), queryFn: () => getApplication(id) });

export function useApplication(id: string | null) {
  return useQuery({ ...applicationQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export async function getAdmissionLetter(id: string): Promise<AdmissionLetter> {
  const { letter } = await api.get<{ letter: AdmissionLetter }>(`/api/admissions/applications/${encodeURIComponent(id)}/letter`);
  return letter;
}

export function useAdmissionLetter(id: string | null) {
  return useQuery({ queryKey: admissionKeys.letter(id ?? ''), queryFn: () => getAdmissionLetter(id!), enabled: Boolean(id) });
}

export function letterPdfUrl(id: string): string {
  return `/api/admissions/applications/${encodeURIComponent(id)}/letter.pdf`;
}
