import { BIRTH_CERTIFICATE_FIELD, BIRTH_CERTIFICATE_LABEL, IMPORT_FILE_FIELD, IMPORT_MAX_BYTES } from '@school/shared/admissions/schemas';
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

export const CHOOSE_CSV = 'Choose a CSV file to import';

/** The import request: multipart with the CSV `file` (≤ 2 MB), `mode` and `dryRun`. */
export async function readImportForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file: { bytes: Buffer; filename: string } | null }> {
  if (!request.isMultipart()) throw badRequest(CHOOSE_CSV, { file: CHOOSE_CSV });
  const fields: Record<string, unknown> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMPORT_FILE_FIELD || file) {
        part.file.resume();
        throw badRequest('Send one CSV file', { file: 'Send one CSV file' });
      }
      const bytes = await readLimited(part, IMPORT_MAX_BYTES, 'The CSV file');
      if (bytes.length > 0 || part.filename) file = { bytes, filename: part.filename };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
