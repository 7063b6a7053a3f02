import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { EMAIL_REQUIRED_FOR_ACCOUNT, staffAccountRole, staffListQuerySchema, staffSchema } from './schemas';

const valid = {
  name: 'Funmilayo Adeyemi',
  staffType: 'Teacher',
  email: 'funmi@school.ng',
  phone: '0803 123 4567',
  gender: 'female',
  address: '12 Allen Avenue, Ikeja',
  employedOn: '2019-09-02',
};

describe('staffSchema', () => {
  it('accepts a valid teacher, trims strings, lower-cases the email and tidies the phone', () => {
    const result = validate(staffSchema, { ...valid, name: ' Funmilayo Adeyemi ', email: ' Funmi@School.NG ', gender: 'Female' });
    expect(result).toEqual({
      success: true,
      data: { ...valid, email: 'funmi@school.ng', phone: '08031234567', gender: 'female' },
    });
  });

  it('gives every required message for an empty form', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(validate(staffSchema, empty)).toEqual({
      success: false,
      errors: {
        name: 'Name is required',
        staffType: 'Staff type is required',
        phone: 'Phone number is required',
        gender: 'Gender is required',
        address: 'Address is required',
        employedOn: 'Date employed is required',
      },
    });
    expect(validate(staffSchema, {})).toMatchObject({ success: false, errors: { name: 'Name is required', staffType: 'Staff type is required' } });
  });

  it.each(['Teacher', 'Principal', 'Admin'])("asks a %s (who signs in) for an email: 'Email is required for staff who sign in'", (staffType) => {
    for (const email of ['', '   ', undefined, null]) {
      expect(validate(staffSchema, { ...valid, staffType, email })).toEqual({ success: false, errors: { email: EMAIL_REQUIRED_FOR_ACCOUNT } });
    }
  });

  it('shows the email message together with the other messages', () => {
    expect(validate(staffSchema, { staffType: 'Teacher', name: '', phone: ' ', address: '', email: '' })).toMatchObject({
      success: false,
      errors: { name: 'Name is required', email: EMAIL_REQUIRED_FOR_ACCOUNT, phone: 'Phone number is required', address: 'Address is required' },
    });
  });

  it.each(['Non-academic staff', 'Gateman'])('lets a %s leave the email empty', (staffType) => {
    expect(validate(staffSchema, { ...valid, staffType, email: '' })).toMatchObject({ success: true, data: { staffType, email: undefined } });
  });

  it("answers 'Invalid email address' and 'Invalid phone number'", () => {
    expect(validate(staffSchema, { ...valid, staffType: 'Gateman', email: 'not-an-email', phone: '12' })).toEqual({
      success: false,
      errors: { email: 'Invalid email address', phone: 'Invalid phone number' },
    });
  });

  it('takes the gender as M or F in any case', () => {
    expect(validate(staffSchema, { ...valid, gender: ' m ' })).toMatchObject({ success: true, data: { gender: 'male' } });
    expect(validate(staffSchema, { ...valid, gender: 'F' })).toMatchObject({ success: true, data: { gender: 'female' } });
  });

  it("refuses an unknown staff type or gender with 'Staff type is required' and 'Gender is required'", () => {
    expect(validate(staffSchema, { ...valid, staffType: 'Cook', gender: 'other' })).toEqual({
      success: false,
      errors: { staffType: 'Staff type is required', gender: 'Gender is required' },
    });
  });

  it("answers 'Invalid date' for a date employed that is not a date", () => {
    expect(validate(staffSchema, { ...valid, employedOn: '2021-02-30' })).toEqual({ success: false, errors: { employedOn: 'Invalid date' } });
  });

  it('refuses wrong types with a message, never a crash', () => {
    expect(validate(staffSchema, { ...valid, name: 42, phone: true })).toMatchObject({ success: false });
  });

  it('limits the length of the name and address', () => {
    expect(validate(staffSchema, { ...valid, name: 'x'.repeat(121), address: 'y'.repeat(301) })).toEqual({
      success: false,
      errors: { name: 'Name must be at most 120 characters', address: 'Address must be at most 300 characters' },
    });
  });
});

describe('staffAccountRole', () => {
  it('gives teachers the teacher role, principals and admins the admin role, others none', () => {
    expect(staffAccountRole('Teacher')).toBe('teacher');
    expect(staffAccountRole('Principal')).toBe('admin');
    expect(staffAccountRole('Admin')).toBe('admin');
    expect(staffAccountRole('Gateman')).toBeNull();
    expect(staffAccountRole('Non-academic staff')).toBeNull();
  });
});

describe('staffListQuerySchema', () => {
  it('defaults to the first page of 10 and coerces numbers', () => {
    expect(staffListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(staffListQuerySchema.parse({ page: '3', pageSize: '20', staffType: 'Gateman', status: 'invited' })).toEqual({
      page: 3,
      pageSize: 20,
      staffType: 'Gateman',
      status: 'invited',
    });
    expect(staffListQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
  });
});
