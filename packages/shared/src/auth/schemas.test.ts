import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from './schemas';

describe('loginSchema', () => {
  it('requires email and password, the required message winning over the format one', () => {
    expect(validate(loginSchema, { email: '', password: '' })).toEqual({
      success: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('treats whitespace-only and missing values as empty', () => {
    expect(validate(loginSchema, { email: '   ', password: ' \t ' })).toEqual({
      success: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
    expect(validate(loginSchema, {})).toEqual({
      success: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('rejects an invalid email address', () => {
    const result = loginSchema.safeParse({ email: 'not-an-email', password: 'secret' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Invalid email address']);
  });

  it('accepts a short password (sign-in has no length rule) and trims both fields', () => {
    expect(validate(loginSchema, { email: '  ada@school.ng ', password: ' abc ' })).toEqual({
      success: true,
      data: { email: 'ada@school.ng', password: 'abc' },
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('asks for the email only', () => {
    expect(validate(forgotPasswordSchema, { email: ' ' })).toEqual({
      success: false,
      errors: { email: 'Email is required' },
    });
    expect(validate(forgotPasswordSchema, { email: 'ada@' })).toEqual({
      success: false,
      errors: { email: 'Invalid email address' },
    });
    expect(validate(forgotPasswordSchema, { email: ' ada@school.ng ', password: 'x' })).toEqual({
      success: true,
      data: { email: 'ada@school.ng' },
    });
  });
});

describe('changePasswordSchema', () => {
  it('requires every field', () => {
    expect(validate(changePasswordSchema, { currentPassword: ' ', password: '', confirmPassword: '  ' })).toEqual({
      success: false,
      errors: {
        currentPassword: 'Current password is required',
        password: 'Password is required',
        confirmPassword: 'Confirm password is required',
      },
    });
  });

  it('asks for at least 8 characters', () => {
    expect(validate(changePasswordSchema, { currentPassword: 'old', password: ' 1234567 ', confirmPassword: '1234567' })).toEqual({
      success: false,
      errors: { password: 'Password must be at least 8 characters' },
    });
  });

  it('says when the confirmation differs, on confirmPassword', () => {
    expect(validate(changePasswordSchema, { currentPassword: 'old', password: 'new-secret', confirmPassword: 'new-secreT' })).toEqual({
      success: false,
      errors: { confirmPassword: 'Passwords must match' },
    });
  });

  it('accepts matching passwords, compared after trimming', () => {
    expect(validate(changePasswordSchema, { currentPassword: ' old ', password: 'new-secret ', confirmPassword: ' new-secret' })).toEqual({
      success: true,
      data: { currentPassword: 'old', password: 'new-secret', confirmPassword: 'new-secret' },
    });
  });
});

describe('resetPasswordSchema', () => {
  it('requires the token and both passwords', () => {
    expect(validate(resetPasswordSchema, { token: '  ', password: '', confirmPassword: '' })).toEqual({
      success: false,
      errors: {
        token: 'Reset token is required',
        password: 'Password is required',
        confirmPassword: 'Confirm password is required',
      },
    });
  });

  it('applies the length and match rules', () => {
    expect(validate(resetPasswordSchema, { token: 't', password: 'short', confirmPassword: 'short' })).toEqual({
      success: false,
      errors: { password: 'Password must be at least 8 characters' },
    });
    expect(validate(resetPasswordSchema, { token: 't', password: 'long-enough', confirmPassword: 'other-one' })).toEqual({
      success: false,
      errors: { confirmPassword: 'Passwords must match' },
    });
  });

  it('accepts a valid reset', () => {
    expect(validate(resetPasswordSchema, { token: ' abc ', password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({
      success: true,
      data: { token: 'abc', password: 'long-enough', confirmPassword: 'long-enough' },
    });
  });
});

describe('registerSchema', () => {
  const valid = { email: 'ada@school.ng', code: '123456', password: 'long-enough', confirmPassword: 'long-enough' };

  it('coerces a numeric code from a form and trims the email', () => {
    expect(validate(registerSchema, { ...valid, email: ' ada@school.ng ', code: ' 123456 ' })).toEqual({
      success: true,
      data: { ...valid, code: 123456 },
    });
    expect(validate(registerSchema, { ...valid, code: 42 })).toMatchObject({ success: true, data: { code: 42 } });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'whitespace'],
    ['12a', 'letters'],
    ['-5', 'negative'],
    ['0', 'zero'],
    ['1.5', 'decimal'],
  ])("answers 'Code must be a number' for %j (%s)", (code) => {
    expect(validate(registerSchema, { ...valid, code })).toEqual({
      success: false,
      errors: { code: 'Code must be a number' },
    });
  });

  it("answers 'Code must be a number' for a missing code, a negative number or a fraction", () => {
    for (const code of [undefined, null, -3, 2.5]) {
      expect(validate(registerSchema, { ...valid, code })).toEqual({
        success: false,
        errors: { code: 'Code must be a number' },
      });
    }
  });

  it('uses the email and password rules', () => {
    expect(validate(registerSchema, { email: '', code: '1', password: '', confirmPassword: '' })).toEqual({
      success: false,
      errors: {
        email: 'Email is required',
        password: 'Password is required',
        confirmPassword: 'Confirm password is required',
      },
    });
    expect(validate(registerSchema, { ...valid, email: 'ada' })).toEqual({
      success: false,
      errors: { email: 'Invalid email address' },
    });
    expect(validate(registerSchema, { ...valid, confirmPassword: 'different!' })).toEqual({
      success: false,
      errors: { confirmPassword: 'Passwords must match' },
    });
  });
});
