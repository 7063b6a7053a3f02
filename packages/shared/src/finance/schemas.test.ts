import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { formatNaira, koboToNairaInput, nairaToKobo } from './money';
import { discountSchema, feeItemSchema, feeStatusOf, paymentKeysSchema, receiptNumber, recordPaymentSchema } from './schemas';

const TERM = '6f1c2f0e-1111-4a4a-9b9b-0000000000d2';

describe('money', () => {
  it.each([
    ['15000', 1_500_000],
    ['15,000.50', 1_500_050],
    ['₦ 1,234.5', 123_450],
    ['0.01', 1],
    [15000.5, 1_500_050],
  ] as const)('reads %s as %d kobo', (input, kobo) => expect(nairaToKobo(input)).toBe(kobo));
  it.each(['', 'abc', '1.234', '-5', '1e3'])('refuses %j', (input) => expect(nairaToKobo(input)).toBeNull());
  it('writes kobo back for inputs and screens', () => {
    expect(koboToNairaInput(123_405)).toBe('1234.05');
    expect(formatNaira(123_450)).toBe('₦1,234.50');
    expect(formatNaira(-5000)).toBe('-₦50.00');
  });
});

describe('finance schemas', () => {
  it('gives every fee item message', () => {
    expect(validate(feeItemSchema, {})).toEqual({
      success: false,
      errors: { termId: 'Please Select a Term', classLevel: 'Please Select a Class', name: 'Fee name is required', amount: 'Amount is required' },
    });
    const bad = validate(feeItemSchema, { termId: TERM, classLevel: 'JSS 1', name: 'Tuition', amount: '12.345' });
    expect(bad.success ? null : bad.errors.amount).toBe('Enter an amount in naira, e.g. 15000 or 15000.50');
    const big = validate(feeItemSchema, { termId: TERM, classLevel: 'JSS 1', name: 'Tuition', amount: '10000000.01' });
    expect(big.success ? null : big.errors.amount).toBe('Amount must be at most ₦10,000,000.00');
    expect(validate(feeItemSchema, { termId: TERM, classLevel: 'JSS 1', name: ' Tuition ', amount: '45,000' })).toEqual({
      success: true,
      data: { termId: TERM, classLevel: 'JSS 1', name: 'Tuition', amount: 4_500_000, acceptance: false },
    });
  });

  it('needs the payment keys with the spec messages', () => {
    expect(validate(paymentKeysSchema, { secretKey: '  ', publicKey: '' })).toEqual({
      success: false,
      errors: { secretKey: 'Secret key is required', publicKey: 'Public key is required' },
    });
  });

  it('needs a mode, a reference unless the payment is cash, and a reason for a discount', () => {
    const res = validate(recordPaymentSchema, { invoiceId: TERM, amount: '100', method: 'Card', reference: '' });
    expect(res.success ? null : res.errors).toEqual({ method: 'Payment mode is required', reference: 'Reference is required' });
    const cash = validate(recordPaymentSchema, { invoiceId: TERM, amount: '100', method: 'Cash', reference: ' ' });
    expect(cash).toMatchObject({ success: true, data: { method: 'Cash', amount: 10_000 } });
    expect(cash.success && cash.data.reference).toBeUndefined();
    const transfer = validate(recordPaymentSchema, { invoiceId: TERM, amount: '100', method: 'Bank Transfer' });
    expect(transfer.success ? null : transfer.errors).toEqual({ reference: 'Reference is required' });
    const pos = validate(recordPaymentSchema, { invoiceId: TERM, amount: '', method: 'POS', reference: '' });
    expect(pos.success ? null : pos.errors).toEqual({ amount: 'Amount is required', reference: 'Terminal reference (RRN) is required' });
    expect(validate(recordPaymentSchema, { invoiceId: TERM, amount: '100', method: 'POS', reference: '123456789012' })).toMatchObject({
      success: true,
      data: { method: 'POS', reference: '123456789012' },
    });
    const d = validate(discountSchema, { amount: '5' });
    expect(d.success ? null : d.errors).toEqual({ reason: 'Reason is required' });
  });

  it('names fee status and receipts', () => {
    expect(feeStatusOf(0, 100)).toBe('Complete');
    expect(feeStatusOf(-50, 100)).toBe('Complete');
    expect(feeStatusOf(1, 100)).toBe('InComplete');
    expect(receiptNumber(12)).toBe('RCP-000012');
  });
});
