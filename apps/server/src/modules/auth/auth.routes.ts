import { changePasswordSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema } from '@school/shared/auth/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserResponse, messageResponse, signedInResponse } from '@school/shared/auth/responses';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import { unauthorized } from '../../lib/http-errors';
import { originOf } from '../../lib/request-origin';
import { clearSessionCookie, setSessionCookie } from '../../plugins/authentication';
import { sessionUserOf } from './auth.api';
import * as repo from './auth.repository';
import * as service from './auth.service';
import { accountPolicy } from '../../policies/account';

const tags = ['auth'];

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auth/me',
    { config: { policy: accountPolicy.me }, schema: { tags, summary: 'The signed-in user', response: { 200: signedInResponse } } },
    async (request) => ({ user: await sessionUserOf(app.db, request.user!) }),
  );

  app.get(
    '/api/auth/session',
    {
      config: { policy: accountPolicy.readSession },
      schema: { tags, summary: 'The signed-in user, or null when signed out (never a 401)', response: { 200: currentUserResponse } },
    },
    async (request) => ({ user: request.user ? await sessionUserOf(app.db, request.user) : null }),
  );

  app.post(
    '/api/auth/login',
    {
      config: { policy: accountPolicy.signIn },
      schema: {
        tags,
        summary: 'Sign in with email and password (429 with Retry-After, in seconds, after repeated failures)',
        body: loginSchema,
        response: {
          200: signedInResponse,
          401: apiErrorResponse.describe('Invalid email or password'),
          429: apiErrorResponse.describe('Too many failed sign-ins; the Retry-After header says in how many seconds to try again'),
        },
      },
    },
    async (request, reply) => {
      const { token, user } = await service
        .login(app, { email: request.body.email, password: request.body.password, ip: request.ip, userAgent: request.headers['user-agent'] ?? null })
        .catch((err: unknown) => {
          if (err instanceof service.SignInRefused) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        });
      setSessionCookie(reply, token, app.config.secureCookies);
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { policy: accountPolicy.signOut }, schema: { tags, summary: 'Sign out (ends the server session)', response: { 204: noContentResponse } } },
    async (request, reply) => {
      if (request.user) await repo.deleteSession(app.db, request.user.id, request.user.sessionTokenHash);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { policy: accountPolicy.forgotPassword },
      schema: { tags, summary: 'Mail a password reset link', body: forgotPasswordSchema, response: { 200: messageResponse } },
    },
    async (request) => {
      await service.requestPasswordReset(app, { email: request.body.email, ip: request.ip, origin: originOf(app, request) });
      return { message: service.FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { policy: accountPolicy.resetPassword },
      schema: { tags, summary: 'Choose a new password with a reset link', body: resetPasswordSchema, response: { 200: messageResponse } },
    },
    async (request) => {
      await service.resetPassword(app, { token: request.body.token, password: request.body.password, ip: request.ip });
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { policy: accountPolicy.changePassword },
      schema: { tags, summary: 'Change the signed-in user’s password', body: changePasswordSchema, response: { 200: messageResponse } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      await service.changePassword(app, {
        userId: user.id,
        sessionTokenHash: user.sessionTokenHash,
        currentPassword: request.body.currentPassword,
        password: request.body.password,
        ip: request.ip,
      });
      return { message: 'Password changed' };
    },
  );
}
