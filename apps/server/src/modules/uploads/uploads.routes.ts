import fs from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploads } from '../../db/schema';
import { ctxOf } from '../../policies/context';
import { uploadsPolicy } from '../../policies/uploads';
import { notFound } from '../../lib/http-errors';
import { fileResponse } from '../../lib/contracts';
import { downloadName, MIME_TYPES, uploadPath } from '../../lib/uploads';
import { schoolIdsOf } from '../../lib/schools';
import { sendDownload } from '../../lib/downloads';

/** The file, sent as a download of the kind it was checked to be on upload (PDF, PNG, JPEG or DOCX). */
const uploadedFile = {
  description: 'The uploaded file, as a download',
  content: Object.fromEntries(Object.values(MIME_TYPES).map((type) => [type, fileResponse(type, '').content[type]])),
};

export default async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/uploads/:id',
    {
      config: { policy: uploadsPolicy.open },
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded file, to signed-in users of its school',
        params: z.object({ id: z.string().uuid('Not found') }),
        response: { 200: uploadedFile },
      },
    },
    async (request, reply) => {
      // the route's policy has checked that this actor may open this file (src/policies/uploads.ts); it is
      // of the actor's school or, for an owner, of one of the organisation's schools
      const ctx = ctxOf(request);
      const schoolIds = await schoolIdsOf(app.db, ctx);
      const [row] = schoolIds.length
        ? await app.db
            .select({ upload: uploads })
            .from(uploads)
            .where(and(inArray(uploads.schoolId, schoolIds), eq(uploads.id, request.params.id)))
            .limit(1)
        : [];
      if (!row) throw notFound('File not found');
      const file = uploadPath(app, row.upload.storageKey);
      if (!fs.existsSync(file)) throw notFound('File not found');
      // always a download of the checked kind: never rendered in the app's origin (an <img> still shows an image)
      // the body is a stream (the file response's schema describes bytes, which the typed reply reads as a string)
      (reply as FastifyReply).header('x-content-type-options', 'nosniff');
      return sendDownload(reply as FastifyReply, {
        type: row.upload.mimeType,
        name: downloadName(row.upload.originalName, row.upload.mimeType),
        body: fs.createReadStream(file),
        cache: 'private, max-age=3600',
      });
    },
  );
}
