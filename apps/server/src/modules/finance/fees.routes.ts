import {
  onlinePaymentStartedResponse,
  paymentVerifiedResponse,
  receiptEnvelope,
  studentFeesResponse,
  webhookReceivedResponse,
} from '@school/shared/finance/responses';
import { payOnlineSchema, verifyPaymentSchema } from '@school/shared/finance/schemas';
import { apiErrorResponse } from '@school/shared/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { printImages } from '../../lib/print-images';
import { uploadIdOf } from '../../lib/uploads';
import { isStudent } from '../../policies/actors';
import { ctxOf, requireSchool } from '../../policies/context';
import { financePolicy as policy } from '../../policies/finance';
import { writeContextOf } from './finance.request';
import * as service from './finance.service';
import { receiptPdf } from './receipt.pdf';
import { sendDownload } from '../../lib/downloads';

const tags = ['finance'];
const idParams = z.object({ id: z.string() });
const studentParams = z.object({ studentId: z.string() });

type WithRawBody = FastifyRequest & { rawBody?: Buffer };

/** A family's fees: a student's invoices and receipts, paying online with Paystack, and Paystack's webhook. */
export default async function feesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/fees/:studentId',
    {
      config: { policy: policy.readStudentFees },
      schema: { tags, summary: 'A student’s invoices, payments, balance and receipts', params: studentParams, response: { 200: studentFeesResponse } },
    },
    async (request) => {
      const user = request.user!;
      return service.studentFees(app.db, user, requireSchool(user), request.params.studentId);
    },
  );

  app.get(
    '/api/fees/receipts/:id',
    {
      config: { policy: policy.readReceipt },
      schema: { tags, summary: 'A receipt (the printable page’s data)', params: idParams, response: { 200: receiptEnvelope } },
    },
    async (request) => {
      const schoolId = requireSchool(request.user!);
      return { receipt: await service.receiptOf(app.db, schoolId, request.params.id) };
    },
  );

  app.get(
    '/api/fees/receipts/:id/pdf',
    {
      config: { policy: policy.readReceipt },
      schema: { tags, summary: 'A receipt as PDF', params: idParams, response: { 200: fileResponse('application/pdf', 'The receipt, one A4 page') } },
    },
    async (request, reply) => {
      const schoolId = requireSchool(request.user!);
      const receipt = await service.receiptOf(app.db, schoolId, request.params.id);
      const logoId = uploadIdOf(receipt.school.logoUrl);
      const logo = logoId ? ((await printImages(app, schoolId, [logoId])).get(logoId) ?? null) : null;
      return sendDownload(reply, {
        type: 'application/pdf',
        name: `receipt-${receipt.receiptNo}.pdf`,
        body: await receiptPdf(receipt, logo),
        cache: 'no-store',
      });
    },
  );

  app.post(
    '/api/fees/:studentId/pay',
    {
      config: { policy: policy.payOnline },
      schema: {
        tags,
        summary: 'Start a Paystack payment of an invoice’s balance (or part of it); answers the authorization URL to send the payer to',
        params: studentParams,
        body: payOnlineSchema,
        response: { 200: onlinePaymentStartedResponse, 409: apiErrorResponse, 502: apiErrorResponse },
      },
    },
    async (request) => {
      const user = request.user!;
      const student = await service.studentOf(app.db, requireSchool(user), request.params.studentId);
      const callbackPath = isStudent(user) ? `/student/fees/${student.id}` : `/parent/children/${student.id}/fees`;
      return service.startOnlinePayment(app, writeContextOf(request), {
        invoiceId: request.body.invoiceId,
        studentId: student.id,
        amount: request.body.amount,
        callbackPath,
      });
    },
  );

  app.post(
    '/api/fees/paystack/verify',
    {
      config: { policy: policy.verifyOnlinePayment },
      schema: {
        tags,
        summary: 'Verify a Paystack reference with Paystack on the payer’s return and apply it (once)',
        body: verifyPaymentSchema,
        response: { 200: paymentVerifiedResponse, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.verifyOnlinePayment(app, ctxOf(request), request.body.reference),
  );

  // ------------------------------------------------------------ Paystack webhook (own scope: raw body)

  await app.register(async (scope) => {
    // The signature covers the exact bytes Paystack sent, so this scope keeps the raw body.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (request, body, done) => {
      (request as WithRawBody).rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(null, {});
      }
    });
    scope.post(
      '/api/payments/paystack/webhook',
      {
        config: { policy: policy.paystackWebhook, csrf: false },
        schema: {
          tags,
          summary: 'Paystack events; accepted only with a valid x-paystack-signature',
          // 400: not a Paystack event, or an amount other than asked; 401: a missing or wrong signature
          response: { 200: webhookReceivedResponse, 400: apiErrorResponse, 401: apiErrorResponse },
        },
      },
      async (request) =>
        service.receivePaystackEvent(app, {
          rawBody: (request as WithRawBody).rawBody,
          body: request.body,
          signature: request.headers['x-paystack-signature'],
          ip: request.ip,
        }),
    );
  });
}
