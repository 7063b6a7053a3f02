import type { SchoolLogo } from '@school/shared/organisations/responses';
import { SCHOOL_LOGO_UPLOAD } from '@school/shared/organisations/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './keys';

const logoPath = (schoolId: string) => `/api/organisation/schools/${encodeURIComponent(schoolId)}/logo`;

export function getSchoolLogo(schoolId: string): Promise<SchoolLogo> {
  return api.get<SchoolLogo>(logoPath(schoolId));
}

export const schoolLogoQueryOptions = (schoolId: string) =>
  queryOptions({ queryKey: organisationKeys.schoolLogo(schoolId), queryFn: () => getSchoolLogo(schoolId) });

export function useSchoolLogo(schoolId: string) {
  return useQuery(schoolLogoQueryOptions(schoolId));
}

/** Uploads the logo (multipart `logo`), replacing the one on file. */
export function uploadSchoolLogo({ schoolId, file }: { schoolId: string; file: File }): Promise<SchoolLogo> {
  const form = new FormData();
  form.append(SCHOOL_LOGO_UPLOAD.field, file);
  return api.put<SchoolLogo>(logoPath(schoolId), form);
}

export function removeSchoolLogo({ schoolId }: { schoolId: string }): Promise<SchoolLogo> {
  return api.delete<SchoolLogo>(logoPath(schoolId));
}

function useLogoMutation<T extends { schoolId: string }>(mutationFn: (input: T) => Promise<SchoolLogo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (logo, { schoolId }) => queryClient.setQueryData(organisationKeys.schoolLogo(schoolId), logo),
  });
}

export const useUploadSchoolLogo = () => useLogoMutation(uploadSchoolLogo);
export const useRemoveSchoolLogo = () => useLogoMutation(removeSchoolLogo);
