/**
 * Field builders used by the area schemas. Every string is trimmed first; "required" means
 * non-empty after trimming, and the required message wins over any other check.
 */
import { z } from 'zod';
import { GENDERS, PASSWORD_MIN_LENGTH, type Gender } from './constants';
import { safeText } from './validation';

export const INVALID_EMAIL = 'Invalid email address';
export const INVALID_PHONE = 'Invalid phone number';
export const INVALID_DOB = 'Invalid DOB';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORDS_MUST_MATCH = 'Passwords must match';

function isEmptyInput(value: unknown): value is '' | null | undefined {
  return value == null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A type error's message: `missing` for undefined or null, otherwise `wrongType` (by default
 * zod's own message).
 */
export function whenMissing(missing: string, wrongType?: string) {
  return (issue: { input?: unknown }) => (issue.input == null ? missing : wrongType);
}

/** A trimmed string that must not be empty, nor hold a character the database cannot store. */
export function requiredString(message: string) {
  return safeText(
    z
      .string({ error: whenMissing(message) })
      .trim()
      .min(1, { error: message, abort: true }),
  );
}

/** A trimmed string without characters the database cannot store, or undefined when missing or empty. */
export function optionalString() {
  return safeText(z.string().trim())
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/** A uuid, the form of every record id. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A required id chosen from a list; anything that is not an id gets the same message. */
export function idField(message: string) {
  return requiredString(message).regex(UUID, { error: message });
}

/** An optional id: missing, null or '' give null. */
export function optionalIdField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!UUID.test(value)) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return value;
    });
}

/** The nil uuid: what a lookup gets for a value that is not an id, so that it finds no record. */
export const NO_RECORD = '00000000-0000-0000-0000-000000000000';

/** The id to look a record up by: the value when it is a uuid, otherwise NO_RECORD. */
export function lookupId(value: string): string {
  return isUuid(value) ? value : NO_RECORD;
}

/** A required record id to look up (body or query): `message` when missing or empty; not a uuid → NO_RECORD, so the lookup answers its own 404. */
export function lookupIdField(message: string) {
  return requiredString(message).transform(lookupId);
}

/** As `lookupIdField`, but missing, null or '' give undefined. */
export function optionalLookupIdField() {
  return optionalString().transform((value) => (value === undefined ? undefined : lookupId(value)));
}

/** An id to narrow a list by (a query string): anything that is not an id (absent, '', 'all') means no narrowing. */
export function idFilterField() {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (isUuid(value) ? value : undefined));
}

/** A required, trimmed e-mail address. */
export function emailField(requiredMessage = 'Email is required') {
  return requiredString(requiredMessage).regex(z.regexes.email, INVALID_EMAIL);
}

const NIGERIAN_PHONE = /^(?:\+234\d{7,11}|\d{10,14})$/;

/**
 * A required Nigerian phone number: digits, with an optional +234 or leading 0, 10 to 14 digits
 * in all. Spaces, dashes and brackets are allowed when typing and removed from the result.
 */
export function phoneField(requiredMessage = 'Phone number is required') {
  return requiredString(requiredMessage)
    .transform((value) => value.replace(/[\s\-()]/g, ''))
    .refine((value) => NIGERIAN_PHONE.test(value), { error: INVALID_PHONE });
}

/**
 * A required, trimmed value from a fixed list; anything else gets `message` too. With `lowerCase`
 * the input is lower-cased first ('Male' → 'male'), for lists written in lower case.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message: string, { lowerCase = false } = {}) {
  const text = z.string({ error: whenMissing(message) }).trim();
  return (lowerCase ? text.toLowerCase() : text).pipe(z.enum(values, { error: message }));
}

const GENDER_SPELLINGS: Record<string, Gender> = { m: 'male', male: 'male', f: 'female', female: 'female' };

/** A gender as schools write it: M, F, Male, female, FEMALE… (spaces around too) as 'male' or 'female'; anything else trimmed. */
export function normaliseGender(value: string): string {
  const trimmed = value.trim();
  return GENDER_SPELLINGS[trimmed.toLowerCase()] ?? trimmed;
}

/** A required gender, written as schools write it (`normaliseGender`); empty or anything else gets `message`. */
export function genderField(message = 'Gender is required') {
  return z
    .string({ error: message })
    .transform(normaliseGender)
    .pipe(z.enum(GENDERS, { error: message }));
}

/** A new password: required, at least PASSWORD_MIN_LENGTH characters. */
export function newPasswordField(requiredMessage = 'Password is required') {
  return requiredString(requiredMessage).min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT });
}

/** Adds the 'Passwords must match' rule on confirmPassword to an object schema. */
export function withPasswordConfirmation<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    error: PASSWORDS_MUST_MATCH,
    path: ['confirmPassword'],
  });
}

const DIGITS = /^\d+$/;

function positiveIntegerCheck(message: string) {
  return (value: number | string, ctx: z.RefinementCtx) => {
    const number = typeof value === 'string' ? (DIGITS.test(value.trim()) ? Number(value.trim()) : NaN) : value;
    if (!Number.isSafeInteger(number) || number <= 0) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return number;
  };
}

/** A required positive integer, given as a number or as a string of digits (from a form). */
export function positiveIntegerField(message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform(positiveIntegerCheck(message));
}

/** As `positiveIntegerField`, but missing, null or an empty string give undefined. */
export function optionalPositiveIntegerField(message: string) {
  const check = positiveIntegerCheck(message);
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value, ctx) => (isEmptyInput(value) ? undefined : check(value, ctx)));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;

function pad(value: number, length = 2): string {
  return value.toString().padStart(length, '0');
}

/** A calendar date as 'YYYY-MM-DD', or undefined when the input is not a real date. */
function toCalendarDate(value: string | Date): string | undefined {
  if (value instanceof Date) {
    // a Date from a date picker is local midnight: its local calendar day is the one chosen
    if (Number.isNaN(value.getTime())) return undefined;
    return `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  if (value.length > 10 && Number.isNaN(Date.parse(value))) return undefined;
  return value.slice(0, 10);
}

const EARLIEST_DATE = '1900-01-01';

interface DateRules {
  invalid: string;
  /** Also refuse dates after today (dates of birth). */
  notInFuture?: boolean;
}

function dateCheck({ invalid, notInFuture = false }: DateRules) {
  return (value: string | Date, ctx: z.RefinementCtx) => {
    const date = toCalendarDate(typeof value === 'string' ? value.trim() : value);
    if (date === undefined || date < EARLIEST_DATE || (notInFuture && date > toCalendarDate(new Date())!)) {
      ctx.addIssue({ code: 'custom', message: invalid, input: value });
      return z.NEVER;
    }
    return date;
  };
}

const DATE_INPUT = [z.string(), z.date()] as const;

function requiredDate(required: string, rules: DateRules) {
  const check = dateCheck(rules);
  return z.union(DATE_INPUT, { error: whenMissing(required, rules.invalid) }).transform((value, ctx) => {
    if (isEmptyInput(value)) {
      ctx.addIssue({ code: 'custom', message: required, input: value });
      return z.NEVER;
    }
    return check(value, ctx);
  });
}

/**
 * A required calendar date, given as 'YYYY-MM-DD' (an ISO date-time keeps its date part) or as a
 * Date; the result is 'YYYY-MM-DD'. Missing, null or an empty string give `required`.
 */
export function requiredDateField(required: string, invalid = 'Invalid date') {
  return requiredDate(required, { invalid });
}

/** As `requiredDateField`, but missing, null or an empty string give undefined. */
export function optionalDateField(invalid = 'Invalid date') {
  const check = dateCheck({ invalid });
  return z
    .union(DATE_INPUT, { error: invalid })
    .nullish()
    .transform((value, ctx) => (isEmptyInput(value) ? undefined : check(value, ctx)));
}

/** A required date of birth, not in the future: 'Date of Birth is required', 'Invalid DOB'. */
export function dateOfBirthField() {
  return requiredDate('Date of Birth is required', { invalid: INVALID_DOB, notInFuture: true });
}
