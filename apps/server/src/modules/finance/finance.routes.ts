import {
  discountSchema,
  feeItemSchema,
  generateInvoicesSchema,
  invoiceListQuerySchema,
  paymentKeysSchema,
  paymentListQuerySchema,
  payOnlineSchema,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  receiptNumber,
  recordPaymentSchema,
  reminderSchema,
  reversePaymentSchema,
  verifyPaymentSchema,
} from '@school/shared/finance/schemas';
import { formatNaira } from '@school/shared/finance/money';
import { validate } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvCell } from '../../lib/csv';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { schoolPlace } from '../../lib/pdf';
import { maskSecret } from '../../lib/secrets';
import { readLimited, saveUpload } from '../../lib/uploads';
import type { RequestUser } from '../../types';
import { isAdministrator, isStudent } from '../../policies/actors';
import { ctxOf } from '../../policies/context';
import { financePolicy as policy, mayReadPaymentOf } from '../../policies/finance';
import { presentFeeItem, presentInvoice, presentInvoiceDetail, presentPayment } from './finance.presenter';
import * as repo from './finance.repository';
import * as service from './finance.service';
import * as paystack from './paystack.client';
import { receiptPdf } from './receipt.pdf';

const tags = ['finance'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });
const studentParams = z.object({ studentId: z.string() });
const anyObject = z.any();

function schoolOf(user: RequestUser): string {
  if (!user.schoolId) throw notFound('School not found');
  return user.schoolId;
}

function idOf(id: string, what: string): string {
  if (!UUID.test(id)) throw notFound(`${what} not found`);
  return id;
}

/** The finance services' context: the request context with the actor's school required. */
function writeContext(_app: FastifyInstance, request: FastifyRequest): service.WriteContext {
  const ctx = ctxOf(request);
  return { actor: ctx.user, schoolId: schoolOf(ctx.user), ip: ctx.ip, origin: ctx.origin };
}

/** The student's invoices (the route's policy has checked that the actor may see the student). */
async function studentInScope(app: FastifyInstance, user: RequestUser, studentId: string) {
  const schoolId = schoolOf(user);
  const rows = await repo.listInvoices(app.db, schoolId, { studentIds: [studentId] });
  const student = await app.db.query.students.findFirst({ where: (s, { and, eq }) => and(eq(s.schoolId, schoolId), eq(s.id, studentId)) });
  if (!student) throw notFound('Student not found');
  return { schoolId, student, rows };
}

async function termFor(app: FastifyInstance, schoolId: string, termId: string | undefined) {
  if (termId) {
    const term = await repo.findTerm(app.db, schoolId, termId);
    if (!term) throw notFound('Term not found');
    return term;
  }
  return repo.currentTerm(app.db, schoolId);
}

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

async function loadReceipt(app: FastifyInstance, user: RequestUser, paymentId: string) {
  const schoolId = schoolOf(user);
  const payment = await repo.findPayment(app.db, schoolId, idOf(paymentId, 'Receipt'));
  if (!payment || payment.status !== 'Success' || payment.receiptNo == null) throw notFound('Receipt not found');
  const [invoice] = await repo.listInvoices(app.db, schoolId, { invoiceId: payment.invoiceId });
  const raw = (await repo.rawPayment(app.db, schoolId, payment.id))!;
  const school = (await repo.findSchool(app.db, schoolId))!;
  const summary = presentInvoice(invoice);
  return {
    paymentId: payment.id,
    receiptNo: receiptNumber(payment.receiptNo)!,
    date: new Date(payment.paidAt ?? payment.createdAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: school.timeZone,
    }),
    payerName: raw.payerName ?? invoice.studentName,
    studentName: invoice.studentName,
    registrationNo: invoice.registrationNo,
    className: invoice.className,
    termName: invoice.termName,
    sessionName: invoice.sessionName,
    amountKobo: payment.amountKobo,
    paymentMode: payment.method,
    reference: payment.reference,
    dueKobo: invoice.dueKobo,
    paidKobo: invoice.paidKobo,
    balanceKobo: invoice.balanceKobo,
    feeStatus: summary.feeStatus,
    school: { name: school.name, place: schoolPlace(school), phone: school.phone, email: school.email },
  };
}

export default async function financeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ terms, classes, fee items

  app.get(
    '/api/finance/terms',
    { config: { policy: policy.readSetup }, schema: { tags, summary: 'Terms of the school (newest first) with the current one marked' } },
    async (request) => {
      const schoolId = schoolOf(request.user!);
      const terms = await repo.listTerms(app.db, schoolId);
      return { items: terms.map((t) => ({ id: t.id, name: t.name, sessionName: t.sessionName, isCurrent: t.isCurrent })) };
    },
  );

  app.get(
    '/api/finance/classes',
    {
      config: { policy: policy.readSetup },
      schema: { tags, summary: 'Classes of the term’s session', querystring: z.object({ termId: z.string().optional() }) },
    },
    async (request) => {
      const schoolId = schoolOf(request.user!);
      const term = await termFor(app, schoolId, request.query.termId && UUID.test(request.query.termId) ? request.query.termId : undefined);
      if (!term) return { items: [] };
      return { items: (await repo.classesOfTerm(app.db, schoolId, term.id)).map((c) => ({ id: c.id, name: `${c.level} ${c.arm}`, level: c.level })) };
    },
  );

  app.get(
    '/api/finance/fee-items',
    {
      config: { policy: policy.readSetup },
      schema: { tags, summary: 'Fee items of a term (the current term by default)', querystring: z.object({ termId: z.string().optional() }) },
    },
    async (request) => {
      const schoolId = schoolOf(request.user!);
      const term = await termFor(app, schoolId, request.query.termId ? idOf(request.query.termId, 'Term') : undefined);
      if (!term) return { termId: null, items: [] };
      return { termId: term.id, items: (await repo.listFeeItems(app.db, schoolId, term.id)).map(presentFeeItem) };
    },
  );

  app.post(
    '/api/finance/fee-items',
    {
      config: { policy: policy.addFeeItem },
      schema: { tags, summary: 'Add a fee item (class level, term, name, amount in naira)', body: feeItemSchema },
    },
    async (request, reply) => {
      const row = await service.createFeeItem(app, writeContext(app, request), request.body);
      return reply.status(201).send({ item: presentFeeItem(row) });
    },
  );

  app.put(
    '/api/finance/fee-items/:id',
    {
      config: { policy: policy.editFeeItem },
      schema: { tags, summary: 'Change a fee item not yet on any invoice', params: idParams, body: feeItemSchema },
    },
    async (request) => {
      const row = await service.updateFeeItem(app, writeContext(app, request), idOf(request.params.id, 'Fee item'), request.body);
      return { item: presentFeeItem(row) };
    },
  );

  app.delete(
    '/api/finance/fee-items/:id',
    { config: { policy: policy.deleteFeeItem }, schema: { tags, summary: 'Delete a fee item not yet on any invoice', params: idParams } },
    async (request, reply) => {
      await service.deleteFeeItem(app, writeContext(app, request), idOf(request.params.id, 'Fee item'));
      return reply.status(204).send();
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
      },
    },
    async (request) => service.generateInvoices(app, writeContext(app, request), request.body.termId),
  );

  app.get(
    '/api/finance/invoices',
    {
      config: { policy: policy.readBooks },
      schema: { tags, summary: 'Invoices of a term with due, paid, balance and fee status', querystring: invoiceListQuerySchema },
    },
    async (request) => {
      const schoolId = schoolOf(request.user!);
      const term = await termFor(app, schoolId, request.query.termId);
      if (!term) return { termId: null, items: [] };
      const rows = await repo.listInvoices(app.db, schoolId, { ...request.query, termId: term.id });
      return { termId: term.id, items: rows.map(presentInvoice) };
    },
  );

  app.get(
    '/api/finance/invoices/:id',
    { config: { policy: policy.readInvoice }, schema: { tags, summary: 'One invoice with its lines and payments', params: idParams } },
    async (request) => {
      const schoolId = schoolOf(request.user!);
      const id = idOf(request.params.id, 'Invoice');
      const [row] = await repo.listInvoices(app.db, schoolId, { invoiceId: id });
      if (!row) throw notFound('Invoice not found');
      const [lines, pays] = await Promise.all([repo.linesOf(app.db, schoolId, [id]), repo.listPayments(app.db, schoolId, { invoiceIds: [id] })]);
      return { invoice: presentInvoiceDetail(row, lines, pays.items, true) };
    },
  );

  app.post(
    '/api/finance/invoices/:id/discounts',
    {
      config: { policy: policy.grantDiscount },
      schema: { tags, summary: 'Give a discount or waiver on an invoice, with its reason', params: idParams, body: discountSchema },
    },
    async (request, reply) => {
      await service.addDiscount(app, writeContext(app, request), idOf(request.params.id, 'Invoice'), request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(
    '/api/finance/summary',
    {
      config: { policy: policy.readBooks },
      schema: { tags, summary: 'Expected, collected and outstanding per class of a term', querystring: z.object({ termId: z.string().optional() }) },
    },
    async (request) => {
      const user = request.user!;
      const schoolId = schoolOf(user);
      const term = await termFor(app, schoolId, request.query.termId ? idOf(request.query.termId, 'Term') : undefined);
      if (!term) return { summary: null };
      return { summary: await repo.feesSummary(app.db, { schoolId, termId: term.id }) };
    },
  );

  app.get(
    '/api/finance/debtors.csv',
    {
      config: { policy: policy.readBooks },
      schema: { tags, summary: 'Debtors of a term as CSV (with guardians)', querystring: invoiceListQuerySchema },
    },
    async (request, reply) => {
      const schoolId = schoolOf(request.user!);
      const term = await termFor(app, schoolId, request.query.termId);
      if (!term) throw notFound('Term not found');
      const rows = await repo.listInvoices(app.db, schoolId, {
        termId: term.id,
        classId: request.query.classId,
        search: request.query.search,
        feeStatus: 'incomplete',
      });
      const guardians = await repo.guardiansOfStudents(
        app.db,
        schoolId,
        rows.map((r) => r.studentId),
      );
      const naira = (k: number) => (k / 100).toFixed(2);
      const lines = [
        ['Registration Number', 'Name', 'Class', 'Term', 'Fees (NGN)', 'Paid (NGN)', 'Balance (NGN)', 'Guardian', 'Guardian Phone', 'Guardian Email'].join(','),
      ];
      for (const r of rows) {
        const g = guardians.find((x) => x.studentId === r.studentId);
        lines.push(
          [
            r.registrationNo,
            r.studentName,
            r.className,
            `${r.termName} ${r.sessionName}`,
            naira(r.dueKobo),
            naira(r.paidKobo),
            naira(r.balanceKobo),
            g?.name ?? '',
            g?.phone ?? '',
            g?.email ?? '',
          ]
            .map((v) => csvCell(String(v)))
            .join(','),
        );
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="debtors-${term.sessionName.replace('/', '-')}-${term.name.toLowerCase()}.csv"`)
        .header('cache-control', 'no-store')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );

  app.post(
    '/api/finance/reminders',
    {
      config: { policy: policy.sendReminders },
      schema: { tags, summary: 'Mail a fees reminder to the guardians of the term’s debtors', body: reminderSchema },
    },
    async (request) => service.sendReminders(app, writeContext(app, request), request.body),
  );

  // ------------------------------------------------------------ payments

  app.get(
    '/api/finance/payments',
    {
      config: { policy: policy.readBooks },
      schema: { tags, summary: 'Payments (newest first) with filters', querystring: paymentListQuerySchema },
    },
    async (request) => {
      const schoolId = schoolOf(request.user!);
      const { page, pageSize, ...filter } = request.query;
      const { items, total } = await repo.listPayments(app.db, schoolId, filter, { page, pageSize });
      return { items: items.map((p) => presentPayment(p, { staff: true })), total, page, pageSize };
    },
  );

  app.post(
    '/api/finance/payments',
    {
      config: { policy: policy.recordPayment },
      schema: { tags, summary: 'Record a Cash or Bank Transfer payment against an invoice (JSON, or multipart with an optional `proof`)', body: anyObject },
    },
    async (request, reply) => {
      const ctx = writeContext(app, request);
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
      const payment = (await repo.findPayment(app.db, ctx.schoolId, id))!;
      return reply.status(201).send({ payment: presentPayment(payment, { staff: true }) });
    },
  );

  app.post(
    '/api/finance/payments/:id/reverse',
    {
      config: { policy: policy.reversePayment },
      schema: { tags, summary: 'Reverse a wrong payment with a new, negative entry (the payment stays)', params: idParams, body: reversePaymentSchema },
    },
    async (request, reply) => {
      const ctx = writeContext(app, request);
      const id = await service.reversePayment(app, ctx, idOf(request.params.id, 'Payment'), request.body.reason);
      return reply.status(201).send({ payment: presentPayment((await repo.findPayment(app.db, ctx.schoolId, id))!, { staff: true }) });
    },
  );

  // ------------------------------------------------------------ a student's fees (student, parent, staff)

  app.get(
    '/api/fees/:studentId',
    {
      config: { policy: policy.readStudentFees },
      schema: { tags, summary: 'A student’s invoices, payments, balance and receipts', params: studentParams },
    },
    async (request) => {
      const user = request.user!;
      const { schoolId, student, rows } = await studentInScope(app, user, request.params.studentId);
      const ids = rows.map((r) => r.id);
      const [lines, pays, school, keys] = await Promise.all([
        repo.linesOf(app.db, schoolId, ids),
        repo.listPayments(app.db, schoolId, { invoiceIds: ids }),
        repo.findSchool(app.db, schoolId),
        repo.findKeys(app.db, user.organisationId),
      ]);
      const staff = isAdministrator(user);
      return {
        student: {
          id: student.id,
          name: [student.firstName, student.middleName, student.lastName].filter(Boolean).join(' '),
          registrationNo: student.registrationNo,
        },
        invoices: rows.map((r) => presentInvoiceDetail(r, lines, pays.items, staff)),
        creditKobo: rows.reduce((a, r) => a + (r.balanceKobo < 0 ? -r.balanceKobo : 0), 0),
        outstandingKobo: rows.reduce((a, r) => a + (r.balanceKobo > 0 ? r.balanceKobo : 0), 0),
        onlinePayment: Boolean(keys),
        school: { name: school!.name, phone: school!.phone, email: school!.email },
      };
    },
  );

  app.get(
    '/api/fees/receipts/:id',
    { config: { policy: policy.readReceipt }, schema: { tags, summary: 'A receipt (the printable page’s data)', params: idParams } },
    async (request) => ({ receipt: await loadReceipt(app, request.user!, request.params.id) }),
  );

  app.get(
    '/api/fees/receipts/:id/pdf',
    { config: { policy: policy.readReceipt }, schema: { tags, summary: 'A receipt as PDF', params: idParams } },
    async (request, reply) => {
      const receipt = await loadReceipt(app, request.user!, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${receipt.receiptNo}.pdf"`)
        .header('cache-control', 'no-store')
        .send(await receiptPdf(receipt));
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
      },
    },
    async (request) => {
      const user = request.user!;
      const { student } = await studentInScope(app, user, request.params.studentId);
      const callbackPath = isStudent(user) ? `/student/fees/${student.id}` : `/parent/children/${student.id}/fees`;
      return service.startOnlinePayment(app, writeContext(app, request), {
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
      schema: { tags, summary: 'Verify a Paystack reference with Paystack on the payer’s return and apply it (once)', body: verifyPaymentSchema },
    },
    async (request) => {
      const user = request.user!;
      const schoolId = schoolOf(user);
      const payment = await repo.paymentByReference(app.db, request.body.reference);
      if (!payment || payment.schoolId !== schoolId) throw notFound('Payment not found');
      if (!(await mayReadPaymentOf(app.db, ctxOf(request), payment.studentId))) throw notFound('Payment not found');
      let outcome: service.ApplyOutcome;
      if (payment.status === 'Success') outcome = 'already-applied';
      else {
        const secret = await service.secretKeyOf(app, app.db, payment.organisationId);
        if (!secret) throw conflict('Online payment is not set up for your school');
        let trx: paystack.PaystackTransaction;
        try {
          trx = await paystack.verifyTransaction(app.config.paystackBaseUrl, secret, payment.reference!);
        } catch {
          return {
            status: 'Pending' as const,
            invoiceId: payment.invoiceId,
            message: 'Paystack has not confirmed this payment yet. Please check again shortly.',
          };
        }
        outcome = await service.applyPaystackResult(app, payment, trx, 'verify', request.ip, user.id);
      }
      if (outcome === 'mismatch') throw badRequest('The amount paid does not match the amount asked for; the payment was not applied');
      const after = (await repo.rawPayment(app.db, schoolId, payment.id))!;
      return {
        status: after.status as 'Success' | 'Pending' | 'Failed',
        invoiceId: after.invoiceId,
        paymentId: after.id,
        receiptNo: receiptNumber(after.receiptNo),
        amountKobo: after.amountKobo,
        message:
          after.status === 'Success'
            ? `Payment of ${formatNaira(after.amountKobo)} received`
            : after.status === 'Failed'
              ? 'The payment did not go through'
              : 'Payment pending',
      };
    },
  );

  // ------------------------------------------------------------ organisation payment keys

  app.get(
    '/api/settings/payment',
    { config: { policy: policy.readPaymentKeys }, schema: { tags, summary: 'The organisation’s Paystack keys (the secret masked)' } },
    async (request) => {
      const user = request.user!;
      const row = await repo.findKeys(app.db, user.organisationId);
      return {
        keys: {
          configured: Boolean(row),
          publicKey: row?.publicKey ?? null,
          secretKeyMasked: row ? maskSecret(row.secretKeyLast4) : null,
          updatedAt: row?.updatedAt.toISOString() ?? null,
        },
      };
    },
  );

  app.put(
    '/api/settings/payment',
    {
      config: { policy: policy.editPaymentKeys },
      schema: { tags, summary: 'Set the organisation’s Paystack secret and public keys (used by all its schools)', body: paymentKeysSchema },
    },
    async (request) => {
      const user = request.user!;
      await service.savePaymentKeys(app, user, request.ip, request.body);
      const row = (await repo.findKeys(app.db, user.organisationId))!;
      return { keys: { configured: true, publicKey: row.publicKey, secretKeyMasked: maskSecret(row.secretKeyLast4), updatedAt: row.updatedAt.toISOString() } };
    },
  );

  // ------------------------------------------------------------ Paystack webhook (own scope: raw body)

  await app.register(async (scope) => {
    // The signature covers the exact bytes Paystack sent, so this scope keeps the raw body.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (request, body, done) => {
      (request as FastifyRequest & { rawBody?: Buffer }).rawBody = body as Buffer;
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
        schema: { tags, summary: 'Paystack events; accepted only with a valid x-paystack-signature' },
      },
      async (request, reply) => {
        const raw = (request as FastifyRequest & { rawBody?: Buffer }).rawBody;
        const event = request.body as { event?: string; data?: { reference?: string } } | undefined;
        const reference = typeof event?.data?.reference === 'string' ? event.data.reference : null;
        if (!raw || !reference) return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'Not a Paystack event' });
        const payment = await repo.paymentByReference(app.db, reference);
        // A transaction this app did not start (the Paystack account may serve others): nothing to do,
        // and a 200 stops Paystack's retries. Nothing is applied without a valid signature.
        if (!payment) return { received: true };
        const secret = await service.secretKeyOf(app, app.db, payment.organisationId);
        if (!secret || !paystack.validSignature(secret, raw, request.headers['x-paystack-signature'])) {
          return reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Invalid signature' });
        }
        if (event!.event !== 'charge.success') return { received: true };
        const outcome = await service.applyPaystackResult(app, payment, paystack.transactionOf(event!.data), 'webhook', request.ip, null);
        if (outcome === 'mismatch')
          return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'Amount does not match the payment asked for' });
        return { received: true, outcome };
      },
    );
  });
}
