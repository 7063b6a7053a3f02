import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { paymentKeysSchema } from './schemas';

describe('paymentKeysSchema', () => {
  it('requires both keys', () => {
    const expected = {
      success: false,
      errors: { secretKey: 'Secret key is required', publicKey: 'Public key is required' },
    };
    expect(validate(paymentKeysSchema, { secretKey: '', publicKey: '' })).toEqual(expected);
    expect(validate(paymentKeysSchema, { secretKey: '   ', publicKey: '\n' })).toEqual(expected);
    expect(validate(paymentKeysSchema, {})).toEqual(expected);
  });

  it('accepts both keys, trimmed', () => {
    expect(validate(paymentKeysSchema, { secretKey: ' sk_test_abc ', publicKey: ' pk_test_xyz' })).toEqual({
      success: true,
      data: { secretKey: 'sk_test_abc', publicKey: 'pk_test_xyz' },
    });
  });
});
