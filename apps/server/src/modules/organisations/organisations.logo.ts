/** The school's logo (printed on its report cards): uploaded and removed by its administrators or the organisation's owners. */
import fs from 'node:fs/promises';
import { SCHOOL_LOGO_UPLOAD } from '@school/shared/organisations/schemas';
import type { SchoolLogo } from '@school/shared/organisations/responses';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import { saveUpload, uploadPath, uploadUrl } from '../../lib/uploads';
import type { RequestUser } from '../../types';
import { SCHOOL_NOT_FOUND, scopeOf } from './organisations.common';
import * as repo from './organisations.repository';

async function schoolOf(app: FastifyInstance, user: RequestUser, schoolId: string) {
  const school = await repo.findSchoolInScope(app.db, scopeOf(user), schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  return school;
}

export async function getSchoolLogo(app: FastifyInstance, user: RequestUser, schoolId: string): Promise<SchoolLogo> {
  const school = await schoolOf(app, user, schoolId);
  return { logoUrl: uploadUrl(school.logoUploadId) };
}

/**
 * Sets the school's logo (PNG or JPEG, checked and re-encoded by lib/uploads.ts) or, with `file` null,
 * removes it; the upload it replaces is deleted, its file once the change is committed. Audited.
 */
export async function changeSchoolLogo(
  app: FastifyInstance,
  user: RequestUser,
  schoolId: string,
  file: { bytes: Buffer; filename: string } | null,
  ip: string,
): Promise<SchoolLogo> {
  const school = await schoolOf(app, user, schoolId);
  let writtenKey: string | null = null;
  try {
    const { logoUploadId, oldKey } = await app.db.transaction(async (tx) => {
      const before = await repo.lockSchoolLogo(tx, school.id);
      const upload = file
        ? await saveUpload(app, tx, {
            bytes: file.bytes,
            field: SCHOOL_LOGO_UPLOAD.field,
            originalName: file.filename || 'logo',
            purpose: 'school-logo',
            allowed: ['png', 'jpeg'],
            maxBytes: SCHOOL_LOGO_UPLOAD.maxBytes,
            label: SCHOOL_LOGO_UPLOAD.label,
            organisationId: user.organisationId,
            schoolId: school.id,
            uploadedByUserId: user.id,
          })
        : null;
      writtenKey = upload?.storageKey ?? null;
      const after = upload?.id ?? null;
      if (before === after) return { logoUploadId: after, oldKey: null };
      await repo.setSchoolLogo(tx, school.id, after);
      const oldKey = before ? await repo.deleteUpload(tx, school.id, before) : null;
      await audit(tx, {
        organisationId: user.organisationId,
        schoolId: school.id,
        userId: user.id,
        action: upload ? 'school.logo_changed' : 'school.logo_removed',
        entity: 'school',
        entityId: school.id,
        before: { logoUploadId: before },
        after: { logoUploadId: after },
        ip,
      });
      return { logoUploadId: after, oldKey };
    });
    writtenKey = null;
    if (oldKey) await fs.rm(uploadPath(app, oldKey), { force: true });
    return { logoUrl: uploadUrl(logoUploadId) };
  } catch (error) {
    if (writtenKey) await fs.rm(uploadPath(app, writtenKey), { force: true });
    throw error;
  }
}
