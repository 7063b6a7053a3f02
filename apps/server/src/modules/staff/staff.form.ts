import { STAFF_PHOTO_UPLOAD } from '@school/shared/staff/schemas';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/http-errors';
import { readLimited } from '../../lib/uploads';
import type { PhotoFile } from './staff.service';

export interface StaffForm {
  fields: Record<string, unknown>;
  photo: PhotoFile | null;
}

/**
 * The add-staff / edit-profile request: multipart/form-data with the text fields and an optional
 * `photo` file (read whole, refused past 2 MB), or plain JSON without a photo.
 */
export async function readStaffForm(request: FastifyRequest): Promise<StaffForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, photo: null };
  }
  const fields: Record<string, unknown> = {};
  let photo: PhotoFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== STAFF_PHOTO_UPLOAD.field) {
        part.file.resume();
        throw badRequest(`Unexpected file field ${part.fieldname}`, { [part.fieldname]: 'Only a photo may be uploaded' });
      }
      const bytes = await readLimited(part, STAFF_PHOTO_UPLOAD.maxBytes, STAFF_PHOTO_UPLOAD.label);
      // a form whose file input was left empty sends a nameless, empty part: no photo
      if (bytes.length > 0 || part.filename) photo = { bytes, filename: part.filename };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, photo };
}

/** A multipart or JSON flag: true, 'true', '1' or 'on'. */
export function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['true', '1', 'on'].includes(value.trim().toLowerCase()));
}
