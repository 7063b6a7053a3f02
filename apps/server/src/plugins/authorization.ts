import { UUID } from '@school/shared/fields';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contextOf } from '../policies/context';
import { refusalOf } from '../policies/policy';
import type { RouteAccessConfig } from '../types';

/**
 * The one place that decides who may call which route (decision 0024). Every /api route names its
 * policy in `config.policy` (src/policies); a route that names none fails at start-up. Before the
 * body is validated: signed out → 401, a role the policy does not admit → 403, a record in the URL
 * the actor may not reach → 404. The signed-in request gets its context (`request.ctx`).
 */
export default fp(async function authorization(app: FastifyInstance) {
  app.decorate('routeTable', []);
  app.decorateRequest('ctx', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const policy = (route.config as RouteAccessConfig | undefined)?.policy;
    if (!policy?.name) throw new Error(`Route ${route.method} ${route.url} names no policy (config.policy)`);
    for (const param of route.url.match(/:[A-Za-z]+/g) ?? []) {
      if (!policy.params[param.slice(1)]) {
        throw new Error(`Route ${route.method} ${route.url}: policy ${policy.name} has no record rule for ${param}`);
      }
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, policy, responses: Object.keys((route.schema?.response as object | undefined) ?? {}) });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const policy = (request.routeOptions.config as RouteAccessConfig).policy;
    // Only routes registered before this plugin (the OpenAPI docs) name none; they are public.
    if (!request.routeOptions.url?.startsWith('/api/') || !policy || policy.access.kind === 'public') return;
    const user = request.user;
    if (!user) return reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' });
    const refusal = refusalOf(policy, user);
    if (refusal) return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: refusal });
    const ctx = contextOf(app, request, user);
    request.ctx = ctx;
    const params = request.params as Record<string, string>;
    for (const [name, rule] of Object.entries(policy.params)) {
      const id = params[name];
      if (!UUID.test(id ?? '') || !(await rule.check(app.db, ctx, id, params))) {
        return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: rule.notFound ?? `${notFoundLabel(rule.kind)} not found` });
      }
    }
  });
});

function notFoundLabel(kind: string) {
  const words = kind.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
