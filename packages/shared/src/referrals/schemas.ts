import { z } from 'zod';
import { optionalDateField, optionalString, requiredDateField, requiredString, whenMissing } from '../fields';

const POINTS_REQUIRED = 'Points is required';
const POINTS_INVALID = 'Points must be a positive amount in naira';
const NAIRA = /^\d+(?:\.\d{1,2})?$/;

/**
 * The value of one referral point in naira ('1 point equals'), as typed: a positive amount with at
 * most two decimals. Stored as kobo with `nairaToKobo`.
 */
const pointValue = z
  .union([z.string(), z.number()], { error: whenMissing(POINTS_REQUIRED, POINTS_INVALID) })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: POINTS_REQUIRED, input: value });
      return z.NEVER;
    }
    const naira = Number(text);
    if (!NAIRA.test(text) || !(naira > 0)) {
      ctx.addIssue({ code: 'custom', message: POINTS_INVALID, input: value });
      return z.NEVER;
    }
    return naira;
  });

/** 'Create Referral': a referral campaign from `date` to the optional `endDate`. */
export const referralSchema = z
  .object({
    description: optionalString(),
    date: requiredDateField('Date is required'),
    endDate: optionalDateField(),
    notify: requiredString('Notify is required'),
    referralType: requiredString('Referral type is required'),
    points: pointValue,
    referralCode: requiredString('Referral code is required'),
  })
  .refine((referral) => !referral.endDate || referral.endDate >= referral.date, {
    error: 'End date must not be before the start date',
    path: ['endDate'],
  });
export type ReferralInput = z.infer<typeof referralSchema>;
