import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Puts an answer's field messages under the fields: 400 (bad input) and 409 (a class or subject that
 * already exists) both carry them here. Returns the message still to show elsewhere, or null.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>): string | null {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  let applied = false;
  if (error.status === 400 || error.status === 409) {
    for (const [field, message] of Object.entries(error.errors)) {
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
        applied = true;
      }
    }
  }
  return applied ? null : error.message;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
