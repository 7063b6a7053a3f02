import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

/**
 * One error handler: validation → 400 with the spec's field messages; deliberate HttpErrors as
 * they are; anything unexpected → 500 without details (logged).
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const message = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message, errors });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: httpErrorName(err.statusCode),
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...err.details,
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type…)
    return reply.status(status).send({ statusCode: status, error: httpErrorName(status), message: err.message });
  });
});

function httpErrorName(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      402: 'Payment Required',
      403: 'Forbidden',
      404: 'Not Found',
      409: 'Conflict',
      413: 'Payload Too Large',
      415: 'Unsupported Media Type',
      429: 'Too Many Requests',
    }[status] ?? 'Error'
  );
}
