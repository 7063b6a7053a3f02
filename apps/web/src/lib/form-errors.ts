import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Shows a 400 answer's field messages under the matching fields. Returns the message that still
 * needs showing elsewhere (an alert): the error's message when no field took it, otherwise null.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>): string | null {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  let applied = false;
  if (error.status === 400) {
    for (const [field, message] of Object.entries(error.errors)) {
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
        applied = true;
      }
    }
  }
  return applied ? null : error.message;
}
