import {
  assignSubjectToLevelResponse,
  bulkClassesResponse,
  bulkSubjectsResponse,
  classDetailResponse,
  classListResponse,
  studentSubjectsResponse,
  subjectAssignmentResponse,
  subjectListResponse,
  subjectResponse,
  teacherClassesResponse,
  teacherOptionsResponse,
} from '@school/shared/academics/responses';
import {
  assignSubjectSchema,
  assignSubjectToLevelSchema,
  bulkClassesSchema,
  bulkSubjectsSchema,
  changeSubjectTeacherSchema,
  classSchema,
  subjectSchema,
} from '@school/shared/academics/schemas';
import { subjectTeacherImportRefusalResponse, subjectTeacherImportReportResponse } from '@school/shared/academics/subject-teachers-import';
import { importOptionsSchema } from '@school/shared/admissions/schemas';
import { lookupIdField } from '@school/shared/fields';
import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import { validate } from '@school/shared/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { academicsPolicy as policy } from '../../policies/academics';
import { fileResponse } from '../../lib/contracts';
import { sendDownload } from '../../lib/downloads';
import { badRequest } from '../../lib/http-errors';
import { ctxOf } from '../../policies/context';
import * as service from './academics.service';
import { importSubjectTeachers, readSubjectTeacherImportForm, subjectTeachersTemplate } from './academics.teachers-import';

const tags = ['academics'];
const idParams = z.object({ id: z.string() });
/** A user without a school (a super administrator) has no classes or subjects to look at. */
const noSchool = apiErrorResponse.describe('The user has no school');

/**
 * Classes, subjects and who teaches what, in the session the request looks at (x-academic-session).
 * Administrators manage them; teachers, students and guardians see only their own (404 otherwise).
 */
export default async function academicsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/academics/teachers',
    {
      config: { policy: policy.listTeachers },
      schema: { tags, summary: 'The school’s teachers (Teacher-type staff), to choose class and subject teachers', response: { 200: teacherOptionsResponse } },
    },
    async (request) => service.listTeacherOptions(app, ctxOf(request)),
  );

  // ---------------------------------------------------------------- classes

  app.get(
    '/api/academics/classes',
    {
      config: { policy: policy.listClasses },
      schema: {
        tags,
        summary: 'The session’s classes with class teacher, subjects and number of students',
        response: { 200: classListResponse, 404: noSchool },
      },
    },
    async (request) => service.listClasses(app, ctxOf(request)),
  );

  app.post(
    '/api/academics/classes',
    {
      config: { policy: policy.addClass },
      schema: {
        tags,
        summary: 'Add a class (level and arm, unique in the session) with its class teacher',
        body: classSchema,
        response: { 201: classDetailResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createClass(app, ctxOf(request), request.body)),
  );

  app.post(
    '/api/academics/classes/bulk',
    {
      config: { policy: policy.addClasses },
      schema: {
        tags,
        summary: 'Add every arm of several levels in the session at once, without class teachers (existing ones skipped)',
        body: bulkClassesSchema,
        response: { 200: bulkClassesResponse },
      },
    },
    async (request) => service.createClasses(app, ctxOf(request), request.body),
  );

  app.get(
    '/api/academics/classes/:id',
    {
      config: { policy: policy.readClass },
      schema: { tags, summary: 'A class with its subjects and (for staff) its students', params: idParams, response: { 200: classDetailResponse } },
    },
    async (request) => service.getClass(app, ctxOf(request), request.params.id),
  );

  app.put(
    '/api/academics/classes/:id',
    {
      config: { policy: policy.editClass },
      schema: {
        tags,
        summary: 'Change a class’s level, arm or class teacher',
        params: idParams,
        body: classSchema,
        response: { 200: classDetailResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.updateClass(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/academics/classes/:id',
    {
      config: { policy: policy.deleteClass },
      schema: {
        tags,
        summary: 'Delete a class without students (409 while students are enrolled)',
        params: idParams,
        response: { 204: noContentResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteClass(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- subjects

  app.get(
    '/api/academics/subjects',
    {
      config: { policy: policy.listSubjects },
      schema: { tags, summary: 'The school’s subjects with the classes of the session that take them', response: { 200: subjectListResponse, 404: noSchool } },
    },
    async (request) => service.listSubjects(app, ctxOf(request)),
  );

  app.post(
    '/api/academics/subjects',
    {
      config: { policy: policy.addSubject },
      schema: {
        tags,
        summary: 'Add a subject (name and code, each unique in the school)',
        body: subjectSchema,
        response: { 201: subjectResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createSubject(app, ctxOf(request), request.body)),
  );

  app.post(
    '/api/academics/subjects/bulk',
    {
      config: { policy: policy.addSubjects },
      schema: {
        tags,
        summary: 'Add several subjects at once, e.g. from the catalogue (names or codes the school has are skipped)',
        body: bulkSubjectsSchema,
        response: { 200: bulkSubjectsResponse },
      },
    },
    async (request) => service.createSubjects(app, ctxOf(request), request.body),
  );

  app.put(
    '/api/academics/subjects/:id',
    {
      config: { policy: policy.editSubject },
      schema: {
        tags,
        summary: 'Rename a subject or change its code',
        params: idParams,
        body: subjectSchema,
        response: { 200: subjectResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.updateSubject(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/academics/subjects/:id',
    {
      config: { policy: policy.deleteSubject },
      schema: {
        tags,
        summary: 'Delete a subject no class takes (409 otherwise)',
        params: idParams,
        response: { 204: noContentResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteSubject(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/academics/subjects/:id/classes',
    {
      config: { policy: policy.assignSubject },
      schema: {
        tags,
        summary: 'Assign a subject to one or more classes, each with its subject teacher',
        params: idParams,
        body: assignSubjectSchema,
        response: { 200: subjectResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.assignSubject(app, ctxOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/academics/subjects/:id/levels',
    {
      config: { policy: policy.assignSubjectToLevel },
      schema: {
        tags,
        summary: 'Assign a subject to every arm of a level in the session, with a teacher or none yet (arms that take it are left as they are)',
        params: idParams,
        body: assignSubjectToLevelSchema,
        response: { 200: assignSubjectToLevelResponse },
      },
    },
    async (request) => service.assignSubjectToLevel(app, ctxOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/academics/class-subjects/:id',
    {
      config: { policy: policy.changeSubjectTeacher },
      schema: {
        tags,
        summary: 'Change the teacher of a subject in a class',
        params: idParams,
        body: changeSubjectTeacherSchema,
        response: { 200: subjectAssignmentResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.changeSubjectTeacher(app, ctxOf(request), request.params.id, request.body.teacherId),
  );

  app.get(
    '/api/academics/subject-teachers/template',
    {
      config: { policy: policy.subjectTeachersTemplate },
      schema: {
        tags,
        summary:
          'The subject teachers import’s file filled in for a session: the header Class, Subject, Teacher, then one row per subject taught in each class of the session (in school order, then by subject name) with its teacher now — email, else name, else empty. Uploaded back unchanged it changes nothing. A session of another school: 404.',
        querystring: z.object({ sessionId: lookupIdField('Choose an academic session') }),
        response: {
          200: fileResponse('text/csv', 'Class, Subject, Teacher; one row per subject of each class of the session'),
          404: apiErrorResponse,
        },
      },
    },
    async (request, reply) => sendDownload(reply, await subjectTeachersTemplate(app, ctxOf(request), request.query.sessionId)),
  );

  app.post(
    '/api/academics/subject-teachers/import',
    {
      config: { policy: policy.importSubjectTeachers },
      schema: {
        tags,
        summary:
          'Set subject teachers from a file (multipart: `file` ≤ 2 MB, CSV UTF-8 or Excel .xlsx, with the header Class, Subject, Teacher; `mode` all-or-nothing | valid-rows-only; `?preview=true` (or `dryRun=true`) checks and writes nothing). Class as the class list shows it (e.g. JSS 1 A) in the request’s session; subject by name or code; teacher by email or full name (an active Teacher). A subject the class does not take yet is added to it; a row with an empty Teacher is skipped (outcome `skipped`), so the session’s template (GET /api/academics/subject-teachers/template) goes back unchanged. Answers a row-by-row report with how many teachers changed, were already so and were added; all-or-nothing with a wrong row: 400 with the report and nothing written. One transaction, audited.',
        consumes: ['multipart/form-data'],
        querystring: z.object({ preview: z.string().optional() }),
        response: { 200: subjectTeacherImportReportResponse, 400: subjectTeacherImportRefusalResponse, 404: noSchool, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      const form = await readSubjectTeacherImportForm(request);
      const options = validate(importOptionsSchema, form.fields);
      if (!options.success) throw badRequest(Object.values(options.errors)[0], options.errors);
      const preview = request.query.preview;
      const dryRun = options.data.dryRun || preview === 'true' || preview === '1';
      const outcome = await importSubjectTeachers(app, ctxOf(request), { ...form.file, mode: options.data.mode, dryRun });
      if (outcome.statusCode === 400) {
        return reply
          .status(400)
          .send({ statusCode: 400, error: 'Bad Request', message: outcome.message!, errors: { file: outcome.message! }, ...outcome.report });
      }
      return outcome.report;
    },
  );

  app.delete(
    '/api/academics/class-subjects/:id',
    {
      config: { policy: policy.removeClassSubject },
      schema: {
        tags,
        summary: 'Stop teaching a subject in a class (409 once it has results or periods)',
        params: idParams,
        response: { 204: noContentResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      await service.removeClassSubject(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- one student's subjects, one teacher's classes

  app.get(
    '/api/students/:id/subjects',
    {
      config: { policy: policy.readStudentSubjects },
      schema: {
        tags,
        summary: 'A student’s subjects and teachers in their class of the session (students: their own; guardians: their children)',
        params: idParams,
        response: { 200: studentSubjectsResponse },
      },
    },
    async (request) => service.studentSubjects(app, ctxOf(request), request.params.id),
  );

  app.get(
    '/api/teachers/me/classes',
    {
      config: { policy: policy.teacherClasses },
      schema: {
        tags,
        summary: 'The classes a teacher is class teacher of or teaches in, with their subjects there (administrators: every class)',
        response: { 200: teacherClassesResponse },
      },
    },
    async (request) => service.teacherClasses(app, ctxOf(request)),
  );
}
