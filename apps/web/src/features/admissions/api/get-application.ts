import type { AdmissionLetter, AdmissionLetterEnvelope, ApplicationDetail, ApplicationResponse } from '@school/shared/admissions/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { admissionKeys } from './keys';

export async function getApplication(id: string): Promise<ApplicationDetail> {
  const { application } = await api.get<ApplicationResponse>(`/api/admissions/applications/${encodeURIComponent(id)}`);
  return application;
}

export const applicationQueryOptions = (id: string) => queryOptions({ queryKey: admissionKeys.application(id), queryFn: () => getApplication(id) });

export function useApplication(id: string | null) {
  return useQuery({ ...applicationQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export async function getAdmissionLetter(id: string): Promise<AdmissionLetter> {
  const { letter } = await api.get<AdmissionLetterEnvelope>(`/api/admissions/applications/${encodeURIComponent(id)}/letter`);
  return letter;
}

export function useAdmissionLetter(id: string | null) {
  return useQuery({ queryKey: admissionKeys.letter(id ?? ''), queryFn: () => getAdmissionLetter(id!), enabled: Boolean(id) });
}

export function letterPdfUrl(id: string): string {
  return `/api/admissions/applications/${encodeURIComponent(id)}/letter.pdf`;
}
