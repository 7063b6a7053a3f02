import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { schoolRegistrationSchema } from './schemas';

const valid = {
  schoolName: 'Bright Future Academy',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  email: 'info@brightfuture.ng',
  phone: '08031234567',
  schoolType: 'Secondary',
  adminEmail: 'owner@brightfuture.ng',
  adminPassword: 'proprietor-1',
};

const requiredMessages = {
  schoolName: 'School name is required',
  address: 'School address is required',
  city: 'City is required',
  state: 'State is required',
  email: 'Email is required',
  phone: 'Phone number is required',
  schoolType: 'School type is required',
  adminEmail: 'Super admin email is required',
  adminPassword: 'Super admin password is required',
};

describe('schoolRegistrationSchema', () => {
  it('accepts a valid registration and trims every string', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, `  ${value} `]));
    expect(validate(schoolRegistrationSchema, padded)).toEqual({ success: true, data: valid });
  });

  it('gives every required message for empty fields', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(validate(schoolRegistrationSchema, empty)).toEqual({ success: false, errors: requiredMessages });
  });

  it('gives every required message for whitespace-only and missing fields', () => {
    const blank = Object.fromEntries(Object.keys(valid).map((key) => [key, ' \n ']));
    expect(validate(schoolRegistrationSchema, blank)).toEqual({ success: false, errors: requiredMessages });
    expect(validate(schoolRegistrationSchema, {})).toEqual({ success: false, errors: requiredMessages });
  });

  it('rejects invalid email addresses', () => {
    expect(validate(schoolRegistrationSchema, { ...valid, email: 'info@', adminEmail: 'owner.ng' })).toEqual({
      success: false,
      errors: { email: 'Invalid email address', adminEmail: 'Invalid email address' },
    });
  });

  it('asks for a super admin password of at least 8 characters', () => {
    expect(validate(schoolRegistrationSchema, { ...valid, adminPassword: ' 1234567 ' })).toEqual({
      success: false,
      errors: { adminPassword: 'Password must be at least 8 characters' },
    });
  });

  it("answers 'State is required' for a state that is not Nigerian", () => {
    expect(validate(schoolRegistrationSchema, { ...valid, state: 'Texas' })).toEqual({
      success: false,
      errors: { state: 'State is required' },
    });
    expect(validate(schoolRegistrationSchema, { ...valid, state: 'FCT' })).toMatchObject({ success: true });
  });

  it("answers 'School type is required' for an unknown school type", () => {
    expect(validate(schoolRegistrationSchema, { ...valid, schoolType: 'University' })).toEqual({
      success: false,
      errors: { schoolType: 'School type is required' },
    });
  });

  it.each(['08031234567', '+2348031234567', '2348031234567', '8031234567', '0803 123 4567', '+234-803-123-4567'])(
    'accepts the Nigerian phone number %j',
    (phone) => {
      expect(validate(schoolRegistrationSchema, { ...valid, phone })).toMatchObject({ success: true });
    },
  );

  it('keeps the phone number without spaces or dashes', () => {
    expect(validate(schoolRegistrationSchema, { ...valid, phone: ' +234 803-123-4567 ' })).toMatchObject({
      data: { phone: '+2348031234567' },
    });
  });

  it.each(['0803123', '080312345678901', '+1 555 123 4567', '0803-ABC-4567', 'phone'])("answers 'Invalid phone number' for %j", (phone) => {
    expect(validate(schoolRegistrationSchema, { ...valid, phone })).toEqual({
      success: false,
      errors: { phone: 'Invalid phone number' },
    });
  });
});
