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

/**
 * Parses `input`, answering the data or the field messages of `fieldErrors`; text the database
 * cannot store anywhere in `input` (a multipart form's fields too) answers NOT_ALLOWED_CHARACTER.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): FieldValidation<z.output<S>> {
  const unsafe = unsafeTextPath(input);
  if (unsafe) return { success: false, errors: { [unsafe.length ? unsafe.join('.') : FORM_ERROR_KEY]: NOT_ALLOWED_CHARACTER } };
  const result = schema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, errors: fieldErrors(result.error) };
}

/** The field message for text holding a character the database cannot store. */
export const NOT_ALLOWED_CHARACTER = 'Contains a character that is not allowed';

// NUL (PostgreSQL text refuses it) or a surrogate without its pair (not encodable as UTF-8);
// with the u flag, \p{Cs} matches only unpaired surrogates.
const UNSAFE_CHARACTER = /[\0\p{Cs}]/u;
const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER.source, 'gu');

/** Whether text can be stored as it is: no NUL and no unpaired surrogate. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_CHARACTER.test(value);
}

/** `value` with each NUL or unpaired surrogate replaced by U+FFFD: for text nobody typed (a file's name) that is kept, not refused. */
export function toSafeText(value: string): string {
  return value.replace(UNSAFE_CHARACTERS, '\uFFFD');
}

/**
 * Adds the NOT_ALLOWED_CHARACTER rule to a string schema, so a form refuses what the server's
 * string check (apps/server/src/plugins/strings.ts) would refuse, with the same message.
 */
export function safeText<T extends z.ZodString>(schema: T): T {
  return schema.refine(isSafeText, { error: NOT_ALLOWED_CHARACTER });
}

interface PathNode {
  value: unknown;
  key: string;
  parent: PathNode | null;
}

/**
 * The path ([] for `value` itself) of the first string or object key in `value` that is not safe
 * text, or null; a key's own unsafe characters show as U+FFFD. Walks with its own stack and parent
 * links, so a deeply nested request body can neither overflow the call stack nor cost a copy of
 * its path per level; an object met again (a cycle in a form's values) is walked once.
 */
export function unsafeTextPath(value: unknown): string[] | null {
  const stack: PathNode[] = [{ value, key: '', parent: null }];
  const seen = new WeakSet<object>();
  while (stack.length) {
    const node = stack.pop()!;
    if (!isSafeText(node.key) || (typeof node.value === 'string' && !isSafeText(node.value))) return pathOf(node);
    if (node.value === null || typeof node.value !== 'object' || seen.has(node.value)) continue;
    seen.add(node.value);
    const entries = Object.entries(node.value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: node });
  }
  return null;
}

function pathOf(node: PathNode): string[] {
  const keys: string[] = [];
  for (let at: PathNode | null = node; at?.parent; at = at.parent) {
    keys.push(toSafeText(at.key));
  }
  return keys.reverse();
}
