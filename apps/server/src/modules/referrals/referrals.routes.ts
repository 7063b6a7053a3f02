import { NO_RECORD } from '@school/shared/fields';
import { apiErrorResponse } from '@school/shared/http';
import {
  createdCampaignResponse,
  myReferralCodeResponse,
  myReferralsResponse,
  referralCampaignListResponse,
  referralSchoolsResponse,
  referralSummaryResponse,
  referrerPageResponse,
  withdrawalListResponse,
  withdrawalResultResponse,
} from '@school/shared/referrals/responses';
import { referralSchema, referrersQuerySchema, withdrawalDecisionSchema, withdrawalRequestSchema } from '@school/shared/referrals/schemas';
import { validate } from '@school/shared/validation';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schools } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import { isOwner } from '../../policies/actors';
import { ctxOf, requireSchool, type RequestContext } from '../../policies/context';
import { referralsPolicy as policy } from '../../policies/referrals';
import { presentCampaign, presentMyCampaign, presentReferrer, presentWithdrawal } from './referrals.presenter';
import * as repo from './referrals.repository';
import * as service from './referrals.service';
import { organisationSchoolIds } from '../../lib/schools';

const tags = ['referrals'];

const schoolQuery = z.object({ schoolId: z.uuid().optional() });
const idParams = z.object({ id: z.string() });

/**
 * The school whose referrals an administrator manages: their own; a super administrator names one
 * of the organisation's schools with ?schoolId= (default: the first). Another organisation's → 404.
 */
async function managedSchool(app: FastifyInstance, ctx: RequestContext, requested?: string): Promise<string> {
  if (!isOwner(ctx)) {
    if (!ctx.schoolId || (requested && requested !== ctx.schoolId)) throw notFound('School not found');
    return ctx.schoolId;
  }
  const where = requested ? and(eq(schools.organisationId, ctx.organisationId), eq(schools.id, requested)) : eq(schools.organisationId, ctx.organisationId);
  const [row] = await app.db.select({ id: schools.id }).from(schools).where(where).orderBy(asc(schools.createdAt), asc(schools.name)).limit(1);
  if (!row) throw notFound('School not found');
  return row.id;
}

/** Every school whose referrals the actor manages: their own; a super administrator's, the organisation's. */
async function managedSchools(app: FastifyInstance, ctx: RequestContext): Promise<string[]> {
  if (!isOwner(ctx)) return ctx.schoolId ? [ctx.schoolId] : [];
  return organisationSchoolIds(app.db, ctx.organisationId);
}

/** A referrer is any signed-in user of a school; a super administrator (no school) has no referrals. */
async function referrerOf(ctx: RequestContext): Promise<service.Referrer> {
  const schoolId = requireSchool(ctx);
  const session = await ctx.academicSession();
  return { ctx, schoolId, academicSessionId: session?.id ?? null };
}

export default async function referralRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- administrators (settings/referral)

  app.get(
    '/api/referrals/schools',
    {
      config: { policy: policy.listSchools },
      schema: {
        tags,
        summary: 'The schools whose referrals the caller manages (a super administrator: the organisation’s)',
        response: { 200: referralSchoolsResponse },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const where = isOwner(ctx) ? eq(schools.organisationId, ctx.organisationId) : eq(schools.id, ctx.schoolId ?? NO_RECORD);
      const rows = await app.db.select({ id: schools.id, name: schools.name }).from(schools).where(where).orderBy(asc(schools.createdAt), asc(schools.name));
      return { items: rows };
    },
  );

  app.get(
    '/api/referrals/summary',
    {
      config: { policy: policy.readSummary },
      schema: {
        tags,
        summary: 'The Referrals screen’s cards: withdrawal requests (and how many wait), referrals credited and the amount earned',
        querystring: schoolQuery,
        response: { 200: referralSummaryResponse, 404: apiErrorResponse },
      },
    },
    async (request) => repo.summary(app.db, await managedSchool(app, ctxOf(request), request.query.schoolId)),
  );

  app.get(
    '/api/referrals/campaigns',
    {
      config: { policy: policy.listCampaigns },
      schema: {
        tags,
        summary: 'The school’s referral campaigns, newest first, with referrers and referrals',
        querystring: schoolQuery,
        response: { 200: referralCampaignListResponse, 404: apiErrorResponse },
      },
    },
    async (request) => {
      const schoolId = await managedSchool(app, ctxOf(request), request.query.schoolId);
      const [rows, today] = await Promise.all([repo.listCampaigns(app.db, schoolId), service.schoolToday(app.db, schoolId)]);
      return { items: rows.map((c) => presentCampaign(c, service.campaignStatus(c, today))) };
    },
  );

  app.post(
    '/api/referrals/campaigns',
    {
      config: { policy: policy.addCampaign },
      schema: {
        tags,
        summary:
          'Create Referral: a campaign (description, From/To dates, Notify, Referral Type, 1 point equals ₦, code); 409 for a code the school already uses',
        querystring: schoolQuery,
        response: { 201: createdCampaignResponse, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const schoolId = await managedSchool(app, ctx, request.query.schoolId);
      const result = validate(referralSchema, request.body ?? {});
      if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
      const row = await service.createCampaign(app, { actor: ctx.user, schoolId, ip: ctx.ip }, result.data);
      const today = await service.schoolToday(app.db, schoolId);
      return reply.status(201).send({ campaign: presentCampaign({ ...row, referrers: 0, referrals: 0 }, service.campaignStatus(row, today)) });
    },
  );

  app.get(
    '/api/referrals/referrers',
    {
      config: { policy: policy.listReferrers },
      schema: {
        tags,
        summary:
          'One page of the school’s referrers by name: referrals, points, amount earned and latest withdrawal request; filter by that request’s status (all, success, pending, failed), search name, email or code',
        querystring: referrersQuerySchema,
        response: { 200: referrerPageResponse, 404: apiErrorResponse },
      },
    },
    async (request) => {
      const schoolId = await managedSchool(app, ctxOf(request), request.query.schoolId);
      const { rows, total } = await repo.listReferrers(app.db, schoolId, request.query);
      return { items: rows.map(presentReferrer), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/api/referrals/referrers/:id/withdrawals',
    {
      config: { policy: policy.readWithdrawals },
      schema: {
        tags,
        summary: 'Every withdrawal request of one referrer of the school, newest first',
        params: idParams,
        querystring: schoolQuery,
        response: { 200: withdrawalListResponse },
      },
    },
    async (request) => {
      const schoolId = await managedSchool(app, ctxOf(request), request.query.schoolId);
      const rows = await repo.withdrawalsOf(app.db, schoolId, request.params.id);
      return { items: rows.map(presentWithdrawal) };
    },
  );

  app.post(
    '/api/referrals/withdrawals/:id/decision',
    {
      config: { policy: policy.decideWithdrawal },
      schema: {
        tags,
        summary: 'Approve (Success) or reject (Failed) a pending withdrawal request; audited; 409 when already decided',
        params: idParams,
        querystring: schoolQuery,
        response: { 200: withdrawalResultResponse, 409: apiErrorResponse },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { id } = request.params;
      // the withdrawal's own school (the route's policy has checked the actor manages it), unless ?schoolId names one
      const schoolId = await managedSchool(app, ctx, request.query.schoolId ?? (await repo.schoolOfWithdrawal(app.db, await managedSchools(app, ctx), id)));
      if (!(await repo.findWithdrawal(app.db, schoolId, id))) throw notFound(service.WITHDRAWAL_NOT_FOUND);
      const result = validate(withdrawalDecisionSchema, request.body ?? {});
      if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
      const row = await service.decideWithdrawal(app, { actor: ctx.user, schoolId, ip: ctx.ip }, id, result.data);
      return { withdrawal: presentWithdrawal(row) };
    },
  );

  // ---------------------------------------------------------------- referrers (their own)

  app.get(
    '/api/me/referrals',
    {
      config: { policy: policy.readMine },
      schema: {
        tags,
        summary: 'The signed-in user’s referrals: campaigns they may refer for (with their code), points, earnings, balance and withdrawal requests',
        response: { 200: myReferralsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => {
      const who = await referrerOf(ctxOf(request));
      const [campaigns, balance, withdrawals] = await Promise.all([
        service.myCampaigns(app, who),
        repo.balanceOf(app.db, who.schoolId, who.ctx.user.id),
        repo.withdrawalsOf(app.db, who.schoolId, who.ctx.user.id),
      ]);
      return {
        campaigns: campaigns.map((c) => presentMyCampaign(c.campaign, c.status, c.mine)),
        ...balance,
        withdrawals: withdrawals.map(presentWithdrawal),
      };
    },
  );

  app.post(
    '/api/me/referrals/campaigns/:id/code',
    {
      config: { policy: policy.makeMyCode },
      schema: {
        tags,
        summary: 'The signed-in user’s personal referral code for a running campaign they may refer for (made once, the same afterwards)',
        params: idParams,
        response: { 200: myReferralCodeResponse },
      },
    },
    async (request) => {
      const who = await referrerOf(ctxOf(request));
      const row = await service.ensureMyCode(app, who, request.params.id);
      return { code: row.code };
    },
  );

  app.post(
    '/api/me/referrals/withdrawals',
    {
      config: { policy: policy.askWithdrawal },
      schema: {
        tags,
        summary: 'Ask for a payout of earnings (amount in naira, payment mode, details); never above the available balance, one request waiting at a time',
        response: { 201: withdrawalResultResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const who = await referrerOf(ctxOf(request));
      const result = validate(withdrawalRequestSchema, request.body ?? {});
      if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
      const row = await service.requestWithdrawal(app, who, result.data);
      return reply.status(201).send({ withdrawal: presentWithdrawal(row) });
    },
  );
}
