import type { z } from 'zod';

/** Key of an issue that belongs to the whole form rather than to one field. */
export const FORM_ERROR_KEY = '_form';

/**
 * The first message of each field, keyed by its path joined with '.' (e.g. 'confirmPassword',
 * 'scores.0.exam'); used for the server's 400 answers (`errors`) and by forms.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    errors[key] ??= issue.message;
  }
  return errors;
}

export type FieldValidation<T> = { success: true; data: T } | { success: false; errors: Record<string, string> };

/** Parses `input`, answering the data or the field messages of `fieldErrors`. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): FieldValidation<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, errors: fieldErrors(result.error) };
}
