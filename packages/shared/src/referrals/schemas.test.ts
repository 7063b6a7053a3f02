import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import {
  applicationReferralCodeField,
  INVALID_REFERRAL_CODE,
  REFERRAL_CODE_INVALID,
  referralSchema,
  referrersQuerySchema,
  withdrawalDecisionSchema,
  withdrawalRequestSchema,
} from './schemas';

const valid = {
  description: 'Refer a friend this term',
  date: '2024-01-08',
  endDate: '2024-03-29',
  notify: 'JSS 1',
  referralType: 'Parents',
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
    expect(validate(referralSchema, { date: '', notify: '', referralType: '', points: '', referralCode: '' })).toEqual(expected);
    expect(validate(referralSchema, { date: ' ', notify: ' ', referralType: '\t', points: '  ', referralCode: ' ' })).toEqual(expected);
    expect(validate(referralSchema, {})).toEqual(expected);
  });

  it('accepts a referral, trimmed, with the point value as a number of naira and the code upper-cased', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, ` ${value} `]));
    expect(validate(referralSchema, padded)).toEqual({ success: true, data: { ...valid, points: 50 } });
    expect(validate(referralSchema, { ...valid, points: '12.5' })).toMatchObject({ data: { points: 12.5 } });
    expect(validate(referralSchema, { ...valid, referralCode: 'bfa2024' })).toMatchObject({ data: { referralCode: 'BFA2024' } });
    expect(validate(referralSchema, { ...valid, notify: 'All classes', referralType: 'Everyone' })).toMatchObject({ success: true });
  });

  it('leaves the description and the end date optional', () => {
    expect(validate(referralSchema, { ...valid, description: '  ', endDate: '' })).toStrictEqual({
      success: true,
      data: { ...valid, description: undefined, endDate: undefined, points: 50 },
    });
  });

  it('takes Notify and Referral Type only from their lists', () => {
    expect(validate(referralSchema, { ...valid, notify: 'JSS 9' })).toEqual({ success: false, errors: { notify: 'Notify is required' } });
    expect(validate(referralSchema, { ...valid, referralType: 'Aliens' })).toEqual({ success: false, errors: { referralType: 'Referral type is required' } });
  });

  it.each(['abc', '-5', '0', '1.234', '1,000'])('rejects the point value %j', (points) => {
    expect(validate(referralSchema, { ...valid, points })).toEqual({
      success: false,
      errors: { points: 'Points must be a positive amount in naira' },
    });
  });

  it.each(['AB', 'BFA 2024', 'BFA-2024', 'A'.repeat(21)])('rejects the campaign code %j', (referralCode) => {
    expect(validate(referralSchema, { ...valid, referralCode })).toEqual({ success: false, errors: { referralCode: REFERRAL_CODE_INVALID } });
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

describe('withdrawalRequestSchema', () => {
  it('needs an amount and a payment mode', () => {
    expect(validate(withdrawalRequestSchema, {})).toEqual({
      success: false,
      errors: { amount: 'Amount is required', paymentMode: 'Payment mode is required' },
    });
    expect(validate(withdrawalRequestSchema, { amount: '0', paymentMode: 'Card' })).toEqual({
      success: false,
      errors: { amount: 'Amount must be a positive amount in naira', paymentMode: 'Payment mode is required' },
    });
  });

  it('accepts naira with up to two decimals and optional details', () => {
    expect(validate(withdrawalRequestSchema, { amount: ' 150.50 ', paymentMode: 'Bank Transfer', details: ' GTBank 0123456789 ' })).toEqual({
      success: true,
      data: { amount: 150.5, paymentMode: 'Bank Transfer', details: 'GTBank 0123456789' },
    });
  });
});

describe('withdrawalDecisionSchema and referrersQuerySchema', () => {
  it('takes approve or reject', () => {
    expect(validate(withdrawalDecisionSchema, { decision: 'approve' })).toEqual({ success: true, data: { decision: 'approve', note: undefined } });
    expect(validate(withdrawalDecisionSchema, { decision: 'maybe' })).toEqual({ success: false, errors: { decision: 'Decision is required' } });
  });

  it('filters by the spec’s statuses only', () => {
    expect(referrersQuerySchema.parse({})).toMatchObject({ status: 'all', page: 1, pageSize: 10 });
    expect(referrersQuerySchema.safeParse({ status: 'done' }).success).toBe(false);
  });
});

describe('applicationReferralCodeField', () => {
  it('upper-cases a code, treats blank as none, and refuses an absurd one', () => {
    expect(applicationReferralCodeField.parse(' bfa2024-7kq2mx ')).toBe('BFA2024-7KQ2MX');
    expect(applicationReferralCodeField.parse('  ')).toBeUndefined();
    expect(applicationReferralCodeField.parse(undefined)).toBeUndefined();
    const result = applicationReferralCodeField.safeParse('X'.repeat(41));
    expect(result.success ? null : result.error.issues[0].message).toBe(INVALID_REFERRAL_CODE);
  });
});
