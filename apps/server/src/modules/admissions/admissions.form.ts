import { BIRTH_CERTIFICATE_FIELD, BIRTH_CERTIFICATE_LABEL } from '@school/shared/admissions/schemas';
import { BIRTH_CERTIFICATE_UPLOAD } from '@school/shared/constants';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/http-errors';
import { readLimited } from '../../lib/uploads';
import type { BirthCertificateFile } from './admissions.service';

export interface ApplicationForm {
  fields: Record<string, unknown>;
  file: BirthCertificateFile | null;
}

/**
 * The application request: multipart/form-data with the text fields, `token` and the
 * `birthCertificate` file (read whole, refused past 5 MB); or JSON, which cannot carry the file.
 */
export async function readApplicationForm(request: FastifyRequest): Promise<ApplicationForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {}, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: BirthCertificateFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== BIRTH_CERTIFICATE_FIELD) {
        part.file.resume();
        throw badRequest(`Unexpected file field ${part.fieldname}`, { [part.fieldname]: 'Only a birth certificate may be uploaded' });
      }
      const bytes = await readLimited(part, BIRTH_CERTIFICATE_UPLOAD.maxBytes, BIRTH_CERTIFICATE_LABEL);
      // a form whose file input was left empty sends a nameless, empty part: no file
      if (bytes.length > 0 || part.filename) file = { bytes, filename: part.filename };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
