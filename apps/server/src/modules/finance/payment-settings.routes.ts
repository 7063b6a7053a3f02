import { paymentKeysEnvelope } from '@school/shared/finance/responses';
import { paymentKeysSchema } from '@school/shared/finance/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { financePolicy as policy } from '../../policies/finance';
import * as service from './finance.service';

const tags = ['finance'];

/** The organisation's Paystack keys (used by all its schools), kept by its owners. */
export default async function paymentSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/settings/payment',
    {
      config: { policy: policy.readPaymentKeys },
      schema: { tags, summary: 'The organisation’s Paystack keys (the secret masked)', response: { 200: paymentKeysEnvelope } },
    },
    async (request) => ({ keys: await service.paymentKeysView(app.db, request.user!.organisationId) }),
  );

  app.put(
    '/api/settings/payment',
    {
      config: { policy: policy.editPaymentKeys },
      schema: {
        tags,
        summary: 'Set the organisation’s Paystack secret and public keys (used by all its schools)',
        body: paymentKeysSchema,
        response: { 200: paymentKeysEnvelope },
      },
    },
    async (request) => {
      const user = request.user!;
      await service.savePaymentKeys(app, user, request.ip, request.body);
      return { keys: await service.paymentKeysView(app.db, user.organisationId) };
    },
  );
}
