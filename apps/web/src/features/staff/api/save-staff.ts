import type { StaffAnswer, StaffDetail } from '@school/shared/staff/responses';
import type { StaffValues } from '@school/shared/staff/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

export interface SaveStaffInput {
  values: StaffValues;
  /** A newly chosen photo. */
  photo?: File | null;
  /** Clear the current photo (edit only). */
  removePhoto?: boolean;
}

/** The multipart body the server reads: the text fields and, when chosen, the photo. */
export function staffFormData({ values, photo, removePhoto }: SaveStaffInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (photo) form.append('photo', photo, photo.name);
  if (removePhoto) form.append('removePhoto', 'true');
  return form;
}

export async function createStaff(input: SaveStaffInput): Promise<StaffDetail> {
  const { staff } = await api.post<StaffAnswer>('/api/staff', staffFormData(input));
  return staff;
}

export async function updateStaff({ id, ...input }: SaveStaffInput & { id: string }): Promise<StaffDetail> {
  const { staff } = await api.put<StaffAnswer>(`/api/staff/${encodeURIComponent(id)}`, staffFormData(input));
  return staff;
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: async (staff) => {
      queryClient.setQueryData(staffKeys.detail(staff.id), staff);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: async (staff) => {
      queryClient.setQueryData(staffKeys.detail(staff.id), staff);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}
