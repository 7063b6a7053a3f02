import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { createUserSchema, roleNameSchema } from './schemas';

const valid = {
  name: 'Chidi Okafor',
  email: 'chidi@school.ng',
  phone: '08031234567',
  userType: 'Teacher',
  gender: 'male',
  dob: '1990-05-04',
  address: '3 Marina Road, Lagos',
  contactPerson: 'Ngozi Okafor',
  relationship: 'mother',
  institution: 'University of Lagos',
  institutionAddress: 'Akoka, Yaba',
  attendedClasses: 'SSS 3',
  lastAttendedEducation: 'B.Sc. Education',
  class: 'JSS 1A',
  originState: 'Anambra',
  schoolType: 'Secondary',
};

const requiredMessages = {
  name: 'Name is required',
  email: 'Email is required',
  phone: 'Phone number is required',
  userType: 'User type is required',
  gender: 'Gender is required',
  dob: 'Date of Birth is required',
  address: 'Address is required',
  contactPerson: 'Contact person is required',
  relationship: 'Relationship is required',
  institution: 'Institution is required',
  institutionAddress: 'Institution address is required',
  attendedClasses: 'Class attended is required',
  lastAttendedEducation: 'Last attended education is required',
  class: 'Class is required',
  originState: 'State of origin is required',
  schoolType: 'School type is required',
};

describe('createUserSchema', () => {
  it('accepts a valid user, trims strings and leaves out an empty code', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, ` ${value}  `]));
    expect(validate(createUserSchema, { ...padded, code: '' })).toEqual({
      success: true,
      data: { ...valid, code: undefined },
    });
  });

  it('gives every required message for empty fields', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(validate(createUserSchema, empty)).toEqual({ success: false, errors: requiredMessages });
  });

  it('gives every required message for whitespace-only and missing fields', () => {
    const blank = Object.fromEntries(Object.keys(valid).map((key) => [key, '   ']));
    expect(validate(createUserSchema, blank)).toEqual({ success: false, errors: requiredMessages });
    expect(validate(createUserSchema, {})).toEqual({ success: false, errors: requiredMessages });
  });

  it("counts a null date of birth as missing: 'Date of Birth is required'", () => {
    expect(validate(createUserSchema, { ...valid, dob: null })).toEqual({
      success: false,
      errors: { dob: 'Date of Birth is required' },
    });
  });

  it.each(['yesterday', '2001-02-30', '2001-13-01', '04/05/1990', '2999-01-01', '1850-01-01'])("answers 'Invalid DOB' for %j", (dob) => {
    expect(validate(createUserSchema, { ...valid, dob })).toEqual({ success: false, errors: { dob: 'Invalid DOB' } });
  });

  it("answers 'Invalid DOB' for an invalid Date or a number", () => {
    for (const dob of [new Date('nope'), 12345]) {
      expect(validate(createUserSchema, { ...valid, dob })).toEqual({ success: false, errors: { dob: 'Invalid DOB' } });
    }
  });

  it("keeps the date of birth as 'YYYY-MM-DD', from a Date (its local day) or an ISO date-time", () => {
    expect(validate(createUserSchema, { ...valid, dob: new Date(2008, 0, 31) })).toMatchObject({
      data: { dob: '2008-01-31' },
    });
    expect(validate(createUserSchema, { ...valid, dob: '2008-01-31T00:00:00.000Z' })).toMatchObject({
      data: { dob: '2008-01-31' },
    });
  });

  it('coerces the optional code', () => {
    expect(validate(createUserSchema, { ...valid, code: ' 2024 ' })).toMatchObject({ data: { code: 2024 } });
    expect(validate(createUserSchema, valid)).toStrictEqual({ success: true, data: valid });
    expect(validate(createUserSchema, { ...valid, code: null })).toStrictEqual({
      success: true,
      data: { ...valid, code: undefined },
    });
  });

  it.each(['abc', '-1', '0', '3.5'])("answers 'Code must be a number' for %j", (code) => {
    expect(validate(createUserSchema, { ...valid, code })).toEqual({
      success: false,
      errors: { code: 'Code must be a number' },
    });
  });

  it('checks the email address and phone number', () => {
    expect(validate(createUserSchema, { ...valid, email: 'chidi', phone: '123' })).toEqual({
      success: false,
      errors: { email: 'Invalid email address', phone: 'Invalid phone number' },
    });
  });

  it('takes gender and relationship in any case, from their lists', () => {
    expect(validate(createUserSchema, { ...valid, gender: 'Female', relationship: 'AUNTY' })).toMatchObject({
      data: { gender: 'female', relationship: 'aunty' },
    });
    expect(validate(createUserSchema, { ...valid, gender: ' M ' })).toMatchObject({ data: { gender: 'male' } });
    expect(validate(createUserSchema, { ...valid, gender: 'other', relationship: 'cousin', originState: 'Abuja', schoolType: 'x' })).toEqual({
      success: false,
      errors: {
        gender: 'Gender is required',
        relationship: 'Relationship is required',
        originState: 'State of origin is required',
        schoolType: 'School type is required',
      },
    });
  });
});

describe('roleNameSchema', () => {
  it("answers 'Role name is required' for an empty or blank name", () => {
    for (const name of ['', '   ', undefined]) {
      expect(validate(roleNameSchema, { name })).toEqual({ success: false, errors: { name: 'Role name is required' } });
    }
  });

  it('trims a valid role name', () => {
    expect(validate(roleNameSchema, { name: ' Bursar ' })).toEqual({ success: true, data: { name: 'Bursar' } });
  });
});
