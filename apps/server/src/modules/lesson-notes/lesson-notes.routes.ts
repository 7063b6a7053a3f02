import { apiErrorResponse, noContentResponse } from '@school/shared/http';
import { lessonNoteDetailResponse, lessonNoteListResponse, lessonNoteOptionsResponse } from '@school/shared/lesson-notes/responses';
import { LESSON_NOTE_LIMITS, lessonNoteListQuerySchema, lessonNoteSchema, reviewLessonNoteSchema } from '@school/shared/lesson-notes/schemas';
import { validate } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors';
import { readLimited } from '../../lib/uploads';
import { ctxOf } from '../../policies/context';
import { lessonNotesPolicy as policy } from '../../policies/lesson-notes';
import * as service from './lesson-notes.service';

const tags = ['lesson notes'];
const idParams = z.object({ id: z.string() });
const NOTE_FORM =
  'multipart/form-data with the fields classId, subjectId, termId, week, title, body and an optional file "attachment" (PDF or DOCX, at most 10 MB); or the same fields as JSON without a file';

/**
 * The note's fields and its optional attachment, from a multipart form or a JSON body. Fields are
 * checked with the shared schema (400 with every field's message) before anything is written.
 */
async function readNoteRequest(request: FastifyRequest) {
  let fields: Record<string, unknown> = {};
  let file: service.Attachment | null = null;
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await readLimited(part, LESSON_NOTE_LIMITS.attachmentMaxBytes, 'Attachment');
        // an empty file input still sends a part, without a name or bytes
        if (part.fieldname === 'attachment' && (bytes.length > 0 || part.filename)) file = { bytes, filename: part.filename };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } else if (request.body && typeof request.body === 'object') {
    fields = request.body as Record<string, unknown>;
  }
  const result = validate(lessonNoteSchema, fields);
  if (!result.success) throw badRequest(Object.values(result.errors)[0], result.errors);
  const remove = fields.removeAttachment;
  return { input: result.data, file, removeAttachment: remove === true || remove === 'true' };
}

export default async function lessonNoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/lesson-notes',
    {
      config: { policy: policy.list },
      schema: {
        tags,
        summary: "Lesson notes of the selected session: a teacher's own, or (administrators) the school's submitted ones",
        querystring: lessonNoteListQuerySchema,
        response: { 200: lessonNoteListResponse },
      },
    },
    async (request) => service.listNotes(app, ctxOf(request), request.query),
  );

  app.get(
    '/api/lesson-notes/options',
    {
      config: { policy: policy.readOptions },
      schema: {
        tags,
        summary: 'Terms, classes, subjects (and teachers, for reviewers) to write or filter notes with; a teacher gets only what they teach',
        response: { 200: lessonNoteOptionsResponse },
      },
    },
    async (request) => service.getOptions(app, ctxOf(request)),
  );

  app.get(
    '/api/lesson-notes/:id',
    {
      config: { policy: policy.read },
      schema: { tags, summary: 'One lesson note with its body, attachment and review', params: idParams, response: { 200: lessonNoteDetailResponse } },
    },
    async (request) => service.getNote(app, ctxOf(request), request.params.id),
  );

  app.post(
    '/api/lesson-notes',
    {
      config: { policy: policy.create },
      schema: {
        tags,
        summary: `Write a Draft lesson note for a class and subject you teach (${NOTE_FORM})`,
        response: {
          201: lessonNoteDetailResponse,
          // 404: the class, subject or term it names; 409: a note of that class, subject, term and week exists
          404: apiErrorResponse,
          409: apiErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { input, file } = await readNoteRequest(request);
      const note = await service.createNote(app, ctxOf(request), input, file);
      return reply.status(201).send(note);
    },
  );

  app.put(
    '/api/lesson-notes/:id',
    {
      config: { policy: policy.edit },
      schema: {
        tags,
        summary: `Edit your Draft or Rejected note (${NOTE_FORM}; removeAttachment=true drops the file). Submitted and Approved notes answer 409`,
        params: idParams,
        // 409: not Draft or Rejected, or another note has that class, subject, term and week
        response: { 200: lessonNoteDetailResponse, 409: apiErrorResponse },
      },
    },
    async (request) => {
      const { input, file, removeAttachment } = await readNoteRequest(request);
      return service.updateNote(app, ctxOf(request), request.params.id, input, file, removeAttachment);
    },
  );

  app.post(
    '/api/lesson-notes/:id/submit',
    {
      config: { policy: policy.submit },
      schema: {
        tags,
        summary: 'Submit your Draft or Rejected note for review',
        params: idParams,
        // 409: not Draft or Rejected
        response: { 200: lessonNoteDetailResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.submitNote(app, ctxOf(request), request.params.id),
  );

  app.post(
    '/api/lesson-notes/:id/review',
    {
      config: { policy: policy.review },
      schema: {
        tags,
        summary: 'Approve or reject (with a comment) a Submitted note of your school (administrators)',
        params: idParams,
        body: reviewLessonNoteSchema,
        // 409: not Submitted
        response: { 200: lessonNoteDetailResponse, 409: apiErrorResponse },
      },
    },
    async (request) => service.reviewNote(app, ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/lesson-notes/:id',
    {
      config: { policy: policy.remove },
      schema: {
        tags,
        summary: 'Delete your Draft note',
        params: idParams,
        // 409: not a Draft
        response: { 204: noContentResponse, 409: apiErrorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteNote(app, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
