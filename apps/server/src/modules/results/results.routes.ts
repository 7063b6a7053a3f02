import { scoreBatchSchema } from '@school/shared/results/scores';
import { resultSettingsSchema } from '@school/shared/results/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../policies/context';
import { resultsPolicy as policy } from '../../policies/results';
import * as service from './results.service';

const tags = ['results'];
const num = z.number().nullable();
const maxima = z.object({ test1: z.number(), test2: z.number(), assignment: z.number(), exam: z.number() });
const band = z.object({ min: z.number(), max: z.number(), grade: z.string(), point: z.number(), remark: z.string() });
const settings = z.object({ schoolId: z.string(), maxima, gradingScale: z.array(band), passMark: z.number(), requirePin: z.boolean(), saved: z.boolean() });
const subjectResult = z.object({
  subjectId: z.string(),
  test1: num,
  test2: num,
  assignment: num,
  exam: num,
  total: num,
  grade: z.string().nullable(),
  point: num,
  remark: z.string().nullable(),
  position: num,
  incomplete: z.boolean(),
});
const classTermResults = z.object({
  classId: z.string(),
  className: z.string(),
  termId: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  published: z.boolean(),
  maxima,
  subjects: z.array(z.object({ subjectId: z.string(), subjectName: z.string(), classAverage: num, highest: num, lowest: num })),
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      admissionNumber: z.string().nullable(),
      subjects: z.array(subjectResult),
      total: z.number(),
      average: num,
      position: num,
      subjectsTaken: z.number(),
    }),
  ),
  classAverage: num,
  studentCount: z.number(),
});
const sheet = z.object({
  termId: z.string(),
  termName: z.string(),
  classId: z.string(),
  className: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  maxima,
  published: z.boolean(),
  canEdit: z.boolean(),
  lockedReason: z.string().nullable(),
  rows: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      admissionNumber: z.string().nullable(),
      test1: num,
      test2: num,
      assignment: num,
      exam: num,
      total: num,
      grade: z.string().nullable(),
      remark: z.string().nullable(),
      position: num,
      incomplete: z.boolean(),
    }),
  ),
  classAverage: num,
  highest: num,
  lowest: num,
});
const options = z.object({
  academicSessionId: z.string().nullable(),
  terms: z.array(z.object({ id: z.string(), name: z.string(), isCurrent: z.boolean() })),
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  subjects: z.array(z.object({ id: z.string(), name: z.string() })),
  classSubjects: z.array(z.object({ classId: z.string(), subjectId: z.string() })),
});
const studentTerm = z.object({
  termId: z.string(),
  termName: z.string(),
  sessionName: z.string(),
  classId: z.string(),
  className: z.string(),
  published: z.boolean(),
  maxima,
  subjects: z.array(subjectResult.extend({ subjectName: z.string(), classAverage: num, highest: num, lowest: num })),
  total: z.number(),
  average: num,
  position: num,
  subjectsTaken: z.number(),
  studentCount: z.number(),
  classAverage: num,
});
const studentResults = z.object({ studentId: z.string(), name: z.string(), admissionNumber: z.string().nullable(), terms: z.array(studentTerm) });
const transcript = z.object({
  studentId: z.string(),
  name: z.string(),
  admissionNumber: z.string().nullable(),
  sessions: z.array(z.object({ sessionName: z.string(), className: z.string(), cumulativeAverage: num, terms: z.array(studentTerm) })),
});
const placeQuery = z.object({ classId: z.string(), termId: z.string() });
const sheetQuery = placeQuery.extend({ subjectId: z.string() });
const publication = z.object({ termId: z.string(), classId: z.string().optional() });
const publicationResult = z.object({ termId: z.string(), classIds: z.array(z.string()), published: z.boolean() });
const schoolQuery = z.object({ schoolId: z.string().optional() });
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
        response: { 200: settings },
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
        response: { 200: settings },
      },
    },
    async (request) => service.updateSettings(app, ctxOf(request), request.query.schoolId, request.body),
  );

  // ------------------------------------------------------------ score entry (teachers)
  app.get(
    '/api/results/options',
    {
      config: { policy: policy.readScoreEntry },
      schema: { tags, summary: 'Terms, classes and subjects to enter scores for (a teacher gets the ones they teach)', response: { 200: options } },
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
        response: { 200: sheet },
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
        summary: 'Save a whole score grid at once (all rows or none); closed to teachers once the results are published',
        body: scoreBatchSchema,
        response: { 200: sheet },
      },
    },
    async (request) => service.saveSheet(app, ctxOf(request), request.body),
  );

  // ------------------------------------------------------------ records (administrators)
  app.get(
    '/api/records/results/options',
    {
      config: { policy: policy.readRecords },
      schema: { tags, summary: 'Terms, classes and subjects of the selected session (administrators)', response: { 200: options } },
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
        response: { 200: classTermResults },
      },
    },
    async (request) => service.broadsheet(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/records/results/csv',
    {
      config: { policy: policy.readRecords },
      schema: { tags, summary: "A class's broadsheet for a term as CSV", querystring: placeQuery },
    },
    async (request, reply) => {
      const results = await service.broadsheet(app, ctxOf(request), request.query);
      const name = `${results.className} ${results.termName} term ${results.sessionName}`.replace(/[^A-Za-z0-9]+/g, '-');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="broadsheet-${name}.csv"`)
        .send(service.broadsheetCsv(results));
    },
  );

  app.get(
    '/api/records/results/scores',
    {
      config: { policy: policy.readRecords },
      schema: { tags, summary: "Any class's score grid for a subject and term (administrators)", querystring: sheetQuery, response: { 200: sheet } },
    },
    async (request) => service.getSheet(app, ctxOf(request), request.query),
  );

  app.put(
    '/api/records/results/scores',
    {
      config: { policy: policy.correctScores },
      schema: {
        tags,
        summary: 'Save a whole score grid (administrators, published or not; audited with before and after)',
        body: scoreBatchSchema,
        response: { 200: sheet },
      },
    },
    async (request) => service.saveSheet(app, ctxOf(request), request.body),
  );

  app.post(
    '/api/records/results/publish',
    {
      config: { policy: policy.setPublication },
      schema: {
        tags,
        summary: "Publish a term's results: of one class, or without classId of every class of the session",
        body: publication,
        response: { 200: publicationResult },
      },
    },
    async (request) => service.setPublication(app, ctxOf(request), request.body, true),
  );

  app.post(
    '/api/records/results/unpublish',
    {
      config: { policy: policy.setPublication },
      schema: {
        tags,
        summary: "Withdraw a term's published results: of one class, or without classId of every class",
        body: publication,
        response: { 200: publicationResult },
      },
    },
    async (request) => service.setPublication(app, ctxOf(request), request.body, false),
  );

  app.get(
    '/api/records/grades',
    {
      config: { policy: policy.readRecords },
      schema: {
        tags,
        summary: 'The grading scale in use and the grade distribution per subject of a class and term',
        querystring: placeQuery,
        response: {
          200: z.object({
            className: z.string(),
            termName: z.string(),
            sessionName: z.string(),
            scale: z.array(band),
            passMark: z.number(),
            subjects: z.array(
              z.object({ subjectId: z.string(), subjectName: z.string(), counts: z.record(z.string(), z.number()), graded: z.number(), passed: z.number() }),
            ),
          }),
        },
      },
    },
    async (request) => service.gradeDistribution(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/records/transcript/:studentId',
    {
      config: { policy: policy.readTranscript },
      schema: { tags, summary: "A student's transcript: every session and term with results", params: studentParams, response: { 200: transcript } },
    },
    async (request) => service.transcript(app.db, ctxOf(request), request.params.studentId),
  );

  // ------------------------------------------------------------ one student (students, parents, administrators)
  app.get(
    '/api/results/students/:studentId',
    {
      config: { policy: policy.readStudentResults },
      schema: {
        tags,
        summary: "A student's results per term: students and parents see only published terms of their own (children's) records",
        params: studentParams,
        response: { 200: studentResults },
      },
    },
    async (request) => service.studentResults(app.db, ctxOf(request), request.params.studentId),
  );
}
