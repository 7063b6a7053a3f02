import { registerSchema } from '@school/shared/auth/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerResponse } from '@school/shared/auth/responses';
import { apiErrorResponse } from '@school/shared/http';
import { invitationsPolicy as policy } from '../../policies/invitations';
import { acceptInvitation } from './invitations.service';

export default async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/auth/register',
    {
      config: { policy: policy.register },
      schema: {
        tags: ['auth'],
        summary: 'Create an account from an invitation: email, the mailed numeric code and a password',
        body: registerSchema,
        response: { 200: registerResponse, 429: apiErrorResponse.describe('Too many attempts from this address or for this email') },
      },
    },
    async (request) => {
      const { email } = await acceptInvitation(app, { ...request.body, ip: request.ip });
      return { message: 'Your account is ready. You can now sign in.', email };
    },
  );
}
