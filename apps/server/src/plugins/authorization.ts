import { can } from '@school/shared/auth/permissions';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAccessConfig } from '../types';

/**
 * The one place that decides who may call which route. Every /api route declares either
 * `config.public` or `config.auth = { area, action }`; a route that declares neither fails at start-up.
 * The check runs before validation, so a caller without the right gets 401/403, never a 400.
 */
export default fp(async function authorization(app: FastifyInstance) {
  app.decorate('routeTable', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const config = (route.config ?? {}) as RouteAccessConfig;
    if (!config.public && !config.auth && !config.signedIn) {
      throw new Error(`Route ${route.method} ${route.url} declares none of config.auth, config.signedIn, config.public`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({
        method,
        url: route.url,
        public: Boolean(config.public),
        signedIn: Boolean(config.signedIn),
        auth: config.auth ?? null,
      });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config as RouteAccessConfig;
    // Only routes registered before this plugin (the OpenAPI docs) declare nothing; they are public.
    if (!request.routeOptions.url?.startsWith('/api/') || (!config.auth && !config.signedIn)) return;
    const user = request.user;
    if (!user) {
      return reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' });
    }
    if (config.auth && !can(user.matrix, user.role, config.auth.area, config.auth.action)) {
      return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' });
    }
  });
});
