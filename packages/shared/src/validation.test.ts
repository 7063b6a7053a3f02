import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORM_ERROR_KEY, fieldErrors, validate } from './validation';

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
