import { className } from '@school/shared/academics/schemas';
import {
  admissionClassListResponse,
  admissionLetterEnvelope,
  applicationSummaryResponse,
  applicationPageResponse,
  applicationResponse,
  applicationSubmittedResponse,
  decisionResponse,
  directAdmissionResponse,
  importRefusalResponse,
  importReportResponse,
  invitationSlipsResponse,
  serialCodeBatchCodesResponse,
  serialCodeBatchCreatedResponse,
  serialCodeBatchListResponse,
  serialCodeCheckResponse,
  type ApplicationCounts,
} from '@school/shared/admissions/responses';
import {
  applicationListQuerySchema,
  BIRTH_CERTIFICATE_FIELD,
  decisionSchema,
  directAdmissionSchema,
  importOptionsSchema,
  serialCodeBatchSchema,
  serialCodeSchema,
  studentAdmissionSchema,
} from '@school/shared/admissions/schemas';
import { ADMISSION_STATUSES, CLASS_LEVELS } from '@school/shared/constants';
import { apiErrorResponse } from '@school/shared/http';
import { validate } from '@school/shared/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { csvCell } from '../../lib/csv';
import { badRequest, notFound } from '../../lib/http-errors';
import { admissionsPolicy as policy } from '../../policies/admissions';
import { ctxOf, requireSchool } from '../../policies/context';
import { admissionLetterPdf } from './admission-letter.pdf';
import * as direct from './admissions.direct';
import { readApplicationForm } from './admissions.form';
import { CHOOSE_CSV, importText, readImportForm } from '../../lib/imports';
import { presentBatch, presentDetail, presentListItem } from './admissions.presenter';
import * as repo from './admissions.repository';
import { admitContext, loadBatch, loadLetter, writeContext } from './admissions.request';
import { issueClassSlips } from './admissions.slips';
import * as service from './admissions.service';
import { CSV_TYPE, sendDownload } from '../../lib/downloads';

const tags = ['admissions'];
const idParams = z.object({ id: z.string() });

export default async function admissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ serial codes (administrators)

  app.post(
    '/api/admissions/serial-code-batches',
    {
      config: { policy: policy.generateSerialCodes },
      schema: {
        tags,
        summary: 'Generate a batch of single-use 12-digit serial codes (how many 1-1000, price in naira, expiry date)',
        body: serialCodeBatchSchema,
        // 404: the caller has no school
        response: { 201: serialCodeBatchCreatedResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const ctx = writeContext(ctxOf(request));
      const id = await service.generateBatch(app, ctx, request.body);
      return reply.status(201).send({ batch: presentBatch((await repo.findBatch(app.db, ctx.schoolId, id))!) });
    },
  );

  app.get(
    '/api/admissions/serial-code-batches',
    {
      config: { policy: policy.listSerialCodeBatches },
      schema: {
        tags,
        summary: 'The school’s batches of serial codes, newest first, with used and unused counts',
        response: { 200: serialCodeBatchListResponse },
      },
    },
    async (request) => {
      const { schoolId } = ctxOf(request);
      if (!schoolId) return { items: [] };
      return { items: (await repo.listBatches(app.db, schoolId)).map(presentBatch) };
    },
  );

  app.get(
    '/api/admissions/serial-code-batches/:id/codes',
    {
      config: { policy: policy.printSerialCodes },
      schema: {
        tags,
        summary: 'The codes of a batch, to print',
        params: idParams,
        response: { 200: serialCodeBatchCodesResponse },
      },
    },
    async (request) => {
      const schoolId = requireSchool(ctxOf(request));
      const row = await loadBatch(app, schoolId, request.params.id);
      const [codes, school] = await Promise.all([repo.codesOfBatch(app.db, schoolId, row.id), repo.findSchool(app.db, schoolId)]);
      return {
        batch: presentBatch(row),
        schoolName: school?.name ?? '',
        codes: codes.map((c) => ({ code: c.code, usedAt: c.usedAt ? c.usedAt.toISOString() : null, registrationNo: c.registrationNo })),
      };
    },
  );

  app.get(
    '/api/admissions/serial-code-batches/:id/codes.csv',
    {
      config: { policy: policy.printSerialCodes },
      schema: {
        tags,
        summary: 'The codes of a batch as CSV',
        params: idParams,
        response: { 200: fileResponse('text/csv', 'Serial code, Price (NGN), Expires on, Status, Used on, Registration number; one row per code') },
      },
    },
    async (request, reply) => {
      const schoolId = requireSchool(ctxOf(request));
      const row = await loadBatch(app, schoolId, request.params.id);
      const codes = await repo.codesOfBatch(app.db, schoolId, row.id);
      const price = (row.priceKobo / 100).toFixed(2);
      const lines = [
        ['Serial code', 'Price (NGN)', 'Expires on', 'Status', 'Used on', 'Registration number'].join(','),
        ...codes.map((c) =>
          [
            c.code,
            price,
            row.expiresOn,
            c.usedAt ? 'Used' : row.expired ? 'Expired' : 'Unused',
            c.usedAt ? c.usedAt.toISOString().slice(0, 10) : '',
            c.registrationNo ?? '',
          ]
            .map(csvCell)
            .join(','),
        ),
      ];
      return sendDownload(reply, {
        type: CSV_TYPE,
        name: `serial-codes-${row.createdAt.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}.csv`,
        body: `${lines.join('\r\n')}\r\n`,
        cache: 'no-store',
      });
    },
  );

  // ------------------------------------------------------------ the applicant (public)

  app.post(
    '/api/admissions/serial-codes/check',
    {
      config: { policy: policy.checkSerialCode },
      schema: {
        tags,
        summary: 'Check an admission serial code; a valid one opens the application form (rate-limited per IP)',
        body: serialCodeSchema,
        // 429: too many failed attempts from this address
        response: { 200: serialCodeCheckResponse, 429: apiErrorResponse },
      },
    },
    async (request) => service.checkSerialCode(app, { serialCode: request.body.serialCode, ip: request.ip }),
  );

  app.post(
    '/api/admissions/applications',
    {
      config: { policy: policy.apply },
      schema: {
        tags,
        summary: 'Submit an application (multipart: the form fields, `token` from the serial-code check and the birth certificate, PDF/JPEG/PNG ≤ 5 MB)',
        consumes: ['multipart/form-data'],
        // 429: too many applications from this address
        response: { 201: applicationSubmittedResponse, 429: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const submitted = await service.withApplicationLimit(app, request.ip, async () => {
        const form = await readApplicationForm(request);
        const fields = { ...form.fields, [BIRTH_CERTIFICATE_FIELD]: form.file ? form.file.filename || 'birth-certificate' : '' };
        const result = validate(studentAdmissionSchema, fields);
        if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
        return service.submitApplication(app, { token: form.fields.token, values: result.data, file: form.file!, ip: request.ip });
      });
      return reply.status(201).send(submitted);
    },
  );

  // ------------------------------------------------------------ applications (administrators)

  app.get(
    '/api/admissions/applications',
    {
      config: { policy: policy.listApplications },
      schema: {
        tags,
        summary: 'One page of applications, newest first; filter by status, class applied for and payment status; search by name or registration number',
        querystring: applicationListQuerySchema,
        response: { 200: applicationPageResponse },
      },
    },
    async (request) => {
      const { schoolId } = ctxOf(request);
      const { page, pageSize } = request.query;
      if (!schoolId) return { items: [], total: 0, page, pageSize };
      const { rows, total } = await repo.listApplications(app.db, schoolId, request.query);
      return { items: rows.map(presentListItem), total, page, pageSize };
    },
  );

  app.get(
    '/api/admissions/applications/summary',
    {
      config: { policy: policy.listApplications },
      schema: { tags, summary: 'How many applications have each status', response: { 200: applicationSummaryResponse } },
    },
    async (request) => {
      const counts = Object.fromEntries(ADMISSION_STATUSES.map((s) => [s, 0])) as ApplicationCounts;
      const { schoolId } = ctxOf(request);
      if (schoolId) for (const row of await repo.countByStatus(app.db, schoolId)) counts[row.status as keyof ApplicationCounts] = Number(row.count);
      return { counts };
    },
  );

  app.get(
    '/api/admissions/applications/:id',
    {
      config: { policy: policy.readApplication },
      schema: { tags, summary: 'An application form in full', params: idParams, response: { 200: applicationResponse } },
    },
    async (request) => {
      const row = await repo.findApplicationDetail(app.db, requireSchool(ctxOf(request)), request.params.id);
      if (!row) throw notFound('Application not found');
      return { application: presentDetail(row) };
    },
  );

  app.post(
    '/api/admissions/applications/decisions',
    {
      config: { policy: policy.decide },
      schema: {
        tags,
        summary:
          'Accept, reject, archive or restore applications, each in its own transaction. Accepting creates the student, the guardian (parent account) and the enrolment. One id: its error is the answer; several: a result per id.',
        body: decisionSchema,
        // one id: 404 (the application or class it names) or 409 (not in a state that allows the decision, no class to admit into)
        response: { 200: decisionResponse, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request) => {
      const results = await service.decide(app, await admitContext(ctxOf(request)), request.body);
      const succeeded = results.filter((r) => r.ok).length;
      return { results, succeeded, failed: results.length - succeeded };
    },
  );

  app.get(
    '/api/admissions/classes',
    {
      config: { policy: policy.listClasses },
      schema: {
        tags,
        summary: 'The classes of the selected session with their number of students, to admit into',
        response: { 200: admissionClassListResponse },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const session = ctx.schoolId ? await ctx.academicSession() : null;
      if (!ctx.schoolId || !session) return { sessionName: null, items: [] };
      const rows = await repo.classesOfSession(app.db, ctx.schoolId, session.id);
      const rank = (level: string) => (CLASS_LEVELS as readonly string[]).indexOf(level) + 1 || 99;
      rows.sort((a, b) => rank(a.level) - rank(b.level) || a.arm.localeCompare(b.arm, 'en', { numeric: true }));
      return {
        sessionName: session.name,
        items: rows.map((r) => ({ id: r.id, level: r.level, arm: r.arm, name: className(r.level, r.arm), studentCount: Number(r.studentCount) })),
      };
    },
  );

  app.get(
    '/api/admissions/applications/:id/letter',
    {
      config: { policy: policy.readLetter },
      schema: {
        tags,
        summary: 'The admission letter of an accepted applicant',
        params: idParams,
        // 409: the applicant is not accepted
        response: { 200: admissionLetterEnvelope, 409: apiErrorResponse },
      },
    },
    async (request) => ({ letter: await loadLetter(app, requireSchool(ctxOf(request)), request.params.id) }),
  );

  app.get(
    '/api/admissions/applications/:id/letter.pdf',
    {
      config: { policy: policy.readLetter },
      schema: {
        tags,
        summary: 'The admission letter of an accepted applicant as a one-page PDF',
        params: idParams,
        // 409: the applicant is not accepted
        response: { 200: fileResponse('application/pdf', 'The admission letter'), 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await loadLetter(app, requireSchool(ctxOf(request)), request.params.id);
      return sendDownload(reply, {
        type: 'application/pdf',
        name: `admission-letter-${data.registrationNo.replace(/[^\w-]+/g, '-')}.pdf`,
        body: await admissionLetterPdf(data),
        cache: 'private, no-store',
        inline: true,
      });
    },
  );
  // ------------------------------------------------------------ direct admission and import (administrators)

  app.post(
    '/api/admissions/students',
    {
      config: { policy: policy.admitDirectly },
      schema: {
        tags,
        summary:
          'Admit a student directly: registration number, student, guardian (parent account with invitation, or linked by email) and enrolment in the chosen class or the emptiest arm of the level in the selected session, in one transaction',
        body: directAdmissionSchema,
        // 404: the class it names; 409: no active session, or no class of the level to admit into
        response: { 201: directAdmissionResponse, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const student = await direct.admitDirectly(app, await admitContext(ctxOf(request)), request.body);
      return reply.status(201).send({ student });
    },
  );

  app.post(
    '/api/admissions/imports',
    {
      config: { policy: policy.importStudents },
      schema: {
        tags,
        summary:
          'Import students from a CSV file (multipart: `file` ≤ 2 MB UTF-8 with a header row, at most 1000 rows; `mode` all-or-nothing | valid-rows-only; `dryRun=true` to preview). Answers a row-by-row report; all-or-nothing with a wrong row: 400 with the report and nothing written.',
        consumes: ['multipart/form-data'],
        // 409: no active session, or no class of a row's level to admit into
        response: { 200: importReportResponse, 400: importRefusalResponse, 404: apiErrorResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const form = await readImportForm(request);
      const options = validate(importOptionsSchema, form.fields);
      if (!options.success) throw badRequest(Object.values(options.errors)[0], options.errors);
      if (!form.file) throw badRequest(CHOOSE_CSV, { file: CHOOSE_CSV });
      const text = importText(form.file.bytes, form.file.filename);
      const outcome = await direct.importStudents(app, await admitContext(ctxOf(request)), { text, ...options.data });
      if (outcome.statusCode === 400) {
        return reply
          .status(400)
          .send({ statusCode: 400, error: 'Bad Request', message: outcome.message!, errors: { file: outcome.message! }, ...outcome.report });
      }
      return outcome.report;
    },
  );

  app.post(
    '/api/admissions/classes/:id/invitation-slips',
    {
      config: { policy: policy.issueInvitationSlips },
      schema: {
        tags,
        summary:
          'Issue new invitation codes to the accounts of a class (its students’ and their parents’) that have not signed up yet, for printed slips; earlier codes stop working, used ones are never shown. The school’s administrators only; audited.',
        params: idParams,
        response: { 200: invitationSlipsResponse },
      },
    },
    async (request) => issueClassSlips(app, writeContext(ctxOf(request)), request.params.id),
  );
}
