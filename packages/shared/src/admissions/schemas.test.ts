import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { decisionSchema, directAdmissionSchema, EXPIRY_IN_PAST, serialCodeBatchSchema, serialCodeSchema, studentAdmissionSchema } from './schemas';

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

describe('studentAdmissionSchema gender', () => {
  it.each([
    ['M', 'male'],
    ['m ', 'male'],
    ['Male', 'male'],
    ['F', 'female'],
    [' f', 'female'],
    ['FEMALE', 'female'],
  ])('takes %j as %j', (gender, stored) => {
    expect(validate(studentAdmissionSchema, { ...valid, gender })).toEqual({ success: true, data: { ...valid, gender: stored } });
  });

  it("refuses anything else with 'Gender is required'", () => {
    for (const gender of ['boy', 'mal', 'F.', 42]) {
      expect(validate(studentAdmissionSchema, { ...valid, gender })).toEqual({ success: false, errors: { gender: 'Gender is required' } });
    }
  });

  it('takes M and F on the direct admission form too', () => {
    const direct = {
      name: 'Chinedu Okafor',
      dob: '2014-03-12',
      originState: 'Anambra',
      class: 'JSS 1',
      relationship: 'father',
      email: 'mr.okafor@mail.ng',
      guardianPhone: '08031234567',
      address: '3 Zik Avenue, Awka',
      guardianName: 'Emeka Okafor',
    };
    expect(validate(directAdmissionSchema, { ...direct, gender: 'M' })).toMatchObject({ success: true, data: { gender: 'male' } });
    expect(validate(directAdmissionSchema, { ...direct, gender: 'f' })).toMatchObject({ success: true, data: { gender: 'female' } });
  });
});

describe('studentAdmissionSchema optional fields', () => {
  it('keeps an optional ward email and guardian name, and drops them when blank', () => {
    const withExtras = validate(studentAdmissionSchema, { ...valid, wardEmail: ' aisha@mail.ng ', guardianName: ' Mrs Hauwa Bello ' });
    expect(withExtras).toMatchObject({ success: true, data: { wardEmail: 'aisha@mail.ng', guardianName: 'Mrs Hauwa Bello' } });
    const blank = validate(studentAdmissionSchema, { ...valid, wardEmail: '  ', guardianName: '' });
    expect(blank.success && blank.data.wardEmail).toBeUndefined();
    expect(blank.success && blank.data.guardianName).toBeUndefined();
  });

  it("answers 'Invalid email address' for a bad ward email", () => {
    expect(validate(studentAdmissionSchema, { ...valid, wardEmail: 'aisha-at-mail' })).toEqual({
      success: false,
      errors: { wardEmail: 'Invalid email address' },
    });
  });
});

describe('serialCodeBatchSchema', () => {
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;

  it('reads the quantity, the price in naira and the expiry date', () => {
    expect(validate(serialCodeBatchSchema, { quantity: '50', price: '2,500.50', expiresOn: nextYear })).toEqual({
      success: true,
      data: { quantity: 50, price: 2500.5, expiresOn: nextYear },
    });
    expect(validate(serialCodeBatchSchema, { quantity: 1000, price: 0, expiresOn: nextYear }).success).toBe(true);
  });

  it('gives the required messages', () => {
    expect(validate(serialCodeBatchSchema, { quantity: '', price: ' ', expiresOn: '' })).toEqual({
      success: false,
      errors: { quantity: 'Number of codes is required', price: 'Price is required', expiresOn: 'Expiry date is required' },
    });
    expect(validate(serialCodeBatchSchema, {})).toEqual({
      success: false,
      errors: { quantity: 'Number of codes is required', price: 'Price is required', expiresOn: 'Expiry date is required' },
    });
  });

  it.each([0, 1001, '2.5', 'ten', -3])('refuses the quantity %j', (quantity) => {
    expect(validate(serialCodeBatchSchema, { quantity, price: 100, expiresOn: nextYear })).toEqual({
      success: false,
      errors: { quantity: 'Number of codes must be a whole number from 1 to 1000' },
    });
  });

  it.each(['abc', '-5', '12.345', 1_000_001])('refuses the price %j', (price) => {
    expect(validate(serialCodeBatchSchema, { quantity: 1, price, expiresOn: nextYear })).toEqual({
      success: false,
      errors: { price: 'Price must be an amount in naira, e.g. 2500 or 2500.50' },
    });
  });

  it('refuses an expiry date in the past or not a date', () => {
    expect(validate(serialCodeBatchSchema, { quantity: 1, price: 1, expiresOn: '2020-01-01' })).toEqual({
      success: false,
      errors: { expiresOn: EXPIRY_IN_PAST },
    });
    expect(validate(serialCodeBatchSchema, { quantity: 1, price: 1, expiresOn: '2030-02-30' })).toEqual({
      success: false,
      errors: { expiresOn: 'Invalid date' },
    });
  });
});

describe('decisionSchema', () => {
  const id = 'f3c1e0a2-7a4b-4c2e-9d1f-0b6a5e4c3d21';
  it('takes ids, a decision and an optional class', () => {
    expect(validate(decisionSchema, { ids: [id], decision: 'accept' })).toEqual({ success: true, data: { ids: [id], decision: 'accept' } });
    expect(validate(decisionSchema, { ids: [id], decision: 'accept', classId: id })).toMatchObject({ success: true, data: { classId: id } });
  });
  it('asks for at least one application and a known decision', () => {
    expect(validate(decisionSchema, { ids: [], decision: 'approve' })).toEqual({
      success: false,
      errors: { ids: 'Select at least one application', decision: 'Choose a decision' },
    });
    expect(validate(decisionSchema, {})).toEqual({
      success: false,
      errors: { ids: 'Select at least one application', decision: 'Choose a decision' },
    });
  });
});

describe('directAdmissionSchema', () => {
  const valid = {
    name: ' Chinedu Okafor ',
    gender: 'Male',
    dob: '2013-03-04',
    originState: 'Anambra',
    class: 'JSS 2',
    guardianName: 'Mr Emeka Okafor',
    relationship: 'Father',
    email: 'emeka@mail.ng',
    guardianPhone: '0803 123 4567',
    address: '12 Zik Avenue, Awka',
  };

  it('needs no education history nor birth certificate, and trims and normalises', () => {
    const result = validate(directAdmissionSchema, { ...valid, classId: '' });
    expect(result).toEqual({
      success: true,
      data: { ...valid, name: 'Chinedu Okafor', gender: 'male', relationship: 'father', guardianPhone: '08031234567', classId: undefined },
    });
  });

  it('requires the guardian’s name and checks the class id', () => {
    const result = validate(directAdmissionSchema, { ...valid, guardianName: ' ', classId: 'JSS 2 A' });
    expect(result).toEqual({ success: false, errors: { guardianName: 'Guardian name is required', classId: 'Choose a class' } });
  });
});
