/**
 * Tables of the finance area (ADR 0015). Money is integer kobo everywhere. Balances are never
 * stored: an invoice's balance is the sum of its lines minus the sum of its successful payments,
 * computed in SQL. A payment is never deleted or changed in amount; a wrong one is reversed by a
 * new row with the negative amount.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { byUserId, classId, organisationId, schoolId, studentId, termId, uploads } from './schema-core';
import { inSchool } from './school-table';

/** What a class level pays in a term: tuition, PTA, books, uniform… */
export const feeItems = inSchool(
  pgTable(
    'fee_items',
    {
      id: id(),
      schoolId: schoolId(),
      termId: termId(),
      /** Nursery 1 … SSS 3 */
      classLevel: text('class_level').notNull(),
      name: text('name').notNull(),
      amountKobo: integer('amount_kobo').notNull(),
      /** The acceptance fee: billed only to students admitted through an application that session. */
      acceptance: boolean('acceptance').notNull().default(false),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [uniqueIndex('fee_items_term_level_name_unique').on(t.schoolId, t.termId, t.classLevel, sql`lower(${t.name})`)],
  ),
);

/** One per student per term; its lines are the fees (and discounts) billed. */
export const invoices = inSchool(
  pgTable(
    'invoices',
    {
      id: id(),
      schoolId: schoolId(),
      termId: termId(),
      studentId: studentId(),
      /** The class the student was in when the invoice was made (totals per class). */
      classId: classId(),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('invoices_student_term_unique').on(t.schoolId, t.studentId, t.termId),
      index('invoices_term_class_idx').on(t.schoolId, t.termId, t.classId),
    ],
  ),
);

/** A fee billed (positive, from a fee item) or a discount / waiver (negative, with a reason). */
export const invoiceLines = inSchool(
  pgTable(
    'invoice_lines',
    {
      id: id(),
      schoolId: schoolId(),
      invoiceId: uuid('invoice_id')
        .notNull()
        .references(() => invoices.id),
      feeItemId: uuid('fee_item_id').references(() => feeItems.id),
      /** fee | discount */
      kind: text('kind').notNull(),
      description: text('description').notNull(),
      amountKobo: integer('amount_kobo').notNull(),
      acceptance: boolean('acceptance').notNull().default(false),
      reason: text('reason'),
      createdByUserId: byUserId('created_by_user_id'),
      createdAt: createdAt(),
    },
    (t) => [
      index('invoice_lines_invoice_idx').on(t.schoolId, t.invoiceId),
      uniqueIndex('invoice_lines_fee_item_unique')
        .on(t.schoolId, t.invoiceId, t.feeItemId)
        .where(sql`fee_item_id is not null`),
    ],
  ),
);

/**
 * Money received (or asked for online). Cash and Bank Transfer are recorded as Success; a Card
 * payment starts Pending when Paystack is asked and turns Success (once) or Failed.
 */
export const payments = inSchool(
  pgTable(
    'payments',
    {
      id: id(),
      schoolId: schoolId(),
      organisationId: organisationId(),
      invoiceId: uuid('invoice_id')
        .notNull()
        .references(() => invoices.id),
      studentId: studentId(),
      /** Negative for a reversal. */
      amountKobo: integer('amount_kobo').notNull(),
      /** Card (Paystack) | Bank Transfer | Cash | POS (the school's card terminal) */
      method: text('method').notNull(),
      /** Success | Pending | Failed */
      status: text('status').notNull(),
      /** The teller / transfer reference, a POS terminal's RRN or the Paystack reference; null for a reversal and may be for Cash. */
      reference: text('reference'),
      payerName: text('payer_name'),
      payerPhone: text('payer_phone'),
      payerEmail: text('payer_email'),
      note: text('note'),
      proofUploadId: uuid('proof_upload_id').references(() => uploads.id),
      reversesPaymentId: uuid('reverses_payment_id'),
      /** Sequential per school, given when the payment succeeds: RCP-000001. */
      receiptNo: integer('receipt_no'),
      paidAt: timestamptz('paid_at'),
      recordedByUserId: byUserId('recorded_by_user_id'),
      createdAt: createdAt(),
    },
    (t) => [
      index('payments_invoice_idx').on(t.schoolId, t.invoiceId),
      index('payments_school_created_idx').on(t.schoolId, t.createdAt),
      uniqueIndex('payments_reference_unique').on(t.schoolId, t.reference),
      // Paystack's webhook names only the reference: looked up across schools (references are random).
      index('payments_reference_idx').on(t.reference),
      uniqueIndex('payments_reverses_unique')
        .on(t.schoolId, t.reversesPaymentId)
        .where(sql`reverses_payment_id is not null`),
      uniqueIndex('payments_receipt_unique').on(t.schoolId, t.receiptNo),
    ],
  ),
);

/** The last receipt number given out per school. */
export const financeCounters = inSchool(
  pgTable(
    'finance_counters',
    {
      schoolId: schoolId(),
      kind: text('kind').notNull(),
      last: integer('last').notNull(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.kind] })],
  ),
);

/** The organisation's Paystack keys (super-admin/settings/payment); the secret AES-256-GCM encrypted. */
export const organisationPaymentKeys = pgTable('organisation_payment_keys', {
  organisationId: organisationId().primaryKey(),
  publicKey: text('public_key').notNull(),
  /** base64(iv).base64(tag).base64(ciphertext) */
  secretKeyEncrypted: text('secret_key_encrypted').notNull(),
  secretKeyLast4: text('secret_key_last4').notNull(),
  updatedByUserId: byUserId('updated_by_user_id'),
  updatedAt: updatedAt(),
});
