import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';

/**
 * `applyServerErrors`, with a 409's field messages shown under their fields too (an email that
 * already has an account answers 409 with `errors.email` or `errors.adminEmail`).
 */
export function applyAnswerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>): string | null {
  const fieldAnswer = isApiError(error) && error.status === 409 && Object.keys(error.errors).length > 0;
  return applyServerErrors(fieldAnswer ? new ApiError(400, error.message, error.errors) : error, setError, fields);
}
