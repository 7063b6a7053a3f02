import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { studentDetailsSchema, studentListQuerySchema, studentOwnProfileSchema } from './schemas';

const valid = {
  firstName: 'Ada',
  middleName: '',
  lastName: 'Obi',
  gender: 'Female',
  dateOfBirth: '2012-05-01',
  stateOfOrigin: 'Anambra',
  address: '4 Old Road, Onitsha',
};

describe('studentDetailsSchema', () => {
  it('accepts valid details, trims and lower-cases the gender', () => {
    expect(validate(studentDetailsSchema, { ...valid, firstName: ' Ada ' })).toEqual({
      success: true,
      data: { ...valid, middleName: undefined, gender: 'female' },
    });
  });

  it.each([
    ['M', 'male'],
    ['m', 'male'],
    [' Male ', 'male'],
    ['MALE', 'male'],
    ['F', 'female'],
    ['  f', 'female'],
    ['FeMaLe', 'female'],
  ])('takes the gender %j as %j', (gender, stored) => {
    expect(validate(studentDetailsSchema, { ...valid, gender })).toMatchObject({ success: true, data: { gender: stored } });
  });

  it.each(['x', 'mf', 'ma', 'fem', 'other', '   '])("refuses the gender %j with 'Gender is required'", (gender) => {
    expect(validate(studentDetailsSchema, { ...valid, gender })).toEqual({ success: false, errors: { gender: 'Gender is required' } });
  });

  it('gives every required message at once', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(validate(studentDetailsSchema, empty)).toEqual({
      success: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        gender: 'Gender is required',
        dateOfBirth: 'Date of Birth is required',
        stateOfOrigin: 'State of origin is required',
        address: 'Address is required',
      },
    });
  });

  it('refuses a future or impossible date of birth, unknown states and long values', () => {
    expect(validate(studentDetailsSchema, { ...valid, dateOfBirth: '2999-01-01' })).toMatchObject({ errors: { dateOfBirth: 'Invalid DOB' } });
    expect(validate(studentDetailsSchema, { ...valid, dateOfBirth: '2012-02-30' })).toMatchObject({ errors: { dateOfBirth: 'Invalid DOB' } });
    expect(validate(studentDetailsSchema, { ...valid, stateOfOrigin: 'Atlantis' })).toMatchObject({ errors: { stateOfOrigin: 'State of origin is required' } });
    expect(validate(studentDetailsSchema, { ...valid, firstName: 'a'.repeat(61) })).toMatchObject({
      errors: { firstName: 'First name must be at most 60 characters' },
    });
    expect(validate(studentDetailsSchema, { ...valid, middleName: 'a'.repeat(61) })).toMatchObject({
      errors: { middleName: 'Middle name must be at most 60 characters' },
    });
    expect(validate(studentDetailsSchema, { ...valid, address: 'a'.repeat(301) })).toMatchObject({
      errors: { address: 'Address must be at most 300 characters' },
    });
  });
});

describe('studentOwnProfileSchema', () => {
  it('needs an address', () => {
    expect(validate(studentOwnProfileSchema, { address: ' ' })).toEqual({ success: false, errors: { address: 'Address is required' } });
    expect(validate(studentOwnProfileSchema, { address: ' 9 New St ' })).toEqual({ success: true, data: { address: '9 New St' } });
  });
});

describe('studentListQuerySchema', () => {
  it('defaults the page and ignores empty filters', () => {
    expect(studentListQuerySchema.parse({ classId: '', gender: '' })).toEqual({ page: 1, pageSize: 10, classId: undefined, gender: undefined });
  });

  it('filters by a gender written as M or F in any case', () => {
    expect(studentListQuerySchema.parse({ gender: ' f ' })).toMatchObject({ gender: 'female' });
    expect(studentListQuerySchema.parse({ gender: 'M' })).toMatchObject({ gender: 'male' });
    expect(studentListQuerySchema.safeParse({ gender: 'other' }).success).toBe(false);
  });
});
