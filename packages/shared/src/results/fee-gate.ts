import { z } from 'zod';
import { formatNaira } from '../constants';
import { MAX_AMOUNT_KOBO } from '../finance/money';

/*
 * The fee gate (issue 18): a school may withhold published results and report cards from a student
 * and their parents while the student owes more than a set amount. Staff always see them. The balance
 * is read when the results are asked for, so a payment (recorded by the bursar, or confirmed by
 * Paystack) lifts the gate at once.
 */

/** GET/PUT /api/results/fee-gate */
export const feeGateResponse = z.object({
  schoolId: z.string(),
  enabled: z.boolean(),
  /** Results are withheld when the student owes more than this (kobo; 0: any amount). */
  minimumOwedKobo: z.number().int(),
});
export type FeeGate = z.infer<typeof feeGateResponse>;

export const feeGateSchema = z.object({
  enabled: z.boolean({ error: 'Choose whether results are withheld' }),
  minimumOwedKobo: z
    .number({ error: 'Enter the amount a family may owe, in naira (0 for any amount)' })
    .int({ error: 'Enter the amount a family may owe, in naira (0 for any amount)' })
    .min(0, { error: 'The amount cannot be negative' })
    .max(MAX_AMOUNT_KOBO, { error: `The amount must be at most ${formatNaira(MAX_AMOUNT_KOBO)}` }),
});
export type FeeGateInput = z.infer<typeof feeGateSchema>;

export const feesOwedMessage = (owedKobo: number) => `These results are withheld until the school fees are paid: ${formatNaira(owedKobo)} owed.`;

/** The 402 a student or parent gets for withheld results: the message, and what is owed for the Pay button. */
export const feesOwedResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  feeGate: z.object({ studentId: z.string(), owedKobo: z.number().int() }),
});
export type FeesOwedBody = z.infer<typeof feesOwedResponse>;
