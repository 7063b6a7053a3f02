import { auditQuerySchema } from '@school/shared/audit/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditFiltersResponse, auditPageResponse } from '@school/shared/audit/responses';
import { apiErrorResponse } from '@school/shared/http';
import { notFound } from '../../lib/http-errors';
import { auditPolicy as policy, auditScope } from '../../policies/audit';
import { ctxOf, type RequestContext } from '../../policies/context';
import { presentAuditEntry } from './audit.presenter';
import * as repo from './audit.repository';

const tags = ['audit'];

/** The reader has no trail to read (no school), or the school named in the query is not in reach. */
const schoolNotFound = apiErrorResponse.describe('School not found');

/** Whose trail the actor reads (policies/audit.ts). */
function scopeOf(ctx: RequestContext): repo.AuditScope {
  const scope = auditScope(ctx);
  if (!scope) throw notFound('School not found');
  return scope;
}

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/audit',
    {
      config: { policy: policy.read },
      schema: {
        tags,
        summary: 'The audit trail, newest first: filter by school, user (id or part of name/email), entity, action (prefix) and dates (days in Africa/Lagos)',
        querystring: auditQuerySchema,
        response: { 200: auditPageResponse, 404: schoolNotFound },
      },
    },
    async (request) => {
      const scope = scopeOf(ctxOf(request));
      const query = request.query;
      if (query.schoolId && !(await repo.schoolInScope(app.db, scope, query.schoolId))) throw notFound('School not found');
      const { rows, total } = await repo.listAuditEntries(app.db, scope, query);
      return { items: rows.map(presentAuditEntry), total, page: query.page, pageSize: query.pageSize };
    },
  );

  app.get(
    '/api/audit/filters',
    {
      config: { policy: policy.readFilters },
      schema: {
        tags,
        summary: 'What the audit trail can be filtered by: the schools the reader sees',
        response: { 200: auditFiltersResponse, 404: schoolNotFound },
      },
    },
    async (request) => ({ schools: await repo.schoolsInScope(app.db, scopeOf(ctxOf(request))) }),
  );
}
