import type { ApplicationSubmitted } from '@school/shared/admissions/responses';
import { BIRTH_CERTIFICATE_FIELD, type StudentAdmissionInput } from '@school/shared/admissions/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SubmitApplicationInput {
  token: string;
  values: Omit<StudentAdmissionInput, 'birthCertificate'>;
  birthCertificate: File;
}

/** The multipart body the server reads: the text fields, the token and the birth certificate. */
export function applicationFormData({ token, values, birthCertificate }: SubmitApplicationInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') form.append(key, String(value));
  }
  form.append('token', token);
  form.append(BIRTH_CERTIFICATE_FIELD, birthCertificate, birthCertificate.name);
  return form;
}

export function submitApplication(input: SubmitApplicationInput): Promise<ApplicationSubmitted> {
  return api.post<ApplicationSubmitted>('/api/admissions/applications', applicationFormData(input));
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
