import { auditQuerySchema } from '@school/shared/audit/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { auditPolicy as policy, auditScope } from '../../policies/audit';
import { ctxOf, type RequestContext } from '../../policies/context';
import { presentAuditEntry } from './audit.presenter';
import * as repo from './audit.repository';

const tags = ['audit'];

const entry = z.object({
  id: z.string(),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(['super_admin', 'admin', 'teacher', 'student', 'parent']) }).nullable(),
  school: z.object({ id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

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
        response: { 200: z.object({ items: z.array(entry), total: z.number(), page: z.number(), pageSize: z.number() }) },
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
        response: { 200: z.object({ schools: z.array(z.object({ id: z.string(), name: z.string() })) }) },
      },
    },
    async (request) => ({ schools: await repo.schoolsInScope(app.db, scopeOf(ctxOf(request))) }),
  );
}
