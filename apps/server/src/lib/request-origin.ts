import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The base URL for links in mail: PUBLIC_URL when set, else the address the request came to. */
export function originOf(app: FastifyInstance, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return (app.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}
