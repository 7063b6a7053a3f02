import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredString, optionalString, emailField } from './fields';
import { FORM_ERROR_KEY, fieldErrors, isSafeText, NOT_ALLOWED_CHARACTER, safeText, toSafeText, unsafeTextPath, validate } from './validation';

describe('fieldErrors', () => {
  const schema = z
    .object({
      name: z.string().min(1, 'Name is required').min(3, 'Name is too short'),
      scores: z.array(z.object({ exam: z.number().max(60, 'Exam is out of 60') })),
    })
    .refine((value) => value.name !== 'nobody', 'Not allowed');

  it('keeps the first message of each field, keyed by the path joined with dots', () => {
    const result = schema.safeParse({ name: '', scores: [{ exam: 70 }, { exam: 10 }] });
    expect(fieldErrors(result.error!)).toEqual({ name: 'Name is required', 'scores.0.exam': 'Exam is out of 60' });
  });

  it('keys an issue of the whole form by _form', () => {
    const result = schema.safeParse({ name: 'nobody', scores: [] });
    expect(fieldErrors(result.error!)).toEqual({ [FORM_ERROR_KEY]: 'Not allowed' });
    expect(FORM_ERROR_KEY).toBe('_form');
  });
});

describe('validate', () => {
  it('answers the parsed data or the field messages', () => {
    const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });
    expect(validate(schema, { name: ' Ada ' })).toEqual({ success: true, data: { name: 'Ada' } });
    expect(validate(schema, { name: ' ' })).toEqual({ success: false, errors: { name: 'Name is required' } });
  });
});

describe('safeText', () => {
  it('refuses NUL and unpaired surrogates, and keeps paired ones (emoji) and other control characters', () => {
    expect(['plain', 'Adébáyọ̀', 'tab\there', 'smile 😀'].map(isSafeText)).toEqual([true, true, true, true]);
    expect(['a\u0000b', '\uD800', 'x\uDFFF', '\uDE00\uD83D'].map(isSafeText)).toEqual([false, false, false, false]);
  });

  it('replaces them by U+FFFD in toSafeText, leaving pairs alone', () => {
    expect(toSafeText('a\u0000b\uD800c😀\uDFFF')).toBe('a\uFFFDb\uFFFDc😀\uFFFD');
  });

  it('gives NOT_ALLOWED_CHARACTER as the field message', () => {
    const schema = z.object({ name: safeText(z.string().min(1, 'Name is required')) });
    expect(validate(schema, { name: 'a\u0000b' })).toEqual({ success: false, errors: { name: NOT_ALLOWED_CHARACTER } });
    expect(validate(schema, { name: 'Ada' })).toEqual({ success: true, data: { name: 'Ada' } });
  });

  it('is part of the shared text fields (as a form resolver runs them), after the required rule', () => {
    const schema = z.object({ name: requiredString('Name is required'), note: optionalString(), email: emailField() });
    const result = schema.safeParse({ name: 'Ada\uD800', note: 'a\u0000', email: 'x\u0000@example.test' });
    expect(fieldErrors(result.error!)).toEqual({ name: NOT_ALLOWED_CHARACTER, note: NOT_ALLOWED_CHARACTER, email: NOT_ALLOWED_CHARACTER });
    expect(validate(schema, { name: ' ', email: 'ada@example.test' })).toEqual({ success: false, errors: { name: 'Name is required' } });
  });
});

describe('unsafeTextPath', () => {
  it('finds the first unsafe string or key, however deep', () => {
    expect(unsafeTextPath({ a: 'ok', b: [1, null, { c: 'x\u0000' }], d: '\uD800' })).toEqual(['b', '2', 'c']);
    expect(unsafeTextPath({ ok: { ['k\u0000']: 1 } })).toEqual(['ok', 'k\uFFFD']);
    expect(unsafeTextPath('\uDC00')).toEqual([]);
    expect(unsafeTextPath({ a: ['😀', 1, true, null], b: { c: 'fine' } })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unsafeTextPath(deep)).toHaveLength(200_000);
    const cyclic: Record<string, unknown> = { name: 'ok' };
    cyclic.self = cyclic;
    expect(unsafeTextPath(cyclic)).toBeNull();
  });

  it('makes validate answer NOT_ALLOWED_CHARACTER for the field, whatever the schema (a multipart form)', () => {
    const schema = z.object({ title: z.string() });
    expect(validate(schema, { title: 'a\u0000b' })).toEqual({ success: false, errors: { title: NOT_ALLOWED_CHARACTER } });
    expect(validate(z.string(), '\uD800')).toEqual({ success: false, errors: { [FORM_ERROR_KEY]: NOT_ALLOWED_CHARACTER } });
  });
});
