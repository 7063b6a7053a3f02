import { apiErrorResponse } from '@school/shared/http';
import { feeGateResponse, feeGateSchema, feesOwedResponse } from '@school/shared/results/fee-gate';
import {
  broadsheetResponse,
  gradeDistributionResponse,
  publicationResponse,
  resultOptionsResponse,
  resultSettingsResponse,
  scoreSheetConflictResponse,
  scoreSheetResponse,
  studentResultsResponse,
  transcriptResponse,
  unscoredSubjectsResponse,
} from '@school/shared/results/responses';
import { scoreBatchSchema } from '@school/shared/results/scores';
import { resultSettingsSchema } from '@school/shared/results/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idFilterField, lookupId } from '@school/shared/fields';
import { z } from 'zod';
import { fileResponse } from '../../lib/contracts';
import { ctxOf, type RequestContext } from '../../policies/context';
import type { RoutePolicy } from '../../policies/policy';
import { resultsPolicy as policy } from '../../policies/results';
import * as service from './results.service';
import { CSV_TYPE, sendDownload } from '../../lib/downloads';
import { XLSX_TYPE } from '../../lib/xlsx';
import { broadsheetUploadResponse, scoreUploadRefusalResponse } from '@school/shared/results/upload';
import {
  approvalStepsResponse,
  approvalStepsSchema,
  approvalsResponse,
  approveClassesResponse,
  approveClassesSchema,
  returnClassSchema,
  returnSheetSchema,
  reviewClassSchema,
  submitSheetSchema,
} from '@school/shared/results/approvals';
import * as upload from './results.upload';
import * as broadsheetUpload from './results.broadsheet';

const tags = ['results'];
/** Ids to look up: one that is not an id finds nothing (404). */
const lookup = z.string().transform(lookupId);
const placeQuery = z.object({ classId: lookup, termId: lookup });
const sheetQuery = placeQuery.extend({ subjectId: lookup });
const templateQuery = sheetQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
const TEMPLATE_SUMMARY =
  "A class's students for a subject and term with today's scores, to fill in and upload: columns Admission number, Student, Test 1, Test 2, Assignment, Exam; `format` csv (default) or xlsx";
const templateResponse = {
  description: 'The template: a header row, then one row per student',
  content: { ...fileResponse('text/csv', '').content, ...fileResponse(XLSX_TYPE, '').content },
};
const UPLOAD_SUMMARY =
  'Save scores from a filled-in template (multipart: termId, classId, subjectId and a `file`, CSV or .xlsx, ≤ 2 MB, ≤ 1000 rows). Rows are matched by admission number (or the name when that cell is empty); every row is checked first and any problem answers 400 listing each with its spreadsheet row, nothing written. A blank score cell is no score; students not in the file are left as they are.';
const broadsheetTemplateQuery = placeQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
const BROADSHEET_TEMPLATE_SUMMARY =
  "A class's students with today's scores in every subject of a term, to fill in and upload at once (administrators): columns Admission number, Student, then for each subject of the class (by name) Test 1, Test 2, Assignment and Exam headed by the subject's code, e.g. `MTH Test 1` (by its name when the code is blank or shared); `format` csv (default) or xlsx";
const BROADSHEET_UPLOAD_SUMMARY =
  'Save every subject of a class from a filled-in broadsheet template (multipart: termId, classId and a `file`, CSV or .xlsx, ≤ 2 MB, ≤ 1000 rows; administrators, published or not). Score columns are matched by subject code or name and component, any case or spacing; a subject without columns in the file is left as it is. Every row and cell is checked first and any problem answers 400 listing each with its spreadsheet row, nothing written; all subjects are saved in one transaction, each audited as its grid. Answers how many students changed per subject.';
/** Without classId (or with '') every class of the term's session. */
const publication = z.object({
  termId: lookup,
  classId: z
    .string()
    .optional()
    .transform((id) => (id ? lookupId(id) : undefined)),
  /** Publish even though some subjects have no score (the 409 listed them and the user confirmed). */
  allowUnscored: z.boolean().optional(),
  /** With approval steps in use: publish the classes that are through them, leave the others (the 409 listed them). */
  onlyReady: z.boolean().optional(),
});
/** A super administrator's school: anything that is not an id is none ('Please select a school'). */
const schoolQuery = z.object({ schoolId: idFilterField() });
const studentParams = z.object({ studentId: z.string() });

export default async function resultRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ settings
  app.get(
    '/api/results/settings',
    {
      config: { policy: policy.readSettings },
      schema: {
        tags,
        summary:
          "A school's result settings: component maxima, grading scale, pass mark, PIN requirement (defaults until saved). Super administrators name the school",
        querystring: schoolQuery,
        response: { 200: resultSettingsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.readSettings(app, ctxOf(request), request.query.schoolId),
  );

  app.put(
    '/api/results/settings',
    {
      config: { policy: policy.editSettings },
      schema: {
        tags,
        summary: 'Save result settings; maxima must add up to 100 and the scale cover 0–100 without gaps or overlaps',
        querystring: schoolQuery,
        body: resultSettingsSchema,
        response: { 200: resultSettingsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.updateSettings(app, ctxOf(request), request.query.schoolId, request.body),
  );

  app.get(
    '/api/results/fee-gate',
    {
      config: { policy: policy.readSettings },
      schema: {
        tags,
        summary:
          "A school's fee gate: whether published results and report cards are withheld from families who owe more than an amount. Super administrators name the school",
        querystring: schoolQuery,
        response: { 200: feeGateResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.readFeeGate(app, ctxOf(request), request.query.schoolId),
  );

  app.put(
    '/api/results/fee-gate',
    {
      config: { policy: policy.editSettings },
      schema: {
        tags,
        summary: 'Turn the fee gate on or off and set the amount a family may owe and still see results (audited)',
        querystring: schoolQuery,
        body: feeGateSchema,
        response: { 200: feeGateResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.updateFeeGate(app, ctxOf(request), request.query.schoolId, request.body),
  );

  // ------------------------------------------------------------ score entry (teachers)
  app.get(
    '/api/results/options',
    {
      config: { policy: policy.readScoreEntry },
      schema: {
        tags,
        summary: 'Terms, classes and subjects to enter scores for (a teacher gets the ones they teach)',
        response: { 200: resultOptionsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/results/scores',
    {
      config: { policy: policy.readScoreEntry },
      schema: {
        tags,
        summary: "A class's score grid for a subject and term, with totals, grades and positions",
        querystring: sheetQuery,
        response: { 200: scoreSheetResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getSheet(app, ctxOf(request), request.query),
  );

  app.put(
    '/api/results/scores',
    {
      config: { policy: policy.enterScores },
      schema: {
        tags,
        summary:
          'Save a whole score grid at once (all rows or none); closed to teachers once the results are published. With `baseVersion` (the version of the sheet the scores were typed on), scores saved meanwhile by someone else answer 409 with the sheet as saved now.',
        body: scoreBatchSchema,
        response: { 200: scoreSheetResponse, 404: apiErrorResponse, 409: scoreSheetConflictResponse },
      },
    },
    async (request) => service.saveSheet(app, ctxOf(request), request.body),
  );

  app.get(
    '/api/results/scores/template',
    {
      config: { policy: policy.readScoreEntry },
      schema: { tags, summary: TEMPLATE_SUMMARY, querystring: templateQuery, response: { 200: templateResponse, 404: apiErrorResponse } },
    },
    async (request, reply) => {
      const { format, ...place } = request.query;
      return sendDownload(reply, await upload.scoreTemplate(app, ctxOf(request), place, format));
    },
  );

  app.post(
    '/api/results/scores/upload',
    {
      config: { policy: policy.enterScores },
      schema: {
        tags,
        summary: `${UPLOAD_SUMMARY} Closed to teachers once the results are published.`,
        consumes: ['multipart/form-data'],
        response: { 200: scoreSheetResponse, 400: scoreUploadRefusalResponse, 404: apiErrorResponse },
      },
    },
    async (request) => {
      const { place, file } = await upload.readScoreUpload(request);
      return upload.uploadScores(app, ctxOf(request), place, file);
    },
  );

  // ------------------------------------------------------------ records (administrators)
  app.get(
    '/api/records/results/options',
    {
      config: { policy: policy.readRecords },
      schema: {
        tags,
        summary: 'Terms, classes and subjects of the selected session (administrators)',
        response: { 200: resultOptionsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/records/results',
    {
      config: { policy: policy.readRecords },
      schema: {
        tags,
        summary: "A class's broadsheet for a term: every student × subject, totals, averages and positions",
        querystring: placeQuery,
        response: { 200: broadsheetResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.broadsheetView(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/records/results/csv',
    {
      config: { policy: policy.readRecords },
      schema: {
        tags,
        summary: "A class's broadsheet for a term as CSV",
        querystring: placeQuery,
        response: {
          200: fileResponse('text/csv', 'The broadsheet: one row per student by position, then class average, highest and lowest'),
          404: apiErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const results = await service.broadsheet(app, ctxOf(request), request.query);
      const name = `${results.className} ${results.termName} term ${results.sessionName}`.replace(/[^A-Za-z0-9]+/g, '-');
      return sendDownload(reply, { type: CSV_TYPE, name: `broadsheet-${name}.csv`, body: service.broadsheetCsv(results) });
    },
  );

  app.get(
    '/api/records/results/scores',
    {
      config: { policy: policy.readRecords },
      schema: {
        tags,
        summary: "Any class's score grid for a subject and term (administrators)",
        querystring: sheetQuery,
        response: { 200: scoreSheetResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.getSheet(app, ctxOf(request), request.query),
  );

  app.put(
    '/api/records/results/scores',
    {
      config: { policy: policy.correctScores },
      schema: {
        tags,
        summary:
          'Save a whole score grid (administrators, published or not; audited with before and after). With `baseVersion` (the version of the sheet the scores were typed on), scores saved meanwhile by someone else answer 409 with the sheet as saved now.',
        body: scoreBatchSchema,
        response: { 200: scoreSheetResponse, 404: apiErrorResponse, 409: scoreSheetConflictResponse },
      },
    },
    async (request) => service.saveSheet(app, ctxOf(request), request.body),
  );

  app.get(
    '/api/records/results/scores/template',
    {
      config: { policy: policy.readRecords },
      schema: { tags, summary: `${TEMPLATE_SUMMARY} (administrators)`, querystring: templateQuery, response: { 200: templateResponse, 404: apiErrorResponse } },
    },
    async (request, reply) => {
      const { format, ...place } = request.query;
      return sendDownload(reply, await upload.scoreTemplate(app, ctxOf(request), place, format));
    },
  );

  app.post(
    '/api/records/results/scores/upload',
    {
      config: { policy: policy.correctScores },
      schema: {
        tags,
        summary: `${UPLOAD_SUMMARY} Administrators, published or not; audited with before and after.`,
        consumes: ['multipart/form-data'],
        response: { 200: scoreSheetResponse, 400: scoreUploadRefusalResponse, 404: apiErrorResponse },
      },
    },
    async (request) => {
      const { place, file } = await upload.readScoreUpload(request);
      return upload.uploadScores(app, ctxOf(request), place, file);
    },
  );

  app.get(
    '/api/records/results/broadsheet/template',
    {
      config: { policy: policy.readRecords },
      schema: {
        tags,
        summary: BROADSHEET_TEMPLATE_SUMMARY,
        querystring: broadsheetTemplateQuery,
        response: { 200: templateResponse, 400: apiErrorResponse, 404: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const { format, ...place } = request.query;
      return sendDownload(reply, await broadsheetUpload.broadsheetTemplate(app, ctxOf(request), place, format));
    },
  );

  app.post(
    '/api/records/results/broadsheet/upload',
    {
      config: { policy: policy.correctScores },
      schema: {
        tags,
        summary: BROADSHEET_UPLOAD_SUMMARY,
        consumes: ['multipart/form-data'],
        response: { 200: broadsheetUploadResponse, 400: scoreUploadRefusalResponse, 404: apiErrorResponse },
      },
    },
    async (request) => {
      const { place, file } = await broadsheetUpload.readBroadsheetUpload(request);
      return broadsheetUpload.uploadBroadsheet(app, ctxOf(request), place, file);
    },
  );

  app.post(
    '/api/records/results/publish',
    {
      config: { policy: policy.setPublication },
      schema: {
        tags,
        summary:
          "Publish a term's results: of one class, or without classId of every class of the session. Each class's results are kept as computed now; a subject without any score answers 409 listing them unless allowUnscored",
        body: publication,
        response: { 200: publicationResponse, 400: apiErrorResponse, 404: apiErrorResponse, 409: unscoredSubjectsResponse },
      },
    },
    async (request) => service.setPublication(app, ctxOf(request), request.body, 'publish'),
  );

  app.post(
    '/api/records/results/republish',
    {
      config: { policy: policy.setPublication },
      schema: {
        tags,
        summary:
          'Publish again what is already published (of one class, or without classId of every published class), with the scores as corrected since: audited with each student whose average or position moved',
        body: publication,
        response: { 200: publicationResponse, 400: apiErrorResponse, 404: apiErrorResponse, 409: unscoredSubjectsResponse },
      },
    },
    async (request) => service.setPublication(app, ctxOf(request), request.body, 'republish'),
  );

  app.post(
    '/api/records/results/unpublish',
    {
      config: { policy: policy.setPublication },
      schema: {
        tags,
        summary: "Withdraw a term's published results: of one class, or without classId of every class",
        body: publication,
        response: { 200: publicationResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.setPublication(app, ctxOf(request), request.body, 'unpublish'),
  );

  app.get(
    '/api/records/grades',
    {
      config: { policy: policy.readRecords },
      schema: {
        tags,
        summary: 'The grading scale in use and the grade distribution per subject of a class and term',
        querystring: placeQuery,
        response: { 200: gradeDistributionResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.gradeDistribution(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/records/transcript/:studentId',
    {
      config: { policy: policy.readTranscript },
      schema: { tags, summary: "A student's transcript: every session and term with results", params: studentParams, response: { 200: transcriptResponse } },
    },
    async (request) => service.transcript(app.db, ctxOf(request), request.params.studentId),
  );

  // ------------------------------------------------------------ the approval chain (ADR 0032)
  app.get(
    '/api/results/approval-steps',
    {
      config: { policy: policy.readSettings },
      schema: {
        tags,
        summary: 'Which approval steps the school uses before results publish (none until saved). Super administrators name the school',
        querystring: schoolQuery,
        response: { 200: approvalStepsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.readApprovalSteps(app, ctxOf(request), request.query.schoolId),
  );

  app.put(
    '/api/results/approval-steps',
    {
      config: { policy: policy.editSettings },
      schema: {
        tags,
        summary: 'Switch approval steps on or off: subject teachers submit sheets, the class teacher reviews, the principal approves',
        querystring: schoolQuery,
        body: approvalStepsSchema,
        response: { 200: approvalStepsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.updateApprovalSteps(app, ctxOf(request), request.query.schoolId, request.body),
  );

  app.get(
    '/api/results/approvals',
    {
      config: { policy: policy.readApprovals },
      schema: {
        tags,
        summary:
          "Where each class's results of a term stand in the approval chain (the selected session's current term without termId): administrators every class, teachers the classes they teach or are class teacher of",
        querystring: z.object({
          termId: z
            .string()
            .optional()
            .transform((id) => (id ? lookupId(id) : undefined)),
        }),
        response: { 200: approvalsResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.listApprovals(app, ctxOf(request), request.query.termId),
  );

  const moved = z.object({ submitted: z.boolean().optional(), returned: z.boolean().optional(), reviewed: z.boolean().optional() });
  // each move twice: a teacher's route (assessments) and an administrator's for anybody (records), as with scores
  function move<S extends z.ZodType>(
    path: string,
    policies: readonly [RoutePolicy, RoutePolicy],
    summary: string,
    body: S,
    run: (app: FastifyInstance, ctx: RequestContext, input: z.output<S>) => Promise<z.infer<typeof moved>>,
  ) {
    for (const [prefix, routePolicy] of [
      ['/api/results', policies[0]],
      ['/api/records/results', policies[1]],
    ] as const)
      app.post(
        `${prefix}/${path}`,
        {
          config: { policy: routePolicy },
          schema: {
            tags,
            summary,
            body,
            response: { 200: moved, 400: apiErrorResponse, 403: apiErrorResponse, 404: apiErrorResponse, 409: apiErrorResponse },
          },
        },
        async (request) => run(app, ctxOf(request), request.body as z.output<S>),
      );
  }
  move(
    'sheets/submit',
    [policy.submitSheet, policy.submitAnySheet],
    "Submit a class's sheet (its subject teacher, or an administrator through /api/records): closed to the teacher until the class teacher returns it",
    submitSheetSchema,
    service.submitSheet,
  );
  move(
    'sheets/return',
    [policy.reviewClass, policy.reviewAnyClass],
    "Return a submitted sheet with a note (its class teacher, or an administrator through /api/records); the class's review and approval are undone",
    returnSheetSchema,
    service.returnSheet,
  );
  move(
    'approvals/review',
    [policy.reviewClass, policy.reviewAnyClass],
    'Mark the class reviewed (its class teacher, or an administrator through /api/records); 409 listing the subjects not submitted when sheets are submitted',
    reviewClassSchema,
    service.reviewClass,
  );

  app.post(
    '/api/results/approvals/approve',
    {
      config: { policy: policy.approveClasses },
      schema: {
        tags,
        summary: 'The principal approves classes of a term, named or a whole level: those through the earlier steps are approved, the others listed with why',
        body: approveClassesSchema,
        response: { 200: approveClassesResponse, 400: apiErrorResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.approveClasses(app, ctxOf(request), request.body),
  );

  app.post(
    '/api/results/approvals/return',
    {
      config: { policy: policy.approveClasses },
      schema: {
        tags,
        summary: 'The principal returns a reviewed or approved class to its class teacher with a note',
        body: returnClassSchema,
        response: { 200: moved, 400: apiErrorResponse, 404: apiErrorResponse },
      },
    },
    async (request) => service.returnClass(app, ctxOf(request), request.body),
  );

  // ------------------------------------------------------------ one student (students, parents, administrators)
  app.get(
    '/api/results/students/:studentId',
    {
      config: { policy: policy.readStudentResults },
      schema: {
        tags,
        summary:
          "A student's results per term: students and parents see only published terms of their own (children's) records, and get 402 with what is owed while the school's fee gate withholds them",
        params: studentParams,
        response: { 200: studentResultsResponse, 402: feesOwedResponse },
      },
    },
    async (request) => service.studentResults(app.db, ctxOf(request), request.params.studentId),
  );
}
