import { apiErrorResponse, notModifiedResponse } from '@school/shared/http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAccessConfig } from '../types';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every /api route states what it answers. A route must declare its success response (a zod schema
 * from `@school/shared/<area>/responses`, or a file type); one that declares none fails at start-up.
 * The refusals every route shares are declared here from what the route is: 400 (input), 401 (signed
 * out) and 403 (role, CSRF) unless public, 404 when its URL names a record, 413/415 for a body; a route
 * adds its own (409, 429…) or its own 400 shape. In tests (`strictContracts`), a status a route did not
 * declare answers 500 naming it, so the declarations stay true.
 */
export default fp(async function contracts(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<string, unknown>;
    const methods = [route.method].flat();
    if (!Object.keys(response).some((code) => /^2\d\d$/.test(code))) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no success response (schema.response)`);
    }
    const policy = (route.config as RouteAccessConfig | undefined)?.policy;
    const codes = [400];
    if (policy?.access.kind !== 'public') codes.push(401, 403);
    if (methods.some((m) => WRITES.has(m))) codes.push(403, 413, 415);
    if (/:[A-Za-z]/.test(route.url)) codes.push(404);
    for (const code of codes) response[code] ??= apiErrorResponse;
    // a read answered from the browser's copy (plugins/etag.ts)
    if (methods.includes('GET')) response[304] ??= notModifiedResponse;
  });

  if (!app.config.strictContracts) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    // the OpenAPI pages (@fastify/swagger-ui, registered before this plugin) are not API routes
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs') || reply.statusCode === 500) return payload;
    const declared = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
    if (String(reply.statusCode) in declared) return payload;
    const status = reply.statusCode;
    request.log.error({ url, status }, 'undeclared response status');
    reply.code(500).type('application/json');
    return JSON.stringify({
      statusCode: 500,
      error: 'Internal Server Error',
      message: `Undeclared response: ${request.method} ${url} answered ${status}, which its schema.response does not list`,
    });
  });
});
