import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schools, uploads } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { uploadPath } from '../../lib/uploads';

/** Purposes only a school's staff may open (an applicant's birth certificate, a payment proof, a teacher's lesson note). */
const STAFF_ONLY_PURPOSES = new Set(['birth-certificate', 'payment-proof', 'lesson-note']);
const STAFF_ROLES = new Set(['super_admin', 'admin', 'teacher']);

export default async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/uploads/:id',
    {
      config: { signedIn: true },
      schema: { tags: ['uploads'], summary: 'An uploaded file, to signed-in users of its school', params: z.object({ id: z.string().uuid('Not found') }) },
    },
    async (request, reply) => {
      const user = request.user!;
      const [row] = await app.db
        .select({ upload: uploads, organisationId: schools.organisationId })
        .from(uploads)
        .leftJoin(schools, eq(schools.id, uploads.schoolId))
        .where(eq(uploads.id, request.params.id))
        .limit(1);
      const sameSchool = row && (user.role === 'super_admin' ? row.upload.organisationId === user.organisationId : row.upload.schoolId === user.schoolId);
      if (!row || !sameSchool) throw notFound('File not found');
      if (STAFF_ONLY_PURPOSES.has(row.upload.purpose) && !STAFF_ROLES.has(user.role)) throw notFound('File not found');
      const file = uploadPath(app, row.upload.storageKey);
      if (!fs.existsSync(file)) throw notFound('File not found');
      const safeName = row.upload.originalName.replace(/[^\w.\- ]+/g, '_');
      return reply
        .header('content-type', row.upload.mimeType)
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    },
  );
}
