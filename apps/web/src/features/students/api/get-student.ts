import type { StudentDetail, StudentProfile } from '@school/shared/students/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useQueryForEditing } from '@/lib/query-for-editing';
import { studentKeys } from './keys';

/** A student's profile as staff see it (a teacher: students of their classes). */
export async function getStudent(id: string): Promise<StudentDetail> {
  const { student } = await api.get<StudentProfile>(`/api/students/${encodeURIComponent(id)}`);
  return student;
}

/** The signed-in student's own profile (or a parent's child's). */
export async function getOwnStudentProfile(id: string): Promise<StudentDetail> {
  const { student } = await api.get<StudentProfile>(`/api/me/students/${encodeURIComponent(id)}/profile`);
  return student;
}

export const studentQueryOptions = (id: string) => queryOptions({ queryKey: studentKeys.detail(id), queryFn: () => getStudent(id) });
export const ownStudentQueryOptions = (id: string) => queryOptions({ queryKey: studentKeys.own(id), queryFn: () => getOwnStudentProfile(id) });

export function useStudent(id: string) {
  return useQuery(studentQueryOptions(id));
}

/**
 * The profile an edit form starts from: always fetched again on opening, so that a cached copy (kept
 * in this browser, or restored from it) never becomes the defaults that overwrite a newer save.
 */
export function useStudentForEditing(id: string) {
  return useQueryForEditing(studentQueryOptions(id));
}

/** The signed-in student's own profile, fetched again for the edit form (see useStudentForEditing). */
export function useOwnStudentProfileForEditing(id: string) {
  return useQueryForEditing(ownStudentQueryOptions(id));
}

export function useOwnStudentProfile(id: string) {
  return useQuery(ownStudentQueryOptions(id));
}
