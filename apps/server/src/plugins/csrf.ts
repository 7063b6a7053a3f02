import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken } from '../lib/tokens';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
/** Tokens issued on this response because the request came without one. */
const issuedTokens = new WeakMap<object, string>();
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit CSRF protection: a readable cookie that a page of another site cannot read, echoed
 * in a header that a cross-site form cannot set. Applies to every write under /api, signed in or not
 * (login CSRF included).
 */
export default fp(async function csrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE] ?? '';
    if (!cookie) {
      const issued = randomToken(24);
      issuedTokens.set(request, issued);
      reply.setCookie(CSRF_COOKIE, issued, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: app.config.secureCookies,
      });
    }
    if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // A signed webhook (checked by its own route) comes from another server, never from a browser.
    if (request.routeOptions.config?.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) {
      return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Invalid CSRF token' });
    }
  });

  app.get('/api/auth/csrf', { config: { public: true }, schema: { tags: ['auth'], summary: 'CSRF token for the double-submit header' } }, async (request) => {
    return { token: request.cookies[CSRF_COOKIE] || issuedTokens.get(request) || '' };
  });
});

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
