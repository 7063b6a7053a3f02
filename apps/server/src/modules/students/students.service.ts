import fs from 'node:fs/promises';
import { STUDENT_PHOTO_UPLOAD, type StudentDetailsValues, type StudentOwnProfileValues } from '@school/shared/students/schemas';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { saveUpload, uploadPath, uploadUrl } from '../../lib/uploads';
import type { RequestUser } from '../../types';
import { studentSnapshot } from './students.presenter';
import * as repo from './students.repository';

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
}

/** An administrator's edit of a student's personal details; audited with before and after. */
export async function updateStudentDetails(app: FastifyInstance, ctx: WriteContext, id: string, values: StudentDetailsValues) {
  await unlessNumberTaken(values.registrationNo, () => updateDetails(app, ctx, id, values));
}

/** Another edit took the same admission number between the check and the write: the same 400. */
async function unlessNumberTaken(registrationNo: string | undefined, write: () => Promise<void>) {
  try {
    await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = `Admission number ${registrationNo} is already another student’s`;
    throw badRequest(message, { registrationNo: message });
  }
}

async function updateDetails(app: FastifyInstance, ctx: WriteContext, id: string, values: StudentDetailsValues) {
  await app.db.transaction(async (tx) => {
    const current = await repo.findStudent(tx, ctx.schoolId, id);
    if (!current) throw notFound('Student not found');
    const registrationNo = values.registrationNo ?? current.registrationNo;
    if (registrationNo !== current.registrationNo) {
      const holder = await repo.findByRegistrationNo(tx, ctx.schoolId, registrationNo);
      if (holder && holder.id !== id) {
        const message = `Admission number ${registrationNo} is already another student’s (${holder.name})`;
        throw badRequest(message, { registrationNo: message });
      }
    }
    const next = { ...values, registrationNo, middleName: values.middleName ?? null };
    await repo.updateStudent(tx, ctx.schoolId, id, next);
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: 'student.updated',
      entity: 'student',
      entityId: id,
      before: { ...studentSnapshot(current), registrationNo: current.registrationNo },
      after: { ...studentSnapshot({ ...current, ...next }), registrationNo },
      ip: ctx.ip,
    });
  });
}

/**
 * Sets the student's passport photo (PNG or JPEG, checked and re-encoded by lib/uploads.ts) or, with
 * `file` null, removes it; the upload it replaces is deleted, its file once the change is committed. Audited.
 */
export async function changeStudentPhoto(app: FastifyInstance, ctx: WriteContext, id: string, file: { bytes: Buffer; filename: string } | null) {
  let writtenKey: string | null = null;
  try {
    const oldKey = await app.db.transaction(async (tx) => {
      const before = await repo.lockStudentPhoto(tx, ctx.schoolId, id);
      if (before === undefined) throw notFound('Student not found');
      const upload = file
        ? await saveUpload(app, tx, {
            bytes: file.bytes,
            field: STUDENT_PHOTO_UPLOAD.field,
            originalName: file.filename || 'photo',
            purpose: 'student-photo',
            allowed: ['png', 'jpeg'],
            maxBytes: STUDENT_PHOTO_UPLOAD.maxBytes,
            label: STUDENT_PHOTO_UPLOAD.label,
            organisationId: ctx.actor.organisationId,
            schoolId: ctx.schoolId,
            uploadedByUserId: ctx.actor.id,
          })
        : null;
      writtenKey = upload?.storageKey ?? null;
      const after = upload?.id ?? null;
      if (before === after) return null;
      await repo.updateStudent(tx, ctx.schoolId, id, { photoPath: after });
      const replaced = uploadUrl(before) ? await repo.deleteUpload(tx, ctx.schoolId, before!) : null;
      await audit(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        userId: ctx.actor.id,
        action: upload ? 'student.photo_changed' : 'student.photo_removed',
        entity: 'student',
        entityId: id,
        before: { photoUploadId: before },
        after: { photoUploadId: after },
        ip: ctx.ip,
      });
      return replaced;
    });
    writtenKey = null;
    if (oldKey) await fs.rm(uploadPath(app, oldKey), { force: true });
  } catch (error) {
    if (writtenKey) await fs.rm(uploadPath(app, writtenKey), { force: true });
    throw error;
  }
}

/** A student's own change of the fields they may edit (the address). */
export async function updateOwnProfile(app: FastifyInstance, ctx: WriteContext, id: string, values: StudentOwnProfileValues) {
  await app.db.transaction(async (tx) => {
    const current = await repo.findStudent(tx, ctx.schoolId, id);
    if (!current || current.userId !== ctx.actor.id) throw notFound('Student not found');
    await repo.updateStudent(tx, ctx.schoolId, id, { address: values.address });
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: 'student.profile-updated',
      entity: 'student',
      entityId: id,
      before: { address: current.address ?? null },
      after: { address: values.address },
      ip: ctx.ip,
    });
  });
}
