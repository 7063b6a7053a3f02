/** Admission serial codes (the "scratch cards"): the code a family types, the batches an administrator generates. */
import { z } from 'zod';
import { requiredDateField, whenMissing } from '../fields';

const SERIAL_CODE_REQUIRED = 'Serial code is required';
const SERIAL_CODE_NOT_A_NUMBER = 'Serial code must be a number';

/**
 * The admission "scratch card" code (/auth/serial-code). A positive whole number, kept as its
 * string of digits: codes may be longer than a JavaScript number holds exactly.
 */
export const serialCodeSchema = z.object({
  serialCode: z.union([z.string(), z.number()], { error: whenMissing(SERIAL_CODE_REQUIRED, SERIAL_CODE_NOT_A_NUMBER) }).transform((value, ctx) => {
    if (typeof value === 'number') {
      if (Number.isSafeInteger(value) && value > 0) return String(value);
      ctx.addIssue({ code: 'custom', message: SERIAL_CODE_NOT_A_NUMBER, input: value });
      return z.NEVER;
    }
    const code = value.trim();
    if (code === '') {
      ctx.addIssue({ code: 'custom', message: SERIAL_CODE_REQUIRED, input: value });
      return z.NEVER;
    }
    if (!/^\d+$/.test(code) || /^0+$/.test(code)) {
      ctx.addIssue({ code: 'custom', message: SERIAL_CODE_NOT_A_NUMBER, input: value });
      return z.NEVER;
    }
    return code;
  }),
});
export type SerialCodeInput = z.infer<typeof serialCodeSchema>;

/** Serial codes are random 12-digit numbers (never starting with 0). */
export const SERIAL_CODE_LENGTH = 12;
export const SERIAL_CODE_BATCH_MAX = 1000;
export const SERIAL_CODE_PRICE_MAX_NAIRA = 1_000_000;
/** The one answer to a wrong, used or expired code (and to an expired application token). */
export const INVALID_SERIAL_CODE = 'This serial code is not valid';
/** Checks of a serial code allowed per IP address in a window. */
export const SERIAL_CODE_RATE_LIMIT = { attempts: 10, windowMinutes: 15 } as const;
/** Application submissions allowed per IP address in a window. */
export const APPLICATION_RATE_LIMIT = { attempts: 20, windowMinutes: 15 } as const;
/** How long the form may stay open after the code was accepted. */
export const APPLICATION_TOKEN_MINUTES = 120;

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const QUANTITY_REQUIRED = 'Number of codes is required';
const QUANTITY_RANGE = `Number of codes must be a whole number from 1 to ${SERIAL_CODE_BATCH_MAX}`;
const PRICE_REQUIRED = 'Price is required';
const PRICE_INVALID = 'Price must be an amount in naira, e.g. 2500 or 2500.50';
const EXPIRY_REQUIRED = 'Expiry date is required';
export const EXPIRY_IN_PAST = 'Expiry date cannot be in the past';

function isBlank(value: unknown): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '');
}

function todayLocal(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** admin/admissions: generate a batch of serial codes. The price is typed in naira and kept as kobo. */
export const serialCodeBatchSchema = z.object({
  quantity: z.union([z.number(), z.string()], { error: whenMissing(QUANTITY_REQUIRED, QUANTITY_RANGE) }).transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: QUANTITY_REQUIRED, input: value });
      return z.NEVER;
    }
    const text = String(value).trim();
    const number = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(number) || number < 1 || number > SERIAL_CODE_BATCH_MAX) {
      ctx.addIssue({ code: 'custom', message: QUANTITY_RANGE, input: value });
      return z.NEVER;
    }
    return number;
  }),
  price: z.union([z.number(), z.string()], { error: whenMissing(PRICE_REQUIRED, PRICE_INVALID) }).transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: PRICE_REQUIRED, input: value });
      return z.NEVER;
    }
    const text = String(value).trim().replace(/,/g, '');
    if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > SERIAL_CODE_PRICE_MAX_NAIRA) {
      ctx.addIssue({ code: 'custom', message: PRICE_INVALID, input: value });
      return z.NEVER;
    }
    return Number(text);
  }),
  expiresOn: requiredDateField(EXPIRY_REQUIRED).refine((date) => date >= todayLocal(), { error: EXPIRY_IN_PAST }),
});
export type SerialCodeBatchForm = z.input<typeof serialCodeBatchSchema>;
export type SerialCodeBatchInput = z.output<typeof serialCodeBatchSchema>;
