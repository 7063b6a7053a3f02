import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { referralSchema } from './schemas';

const valid = {
  description: 'Refer a friend this term',
  date: '2024-01-08',
  endDate: '2024-03-29',
  notify: 'JSS 1',
  referralType: 'Admission',
  points: '50',
  referralCode: 'BFA2024',
};

describe('referralSchema', () => {
  it('gives the required messages for empty, blank and missing fields', () => {
    const expected = {
      success: false,
      errors: {
        date: 'Date is required',
        notify: 'Notify is required',
        referralType: 'Referral type is required',
        points: 'Points is required',
        referralCode: 'Referral code is required',
      },
    };
    expect(validate(referralSchema, { date: '', notify: '', referralType: '', points: '', referralCode: '' })).toEqual(
      expected,
    );
    expect(
      validate(referralSchema, { date: ' ', notify: ' ', referralType: '\t', points: '  ', referralCode: ' ' }),
    ).toEqual(expected);
    expect(validate(referralSchema, {})).toEqual(expected);
  });

  it('accepts a referral, trimmed, with the point value as a number of naira', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, ` ${value} `]));
    expect(validate(referralSchema, padded)).toEqual({ success: true, data: { ...valid, points: 50 } });
    expect(validate(referralSchema, { ...valid, points: '12.5' })).toMatchObject({ data: { points: 12.5 } });
  });

  it('leaves the description and the end date optional', () => {
    expect(validate(referralSchema, { ...valid, description: '  ', endDate: '' })).toStrictEqual({
      success: true,
      data: { ...valid, description: undefined, endDate: undefined, points: 50 },
    });
  });

  it.each(['abc', '-5', '0', '1.234', '1,000'])('rejects the point value %j', (points) => {
    expect(validate(referralSchema, { ...valid, points })).toEqual({
      success: false,
      errors: { points: 'Points must be a positive amount in naira' },
    });
  });

  it('rejects an invalid date and an end before the start', () => {
    expect(validate(referralSchema, { ...valid, date: '2024-02-31' })).toEqual({
      success: false,
      errors: { date: 'Invalid date' },
    });
    expect(validate(referralSchema, { ...valid, endDate: '2023-12-31' })).toEqual({
      success: false,
      errors: { endDate: 'End date must not be before the start date' },
    });
  });
});
