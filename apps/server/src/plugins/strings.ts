import { NOT_ALLOWED_CHARACTER, unsafeTextPath } from '@school/shared/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One check for every route, before its schema runs: a URL parameter, query or JSON body holding
 * a NUL or an unpaired surrogate anywhere (a value or a key) answers 400 naming the field, shaped
 * as plugins/errors.ts shapes validation errors. PostgreSQL cannot store such text, so it would
 * otherwise fail deep in a query as a 500. Multipart fields are read by the routes and checked by
 * the shared `validate`, which refuses the same text.
 */
export default fp(async function strings(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const path = unsafeTextPath(request.params) ?? unsafeTextPath(request.query) ?? unsafeTextPath(request.body);
    if (!path) return;
    const field = path.length ? path.join('.') : '_';
    return reply.status(400).send({
      statusCode: 400,
      error: 'Bad Request',
      message: `${path.length ? field : 'The request'} contains a character that is not allowed`,
      errors: { [field]: NOT_ALLOWED_CHARACTER },
    });
  });
});
