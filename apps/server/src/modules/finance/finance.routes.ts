import {
  feeItemListResponse,
  feeItemSavedResponse,
  feesSummaryEnvelope,
  financeClassListResponse,
  generatedInvoicesResponse,
  invoiceDetailEnvelope,
  invoiceListResponse,
  paymentEnvelope,
  paymentListResponse,
  remindersSentResponse,
  termListResponse,
} from '@school/shared/finance/responses';
import {
  discountSchema,
  feeItemSchema,
  generateInvoicesSchema,
  invoiceListQuerySchema,
  paymentListQuerySchema,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  recordPaymentSchema,
  reminderSchema,
  reversePaymentSchema,
} from '@school/shared/finance/schemas';
import { idFilterField, optionalLookupIdField } from '@school/shared/fields';
import { apiErrorResponse, noContentResponse, okResponse } from '@school/shared/http';
import { validate } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { badRequest } from '../../lib/http-errors';
import { readLimited, saveUpload } from '../../lib/uploads';
import { requireSchool } from '../../policies/context';
import { financePolicy as policy } from '../../policies/finance';
import { presentFeeItem } from './finance.presenter';
import { writeContextOf } from './finance.request';
import * as service from './finance.service';
import { CSV_TYPE, sendDownload } from '../../lib/downloads';

const tags = ['finance'];
const idParams = z.object({ id: z.string() });
/** A term to look up (404 'Term not found' for one that is not the school's), or the current term without one. */
const termQuery = z.object({ termId: optionalLookupIdField() });
/** A term to narrow by: anything that is not an id means the current term. */
const termFilterQuery = z.object({ termId: idFilterField() });
const anyObject = z.any();
/** Every route here needs the actor's school: an organisation's owner, who has none, gets 404. */
const noSchool = { 404: apiErrorResponse };

/** The payment form: JSON, or multipart with the optional proof (PNG, JPEG or PDF ≤ 5 MB). */
async function readPaymentForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, file: null };
  const fields: Record<string, unknown> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== PROOF_FIELD || file) {
        part.file.resume();
        throw badRequest('Send one proof file', { [PROOF_FIELD]: 'Send one proof file' });
      }
      const bytes = await readLimited(part, PROOF_MAX_BYTES, 'The proof of payment');
      if (bytes.length > 0) file = { bytes, filename: part.filename };
    } else fields[part.fieldname] = part.value;
  }
  return { fields, file };
}

/** The bursary: terms, classes and fee items of the school, its invoices, totals, debtors and payments. */
export default async function financeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ terms, classes, fee items

  app.get(
    '/api/finance/terms',
    {
      config: { policy: policy.readSetup },
      schema: { tags, summary: 'Terms of the school (newest first) with the current one marked', response: { 200: termListResponse, ...noSchool } },
    },
    async (request) => service.listTermOptions(app.db, requireSchool(request.user!)),
  );

  app.get(
    '/api/finance/classes',
    {
      config: { policy: policy.readSetup },
      schema: { tags, summary: 'Classes of the term’s session', querystring: termFilterQuery, response: { 200: financeClassListResponse, ...noSchool } },
    },
    async (request) => service.listClassesOfTerm(app.db, requireSchool(request.user!), request.query.termId),
  );

  app.get(
    '/api/finance/fee-items',
    {
      config: { policy: policy.readSetup },
      schema: {
        tags,
        summary: 'Fee items of a term (the current term by default)',
        querystring: termQuery,
        response: { 200: feeItemListResponse, ...noSchool },
      },
    },
    async (request) => {
      const schoolId = requireSchool(request.user!);
      return service.listFeeItemsOfTerm(app.db, schoolId, request.query.termId);
    },
  );

  app.post(
    '/api/finance/fee-items',
    {
      config: { policy: policy.addFeeItem },
      schema: {
        tags,
        summary: 'Add a fee item (class level, term, name, amount in naira)',
        body: feeItemSchema,
        response: { 201: feeItemSavedResponse, ...noSchool, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const row = await service.createFeeItem(app, writeContextOf(request), request.body);
      return reply.status(201).send({ item: presentFeeItem(row) });
    },
  );

  app.put(
    '/api/finance/fee-items/:id',
    {
      config: { policy: policy.editFeeItem },
      schema: {
        tags,
        summary: 'Change a fee item not yet on any invoice',
        params: idParams,
        body: feeItemSchema,
        response: { 200: feeItemSavedResponse, 409: apiErrorResponse },
      },
    },
    async (request) => {
      const row = await service.updateFeeItem(app, writeContextOf(request), request.params.id, request.body);
      return { item: presentFeeItem(row) };
    },
  );

  app.delete(
    '/api/finance/fee-items/:id',
    {
      config: { policy: policy.deleteFeeItem },
      schema: { tags, summary: 'Delete a fee item not yet on any invoice', params: idParams, response: { 204: noContentResponse, 409: apiErrorResponse } },
    },
    async (request, reply) => {
      await service.deleteFeeItem(app, writeContextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ invoices

  app.post(
    '/api/finance/invoices/generate',
    {
      config: { policy: policy.generateInvoices },
      schema: {
        tags,
        summary: 'Make the term’s invoices for every enrolled student and add fee items not yet billed (safe to repeat)',
        body: generateInvoicesSchema,
        response: { 200: generatedInvoicesResponse, ...noSchool },
      },
    },
    async (request) => service.generateInvoices(app, writeContextOf(request), request.body.termId),
  );

  app.get(
    '/api/finance/invoices',
    {
      config: { policy: policy.readBooks },
      schema: {
        tags,
        summary: 'Invoices of a term with due, paid, balance and fee status',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListResponse, ...noSchool },
      },
    },
    async (request) => service.listInvoicesOfTerm(app.db, requireSchool(request.user!), request.query),
  );

  app.get(
    '/api/finance/invoices/:id',
    {
      config: { policy: policy.readInvoice },
      schema: { tags, summary: 'One invoice with its lines and payments', params: idParams, response: { 200: invoiceDetailEnvelope } },
    },
    async (request) => {
      const schoolId = requireSchool(request.user!);
      return { invoice: await service.invoiceDetail(app.db, schoolId, request.params.id) };
    },
  );

  app.post(
    '/api/finance/invoices/:id/discounts',
    {
      config: { policy: policy.grantDiscount },
      schema: {
        tags,
        summary: 'Give a discount or waiver on an invoice, with its reason',
        params: idParams,
        body: discountSchema,
        response: { 201: okResponse },
      },
    },
    async (request, reply) => {
      await service.addDiscount(app, writeContextOf(request), request.params.id, request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(
    '/api/finance/summary',
    {
      config: { policy: policy.readBooks },
      schema: {
        tags,
        summary: 'Expected, collected and outstanding per class of a term',
        querystring: termQuery,
        response: { 200: feesSummaryEnvelope, ...noSchool },
      },
    },
    async (request) => {
      const schoolId = requireSchool(request.user!);
      return service.summaryOfTerm(app.db, schoolId, request.query.termId);
    },
  );

  app.get(
    '/api/finance/debtors.csv',
    {
      config: { policy: policy.readBooks },
      schema: {
        tags,
        summary: 'Debtors of a term as CSV (with guardians)',
        querystring: invoiceListQuerySchema,
        response: { 200: fileResponse('text/csv', 'The debtors of the term, one row per unpaid invoice'), ...noSchool },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await service.debtorsOfTerm(app.db, requireSchool(request.user!), request.query);
      return sendDownload(reply, { type: CSV_TYPE, name: fileName, body: csv, cache: 'no-store' });
    },
  );

  app.post(
    '/api/finance/reminders',
    {
      config: { policy: policy.sendReminders },
      schema: {
        tags,
        summary: 'Mail a fees reminder to the guardians of the term’s debtors',
        body: reminderSchema,
        response: { 200: remindersSentResponse, ...noSchool },
      },
    },
    async (request) => service.sendReminders(app, writeContextOf(request), request.body),
  );

  // ------------------------------------------------------------ payments

  app.get(
    '/api/finance/payments',
    {
      config: { policy: policy.readBooks },
      schema: {
        tags,
        summary: 'Payments (newest first) with filters',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponse, ...noSchool },
      },
    },
    async (request) => service.listPaymentsPage(app.db, requireSchool(request.user!), request.query),
  );

  app.post(
    '/api/finance/payments',
    {
      config: { policy: policy.recordPayment },
      schema: {
        tags,
        summary:
          'Record a Cash, Bank Transfer or POS payment against an invoice (the reference optional for Cash; JSON, or multipart with an optional `proof`)',
        body: anyObject,
        response: { 201: paymentEnvelope, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const ctx = writeContextOf(request);
      const { fields, file } = await readPaymentForm(request);
      const checked = validate(recordPaymentSchema, fields);
      if (!checked.success) throw badRequest(Object.values(checked.errors)[0], checked.errors);
      const id = await service.recordPayment(
        app,
        ctx,
        checked.data,
        file
          ? async (tx) =>
              (
                await saveUpload(app, tx, {
                  bytes: file.bytes,
                  field: PROOF_FIELD,
                  originalName: file.filename,
                  purpose: 'payment-proof',
                  allowed: ['png', 'jpeg', 'pdf'],
                  maxBytes: PROOF_MAX_BYTES,
                  label: 'The proof of payment',
                  organisationId: ctx.actor.organisationId,
                  schoolId: ctx.schoolId,
                  uploadedByUserId: ctx.actor.id,
                })
              ).id
          : undefined,
      );
      return reply.status(201).send({ payment: await service.paymentForStaff(app.db, ctx.schoolId, id) });
    },
  );

  app.post(
    '/api/finance/payments/:id/reverse',
    {
      config: { policy: policy.reversePayment },
      schema: {
        tags,
        summary: 'Reverse a wrong payment with a new, negative entry (the payment stays)',
        params: idParams,
        body: reversePaymentSchema,
        response: { 201: paymentEnvelope, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const ctx = writeContextOf(request);
      const id = await service.reversePayment(app, ctx, request.params.id, request.body.reason);
      return reply.status(201).send({ payment: await service.paymentForStaff(app.db, ctx.schoolId, id) });
    },
  );
}
