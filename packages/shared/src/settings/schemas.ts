import { z } from 'zod';
import { requiredString } from '../fields';

/** Paystack keys (settings/payment); the secret key is encrypted at rest and never sent back in full. */
export const paymentKeysSchema = z.object({
  secretKey: requiredString('Secret key is required'),
  publicKey: requiredString('Public key is required'),
});
export type PaymentKeysInput = z.infer<typeof paymentKeysSchema>;
