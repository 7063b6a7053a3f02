import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { serialCodeSchema, studentAdmissionSchema } from './schemas';

describe('serialCodeSchema', () => {
  it("answers 'Serial code is required' for an empty, blank or missing code", () => {
    for (const serialCode of ['', '   ', undefined, null]) {
      expect(validate(serialCodeSchema, { serialCode })).toEqual({
        success: false,
        errors: { serialCode: 'Serial code is required' },
      });
    }
  });

  it.each(['abc', '12 34', '-12', '1.5', '0', '000', '1e5'])("answers 'Serial code must be a number' for %j", (serialCode) => {
    expect(validate(serialCodeSchema, { serialCode })).toEqual({
      success: false,
      errors: { serialCode: 'Serial code must be a number' },
    });
  });

  it("answers 'Serial code must be a number' for a non-positive or fractional number", () => {
    for (const serialCode of [0, -4, 2.5, true]) {
      expect(validate(serialCodeSchema, { serialCode })).toEqual({
        success: false,
        errors: { serialCode: 'Serial code must be a number' },
      });
    }
  });

  it('keeps a long code exactly, as a trimmed string of digits', () => {
    expect(validate(serialCodeSchema, { serialCode: ' 0012345678901234567890 ' })).toEqual({
      success: true,
      data: { serialCode: '0012345678901234567890' },
    });
    expect(validate(serialCodeSchema, { serialCode: 4321 })).toEqual({ success: true, data: { serialCode: '4321' } });
  });
});

const valid = {
  email: 'mrs.bello@mail.ng',
  guardianPhone: '08021234567',
  address: '7 Ahmadu Bello Way, Kaduna',
  relationship: 'mother',
  gender: 'female',
  name: 'Aisha Bello',
  originState: 'Kaduna',
  dob: '2014-09-12',
  phone: '08121234567',
  prevEducation: 'Primary school leaving certificate',
  institution: 'Sunshine Primary School',
  institutionAddress: '2 Market Road, Kaduna',
  class: 'JSS 1',
  attendedClasses: 'Primary 6',
  institutionContactName: 'Mr. Musa',
  institutionContactPhone: '07031234567',
  birthCertificate: 'f3c1e0a2-7a4b-4c2e-9d1f-0b6a5e4c3d21',
};

const requiredMessages = {
  email: 'Guardian email is required',
  guardianPhone: 'Guardian phone number is required',
  address: 'Guardian address is required',
  relationship: 'Relationship is required',
  gender: 'Gender is required',
  name: 'Name is required',
  originState: 'State of origin is required',
  dob: 'Date of Birth is required',
  phone: 'Phone number is required',
  prevEducation: 'Previous education is required',
  institution: 'Last school attended is required',
  institutionAddress: 'Address of institution is required',
  class: 'Class is required',
  attendedClasses: 'Class attended is required',
  institutionContactName: 'Contact person is required',
  institutionContactPhone: 'Contact number is required',
  birthCertificate: 'Birth certificate is required',
};

describe('studentAdmissionSchema', () => {
  it('accepts a valid application and trims every string', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, `\t${value}  `]));
    expect(validate(studentAdmissionSchema, padded)).toEqual({ success: true, data: valid });
  });

  it('gives every required message for empty fields', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(validate(studentAdmissionSchema, empty)).toEqual({ success: false, errors: requiredMessages });
  });

  it('gives every required message for whitespace-only and missing fields', () => {
    const blank = Object.fromEntries(Object.keys(valid).map((key) => [key, '  ']));
    expect(validate(studentAdmissionSchema, blank)).toEqual({ success: false, errors: requiredMessages });
    expect(validate(studentAdmissionSchema, {})).toEqual({ success: false, errors: requiredMessages });
  });

  it('rejects values outside their lists, a bad email, phone numbers and date of birth', () => {
    expect(
      validate(studentAdmissionSchema, {
        ...valid,
        email: 'bello-at-mail',
        guardianPhone: '12',
        institutionContactPhone: 'none',
        relationship: 'neighbour',
        gender: 'x',
        originState: 'Accra',
        class: 'Year 7',
        dob: '2014-02-30',
      }),
    ).toEqual({
      success: false,
      errors: {
        email: 'Invalid email address',
        guardianPhone: 'Invalid phone number',
        institutionContactPhone: 'Invalid phone number',
        relationship: 'Relationship is required',
        gender: 'Gender is required',
        originState: 'State of origin is required',
        class: 'Class is required',
        dob: 'Invalid DOB',
      },
    });
  });
});
