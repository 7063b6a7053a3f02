/**
 * What the finance endpoints answer (/api/finance, /api/fees, /api/settings/payment and the Paystack
 * webhook). The server declares these as its response schemas (so no other field can leak); the web
 * app uses the inferred types. Money is integer kobo.
 */
import { z } from 'zod';
import { FEE_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from '../constants';

const feeStatus = z.enum(FEE_STATUSES);

// ---------------------------------------------------------------- terms, classes, fee items

export const termOptionResponse = z.object({ id: z.string(), name: z.string(), sessionName: z.string(), isCurrent: z.boolean() });
export type TermOption = z.infer<typeof termOptionResponse>;

/** GET /api/finance/terms — newest first, the current one marked. */
export const termListResponse = z.object({ items: z.array(termOptionResponse) });
export type TermListResponse = z.infer<typeof termListResponse>;

export const financeClassResponse = z.object({ id: z.string(), name: z.string(), level: z.string() });
export type FinanceClass = z.infer<typeof financeClassResponse>;

/** GET /api/finance/classes — the classes of the term's session. */
export const financeClassListResponse = z.object({ items: z.array(financeClassResponse) });
export type FinanceClassListResponse = z.infer<typeof financeClassListResponse>;

export const feeItemResponse = z.object({
  id: z.string(),
  termId: z.string(),
  classLevel: z.string(),
  name: z.string(),
  amountKobo: z.number().int(),
  acceptance: z.boolean(),
});
export type FeeItem = z.infer<typeof feeItemResponse>;

/** GET /api/finance/fee-items — termId null when the school has no term yet. */
export const feeItemListResponse = z.object({ termId: z.string().nullable(), items: z.array(feeItemResponse) });
export type FeeItemListResponse = z.infer<typeof feeItemListResponse>;

/** POST /api/finance/fee-items, PUT /api/finance/fee-items/:id */
export const feeItemSavedResponse = z.object({ item: feeItemResponse });
export type FeeItemSavedResponse = z.infer<typeof feeItemSavedResponse>;

// ---------------------------------------------------------------- invoices and payments

export const invoiceLineResponse = z.object({
  id: z.string(),
  kind: z.enum(['fee', 'discount']),
  description: z.string(),
  amountKobo: z.number().int(),
  reason: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineResponse>;

export const invoiceSummaryResponse = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  registrationNo: z.string(),
  classId: z.string(),
  className: z.string(),
  termId: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  /** Fees minus discounts. */
  dueKobo: z.number().int(),
  paidKobo: z.number().int(),
  /** due − paid; negative = credit. */
  balanceKobo: z.number().int(),
  feeStatus,
});
export type InvoiceSummary = z.infer<typeof invoiceSummaryResponse>;

/** The spec's payment row; `note` and `proofUrl` are the staff's (a family sees only 'Reversal'). */
export const paymentResponse = z.object({
  id: z.string(),
  invoiceId: z.string(),
  studentId: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  /** ISO date-time: when it was paid (or recorded). */
  date: z.string(),
  txnId: z.string().nullable(),
  amountKobo: z.number().int(),
  phone: z.string().nullable(),
  paymentMode: z.enum(PAYMENT_MODES),
  status: z.enum(PAYMENT_STATUSES),
  receiptNo: z.string().nullable(),
  reversesPaymentId: z.string().nullable(),
  reversed: z.boolean(),
  note: z.string().nullable(),
  proofUrl: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentResponse>;

export const invoiceDetailResponse = invoiceSummaryResponse.extend({
  lines: z.array(invoiceLineResponse),
  payments: z.array(paymentResponse),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailResponse>;

/** GET /api/finance/invoices — termId null when the school has no term yet. */
export const invoiceListResponse = z.object({ termId: z.string().nullable(), items: z.array(invoiceSummaryResponse) });
export type InvoiceListResponse = z.infer<typeof invoiceListResponse>;

/** GET /api/finance/invoices/:id */
export const invoiceDetailEnvelope = z.object({ invoice: invoiceDetailResponse });
export type InvoiceDetailEnvelope = z.infer<typeof invoiceDetailEnvelope>;

/** POST /api/finance/invoices/generate — how many invoices were made and fee lines added (0 and 0 when repeated). */
export const generatedInvoicesResponse = z.object({ created: z.number().int(), linesAdded: z.number().int() });
export type GeneratedInvoicesResponse = z.infer<typeof generatedInvoicesResponse>;

export const classTotalsResponse = z.object({
  classId: z.string(),
  className: z.string(),
  invoices: z.number().int(),
  expectedKobo: z.number().int(),
  collectedKobo: z.number().int(),
  outstandingKobo: z.number().int(),
});
export type ClassTotals = z.infer<typeof classTotalsResponse>;

export const feesSummaryResponse = z.object({
  termId: z.string(),
  expectedKobo: z.number().int(),
  collectedKobo: z.number().int(),
  outstandingKobo: z.number().int(),
  complete: z.number().int(),
  incomplete: z.number().int(),
  classes: z.array(classTotalsResponse),
});
export type FeesSummary = z.infer<typeof feesSummaryResponse>;

/** GET /api/finance/summary — null when the school has no term yet. */
export const feesSummaryEnvelope = z.object({ summary: feesSummaryResponse.nullable() });
export type FeesSummaryEnvelope = z.infer<typeof feesSummaryEnvelope>;

/** POST /api/finance/reminders */
export const remindersSentResponse = z.object({
  debtors: z.number().int(),
  /** Mails queued (one per guardian with an email). */
  sent: z.number().int(),
  /** Debtors none of whose guardians has an email. */
  withoutEmail: z.number().int(),
});
export type RemindersSentResponse = z.infer<typeof remindersSentResponse>;

/** GET /api/finance/payments */
export const paymentListResponse = z.object({
  items: z.array(paymentResponse),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

/** POST /api/finance/payments, POST /api/finance/payments/:id/reverse */
export const paymentEnvelope = z.object({ payment: paymentResponse });
export type PaymentEnvelope = z.infer<typeof paymentEnvelope>;

// ---------------------------------------------------------------- a student's fees

/** GET /api/fees/:studentId — what a student (or their parent, or the bursary) sees. */
export const studentFeesResponse = z.object({
  student: z.object({ id: z.string(), name: z.string(), registrationNo: z.string() }),
  invoices: z.array(invoiceDetailResponse),
  /** Overpayments kept for the student. */
  creditKobo: z.number().int(),
  outstandingKobo: z.number().int(),
  /** Whether the organisation has Paystack keys (the Pay button pays online). */
  onlinePayment: z.boolean(),
  school: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
});
export type StudentFees = z.infer<typeof studentFeesResponse>;

/** A line of the receipt's invoice: a fee (positive) or a discount (negative). */
export const receiptItemResponse = z.object({ kind: z.enum(['fee', 'discount']), description: z.string(), amountKobo: z.number().int() });
export type ReceiptItem = z.infer<typeof receiptItemResponse>;

/** What the receipt page and its PDF show (ADR 0037); the totals are as they stood once this payment was made. */
export const receiptResponse = z.object({
  paymentId: z.string(),
  receiptNo: z.string(),
  /** As printed, in the school's time zone ('3 March 2025'). */
  date: z.string(),
  payerName: z.string(),
  studentName: z.string(),
  registrationNo: z.string(),
  className: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  amountKobo: z.number().int(),
  /** 'Thirty-eight thousand, seven hundred and fifty naira, fifty kobo' */
  amountInWords: z.string(),
  paymentMode: z.string(),
  reference: z.string().nullable(),
  /** Who recorded it (the staff member's name), or 'Paid online (Paystack)'. */
  cashier: z.string(),
  /** The term's invoice lines: the fees itemised, then any discounts. */
  items: z.array(receiptItemResponse),
  /** Fees minus discounts. */
  dueKobo: z.number().int(),
  /** Paid on the invoice before this payment. */
  paidBeforeKobo: z.number().int(),
  /** Paid on the invoice up to and including this payment. */
  paidKobo: z.number().int(),
  /** What remains after this payment (negative: credit). */
  balanceKobo: z.number().int(),
  feeStatus,
  school: z.object({ name: z.string(), place: z.string(), phone: z.string(), email: z.string(), logoUrl: z.string().nullable() }),
});
export type Receipt = z.infer<typeof receiptResponse>;

/** GET /api/fees/receipts/:id */
export const receiptEnvelope = z.object({ receipt: receiptResponse });
export type ReceiptEnvelope = z.infer<typeof receiptEnvelope>;

/** POST /api/fees/:studentId/pay — where to send the payer (Paystack's checkout). */
export const onlinePaymentStartedResponse = z.object({ reference: z.string(), authorizationUrl: z.string(), amountKobo: z.number().int() });
export type OnlinePaymentStarted = z.infer<typeof onlinePaymentStartedResponse>;

/**
 * POST /api/fees/paystack/verify — the payment's status after asking Paystack. While Paystack has
 * not confirmed it, only status 'Pending', the invoice and the message.
 */
export const paymentVerifiedResponse = z.object({
  status: z.enum(PAYMENT_STATUSES),
  invoiceId: z.string(),
  paymentId: z.string().optional(),
  receiptNo: z.string().nullable().optional(),
  amountKobo: z.number().int().optional(),
  message: z.string(),
});
export type PaymentVerified = z.infer<typeof paymentVerifiedResponse>;

/** What a Paystack result did to the payment (a mismatch of amount is a 400). */
export const PAYSTACK_OUTCOMES = ['applied', 'already-applied', 'failed', 'pending'] as const;

/** POST /api/payments/paystack/webhook — 200 stops Paystack's retries; `outcome` when a charge.success was applied. */
export const webhookReceivedResponse = z.object({ received: z.literal(true), outcome: z.enum(PAYSTACK_OUTCOMES).optional() });
export type WebhookReceived = z.infer<typeof webhookReceivedResponse>;

// ---------------------------------------------------------------- organisation payment keys

export const paymentKeysViewResponse = z.object({
  configured: z.boolean(),
  publicKey: z.string().nullable(),
  /** 'sk_live_••••••••1234' — the secret itself never leaves the server. */
  secretKeyMasked: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PaymentKeysView = z.infer<typeof paymentKeysViewResponse>;

/** GET and PUT /api/settings/payment */
export const paymentKeysEnvelope = z.object({ keys: paymentKeysViewResponse });
export type PaymentKeysEnvelope = z.infer<typeof paymentKeysEnvelope>;
