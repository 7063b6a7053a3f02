import { z } from 'zod';
import { CLASS_LEVELS, FEE_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES, type FeeStatus, type PaymentMode } from '../constants';
import { oneOf, optionalDateField, optionalString, requiredString, whenMissing } from '../fields';
import { formatNaira, MAX_AMOUNT_KOBO, nairaToKobo } from './money';

export const FEE_NAME_MAX = 80;
export const REASON_MAX = 300;
export const REFERENCE_MAX = 100;
export const PROOF_FIELD = 'proof';
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const FINANCE_PAGE_SIZE = 10;

/** Modes an administrator records by hand; Card payments come only through Paystack (POS is a card paid at the school's terminal). */
export const MANUAL_PAYMENT_MODES = ['Cash', 'Bank Transfer', 'POS'] as const satisfies readonly PaymentMode[];
export type ManualPaymentMode = (typeof MANUAL_PAYMENT_MODES)[number];

export const REFERENCE_REQUIRED = 'Reference is required';
export const POS_REFERENCE_REQUIRED = 'Terminal reference (RRN) is required';

/** What the payment form calls the reference for each mode (Cash needs none: ADR 0037). */
export const REFERENCE_LABELS: Record<ManualPaymentMode, string> = {
  Cash: 'Reference (optional)',
  'Bank Transfer': 'Reference',
  POS: 'Terminal reference (RRN)',
};
export const REFERENCE_PLACEHOLDERS: Record<ManualPaymentMode, string> = {
  Cash: 'Receipt book or teller number, if any',
  'Bank Transfer': 'Teller or transfer reference',
  POS: 'RRN on the terminal slip',
};

const uuidOr = (message: string) =>
  z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, message)
    .pipe(z.uuid({ error: message }));

/** Naira as typed ('15,000.50') → kobo; `required` when empty, `invalid` when not an amount, > 0 and ≤ the maximum. */
export function nairaField(required = 'Amount is required', invalid = 'Enter an amount in naira, e.g. 15000 or 15000.50') {
  return z.union([z.string(), z.number()], { error: whenMissing(required, invalid) }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const kobo = nairaToKobo(value);
    if (kobo === null) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    if (kobo <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be more than ₦0.00' });
      return z.NEVER;
    }
    if (kobo > MAX_AMOUNT_KOBO) {
      ctx.addIssue({ code: 'custom', message: `Amount must be at most ${formatNaira(MAX_AMOUNT_KOBO)}` });
      return z.NEVER;
    }
    return kobo;
  });
}

/** POST /api/finance/fee-items, PUT /api/finance/fee-items/:id */
export const feeItemSchema = z.object({
  termId: uuidOr('Please Select a Term'),
  classLevel: oneOf(CLASS_LEVELS, 'Please Select a Class'),
  name: requiredString('Fee name is required').max(FEE_NAME_MAX, `Fee name must be at most ${FEE_NAME_MAX} characters`),
  amount: nairaField(),
  acceptance: z.boolean().optional().default(false),
});
export type FeeItemInput = z.input<typeof feeItemSchema>;
export type FeeItemValues = z.output<typeof feeItemSchema>;

/** POST /api/finance/invoices/generate */
export const generateInvoicesSchema = z.object({ termId: uuidOr('Please Select a Term') });

/** POST /api/finance/invoices/:id/discounts — a discount or waiver with its reason. */
export const discountSchema = z.object({
  amount: nairaField(),
  reason: requiredString('Reason is required').max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
});
export type DiscountInput = z.input<typeof discountSchema>;

const recordPaymentFields = z.object({
  invoiceId: uuidOr('Please select an invoice'),
  amount: nairaField(),
  method: oneOf(MANUAL_PAYMENT_MODES, 'Payment mode is required'),
  reference: optionalString().refine((value) => value === undefined || value.length <= REFERENCE_MAX, {
    error: `Reference must be at most ${REFERENCE_MAX} characters`,
  }),
  payerName: optionalString(),
  payerPhone: optionalString(),
  paidOn: optionalDateField(),
  note: optionalString(),
});

/**
 * The reference unless the mode is Cash (a POS payment's is the terminal's RRN). The other half of an
 * intersection, not a refinement: zod skips an object's refinements once a field has failed, and the
 * form should show this message together with the others.
 */
const referenceRule = z
  .unknown()
  .superRefine((input, ctx) => {
    const value = (input ?? {}) as { method?: unknown; reference?: unknown };
    const given = typeof value.reference === 'string' && value.reference.trim() !== '';
    if (value.method !== 'Cash' && !given) {
      const message = value.method === 'POS' ? POS_REFERENCE_REQUIRED : REFERENCE_REQUIRED;
      // not continuable: the intersection must not try to merge this side's raw value with the parsed fields
      ctx.addIssue({ code: 'custom', message, path: ['reference'], input: value.reference, continue: false });
    }
  })
  .transform(() => ({}));

/** POST /api/finance/payments (multipart; `proof` optional) — a Cash, Bank Transfer or POS payment; the reference optional for Cash. */
export const recordPaymentSchema = z.intersection(recordPaymentFields, referenceRule);
export type RecordPaymentInput = z.input<typeof recordPaymentFields>;
export type RecordPaymentValues = z.output<typeof recordPaymentFields>;

/** POST /api/finance/payments/:id/reverse */
export const reversePaymentSchema = z.object({
  reason: requiredString('Reason is required').max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
});

/** PUT /api/settings/payment — the spec's payment keys form. */
export const paymentKeysSchema = z.object({
  secretKey: requiredString('Secret key is required').max(200, 'Secret key is too long'),
  publicKey: requiredString('Public key is required').max(200, 'Public key is too long'),
});
export type PaymentKeysInput = z.input<typeof paymentKeysSchema>;

/** POST /api/fees/:studentId/pay — pay the invoice's balance, or part of it, with Paystack. */
export const payOnlineSchema = z.object({
  invoiceId: uuidOr('Please select an invoice'),
  amount: nairaField().optional(),
});
export type PayOnlineInput = z.input<typeof payOnlineSchema>;

/** POST /api/fees/paystack/verify */
export const verifyPaymentSchema = z.object({ reference: requiredString('Reference is required').max(REFERENCE_MAX) });

const optionalUuid = z
  .uuid()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /api/finance/payments */
export const paymentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(FINANCE_PAGE_SIZE),
  termId: optionalUuid,
  classId: optionalUuid,
  status: z
    .enum(PAYMENT_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  method: z
    .enum(PAYMENT_MODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  search: z.string().trim().max(100).optional(),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

/** GET /api/finance/invoices, /debtors, /summary */
export const invoiceListQuerySchema = z.object({
  termId: optionalUuid,
  classId: optionalUuid,
  feeStatus: z.enum(['all', 'complete', 'incomplete']).optional().default('all'),
  search: z.string().trim().max(100).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

/** POST /api/finance/reminders — mail the guardians of the term's debtors (optionally one class). */
export const reminderSchema = z.object({ termId: uuidOr('Please Select a Term'), classId: optionalUuid });

// ---------------------------------------------------------------- helpers (the answers are in ./responses)

export const feeStatusOf = (balanceKobo: number, dueKobo: number): FeeStatus => (balanceKobo <= 0 && dueKobo >= 0 ? 'Complete' : 'InComplete');
export { FEE_STATUSES };
export const receiptNumber = (n: number | null) => (n == null ? null : `RCP-${String(n).padStart(6, '0')}`);
