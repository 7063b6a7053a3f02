import fs from 'node:fs/promises';
import { EMAIL_TAKEN, STAFF_PHOTO_UPLOAD, staffAccountRole, type StaffValues } from '@school/shared/staff/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { accountHeldIn, claimEmail, clearAccountRows, EMAIL_TAKEN_CONSTRAINT } from '../../lib/accounts';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { saveUpload, uploadPath } from '../../lib/uploads';
import type { RequestUser } from '../../types';
import { inviteUser } from '../invitations/invitations.service';
import { photoUrl, staffSnapshot } from './staff.presenter';
import * as repo from './staff.repository';

export interface PhotoFile {
  bytes: Buffer;
  filename: string;
}

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
  /** Where the invitation mail sends people to register. */
  origin: string;
}

export const NO_PENDING_INVITATION = 'This staff member has no invitation waiting: their account is already active, or they have none.';

type Invitation = { outboxId: string; message: MailMessage };

function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The constraint a unique violation names, from the driver's error or the one drizzle wraps. */
function pgConstraint(error: unknown): string | undefined {
  type PgError = { constraint?: unknown; constraint_name?: unknown; cause?: PgError } | null;
  const e = error as PgError;
  const name = e?.constraint_name ?? e?.constraint ?? e?.cause?.constraint_name ?? e?.cause?.constraint;
  return typeof name === 'string' ? name : undefined;
}

/** Another request took the email between our check and our insert (user_emails' key refuses it): the same 409. */
function emailConflictFrom(error: unknown) {
  if (pgErrorCode(error) !== '23505') return error;
  const text = String((error as Error).message) + String((error as { cause?: Error }).cause?.message);
  return pgConstraint(error) === EMAIL_TAKEN_CONSTRAINT || text.includes(EMAIL_TAKEN_CONSTRAINT) ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : error;
}

async function removeFiles(app: FastifyInstance, storageKeys: Array<string | null>) {
  await Promise.all(storageKeys.filter((k): k is string => Boolean(k)).map((k) => fs.rm(uploadPath(app, k), { force: true })));
}

async function deliver(app: FastifyInstance, invitation: Invitation | null) {
  if (!invitation) return;
  await app.mailer.deliver(app.db, invitation.outboxId, invitation.message);
  // its SMS or WhatsApp, queued with it (ADR 0039)
  app.messageWorker.kick();
}

async function savePhoto(app: FastifyInstance, tx: DbOrTx, ctx: WriteContext, photo: PhotoFile) {
  return saveUpload(app, tx, {
    bytes: photo.bytes,
    field: STAFF_PHOTO_UPLOAD.field,
    originalName: photo.filename || 'photo',
    purpose: 'staff-photo',
    allowed: ['png', 'jpeg'],
    maxBytes: STAFF_PHOTO_UPLOAD.maxBytes,
    label: STAFF_PHOTO_UPLOAD.label,
    organisationId: ctx.actor.organisationId,
    schoolId: ctx.schoolId,
    uploadedByUserId: ctx.actor.id,
  });
}

/**
 * Adds a staff member. Teachers get a teacher account, principals and admins an admin account,
 * invited by mail; the account, the invitation, the photo's record, the staff row and the audit
 * row are written in one transaction. A photo file written before a failure is removed again.
 */
export async function createStaff(app: FastifyInstance, ctx: WriteContext, input: StaffValues, photo: PhotoFile | null) {
  const role = staffAccountRole(input.staffType);
  let writtenKey: string | null = null;
  try {
    const { id, invitation } = await app.db.transaction(async (tx) => {
      if (role && (await repo.emailTaken(tx, input.email!))) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const upload = photo ? await savePhoto(app, tx, ctx, photo) : null;
      writtenKey = upload?.storageKey ?? null;
      let userId: string | null = null;
      let invitation: Invitation | null = null;
      if (role) {
        ({ id: userId } = await repo.insertUser(tx, {
          organisationId: ctx.actor.organisationId,
          schoolId: ctx.schoolId,
          email: input.email!,
          name: input.name,
          phone: input.phone,
          role,
          status: 'invited',
        }));
        invitation = await inviteUser(app, tx, { userId, invitedByUserId: ctx.actor.id, origin: ctx.origin });
      }
      const row = await repo.insertStaff(tx, {
        schoolId: ctx.schoolId,
        userId,
        staffType: input.staffType,
        name: input.name,
        email: input.email ?? null,
        phone: input.phone,
        gender: input.gender,
        address: input.address,
        employedOn: input.employedOn,
        photoPath: upload?.id ?? null,
        status: 'active',
      });
      await audit(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        userId: ctx.actor.id,
        action: 'staff.created',
        entity: 'staff',
        entityId: row.id,
        after: { ...staffSnapshot(row), account: role ? { role, status: 'invited' } : null },
        ip: ctx.ip,
      });
      return { id: row.id, invitation };
    });
    await deliver(app, invitation);
    return id;
  } catch (error) {
    await removeFiles(app, [writtenKey]);
    throw emailConflictFrom(error);
  }
}

/**
 * Edits a staff member. The account follows the staff type: a change between teacher and
 * admin types changes the role; a type without sign-in disables the account; a type with sign-in
 * creates (and invites) an account, or re-enables the one disabled by an earlier change of type.
 */
export async function updateStaff(app: FastifyInstance, ctx: WriteContext, id: string, input: StaffValues, photo: PhotoFile | null, removePhoto: boolean) {
  let writtenKey: string | null = null;
  try {
    const { invitation, oldPhotoKey } = await app.db.transaction(async (tx) => {
      const current = await repo.findStaff(tx, ctx.schoolId, id);
      if (!current) throw notFound('Staff member not found');
      const role = staffAccountRole(input.staffType);
      const user = current.userId ? await repo.findUser(tx, current.userId) : undefined;
      if (role && input.email && (await repo.emailTaken(tx, input.email, user?.id))) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });

      const upload = photo ? await savePhoto(app, tx, ctx, photo) : null;
      writtenKey = upload?.storageKey ?? null;
      const replacesPhoto = Boolean(upload) || removePhoto;
      const oldPhotoKey = replacesPhoto && photoUrl(current.photoPath) ? await repo.deleteUpload(tx, ctx.schoolId, current.photoPath!) : null;

      let userId = current.userId;
      let invitation: Invitation | null = null;
      let accountAfter: { role: string; status: string } | null = user ? { role: user.role, status: user.status } : null;
      if (user && role) {
        const emailChanged = user.email.toLowerCase() !== input.email!.toLowerCase();
        // an account disabled only because the type had no sign-in comes back with the type
        const reEnable = user.status === 'disabled' && current.status === 'active';
        const status = reEnable ? (user.passwordHash ? 'active' : 'invited') : user.status;
        await repo.updateUser(tx, user.id, { name: input.name, email: input.email!, phone: input.phone, role, status });
        await claimEmail(tx, user.id, input.email!, user.email);
        accountAfter = { role, status };
        if (status === 'invited' && (emailChanged || reEnable)) {
          invitation = await inviteUser(app, tx, { userId: user.id, invitedByUserId: ctx.actor.id, origin: ctx.origin });
        }
      } else if (user && !role) {
        if (user.status !== 'disabled') {
          await repo.updateUser(tx, user.id, { status: 'disabled', name: input.name, phone: input.phone });
          await repo.deleteSessionsOfUser(tx, user.id);
        }
        accountAfter = { role: user.role, status: 'disabled' };
      } else if (!user && role) {
        ({ id: userId } = await repo.insertUser(tx, {
          organisationId: ctx.actor.organisationId,
          schoolId: ctx.schoolId,
          email: input.email!,
          name: input.name,
          phone: input.phone,
          role,
          status: current.status === 'active' ? 'invited' : 'disabled',
        }));
        accountAfter = { role, status: current.status === 'active' ? 'invited' : 'disabled' };
        if (current.status === 'active') invitation = await inviteUser(app, tx, { userId: userId!, invitedByUserId: ctx.actor.id, origin: ctx.origin });
      }

      const values = {
        userId,
        staffType: input.staffType,
        name: input.name,
        email: input.email ?? null,
        phone: input.phone,
        gender: input.gender,
        address: input.address,
        employedOn: input.employedOn,
        photoPath: upload ? upload.id : removePhoto ? null : current.photoPath,
      };
      await repo.updateStaff(tx, ctx.schoolId, id, values);
      await audit(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        userId: ctx.actor.id,
        action: 'staff.updated',
        entity: 'staff',
        entityId: id,
        before: { ...staffSnapshot(current), account: user ? { role: user.role, status: user.status } : null },
        after: { ...staffSnapshot({ ...current, ...values }), account: accountAfter },
        ip: ctx.ip,
      });
      return { invitation, oldPhotoKey };
    });
    await removeFiles(app, [oldPhotoKey]);
    await deliver(app, invitation);
  } catch (error) {
    await removeFiles(app, [writtenKey]);
    throw emailConflictFrom(error);
  }
}

export const DELETED_MESSAGE = 'Staff member deleted';
export const DEACTIVATED_MESSAGE = 'This staff member has records (classes, subjects or a used account), so they were deactivated instead of deleted.';

/** Rolls the delete back to deactivate instead: a record of the school holds the staff member's account. */
class AccountInUse extends Error {}

function isForeignKeyViolation(error: unknown) {
  return pgErrorCode(error) === '23503';
}

/**
 * Deletes a staff member who has no records, with their unused account. Someone with records is
 * deactivated instead (staff inactive, account disabled and signed out), so history keeps its
 * links. Records held by tables this module does not know about are caught by the database's
 * foreign keys to the staff row, and by ACCOUNT_REFERENCES for the account, and also lead to deactivation.
 */
export async function removeStaff(app: FastifyInstance, ctx: WriteContext, id: string) {
  const { outcome, photoKey } = await app.db.transaction(async (tx) => {
    const current = await repo.findStaff(tx, ctx.schoolId, id);
    if (!current) throw notFound('Staff member not found');
    const auditBase = {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      entity: 'staff',
      entityId: id,
      ip: ctx.ip,
    };
    const before = { ...staffSnapshot(current), account: current.userId ? { role: current.accountRole, status: current.accountStatus } : null };

    if (!current.hasRecords) {
      try {
        const photoKey = await tx.transaction(async (sp) => {
          await repo.deleteStaff(sp, ctx.schoolId, id);
          if (current.userId) {
            // no foreign key guards an account (ADR 0026): the delete asks whether a row still holds it
            if (await accountHeldIn(sp, ctx.schoolId, current.userId)) throw new AccountInUse();
            await clearAccountRows(sp, ctx.schoolId, current.userId);
            await repo.deleteUser(sp, current.userId);
          }
          return photoUrl(current.photoPath) ? repo.deleteUpload(sp, ctx.schoolId, current.photoPath!) : null;
        });
        await audit(tx, { ...auditBase, action: 'staff.deleted', before, after: null });
        return { outcome: 'deleted' as const, photoKey };
      } catch (error) {
        if (!isForeignKeyViolation(error) && !(error instanceof AccountInUse)) throw error;
      }
    }
    await repo.updateStaff(tx, ctx.schoolId, id, { status: 'inactive' });
    if (current.userId) {
      await repo.updateUser(tx, current.userId, { status: 'disabled' });
      await repo.deleteSessionsOfUser(tx, current.userId);
    }
    await audit(tx, {
      ...auditBase,
      action: 'staff.deactivated',
      before,
      after: { ...before, status: 'inactive', account: before.account ? { ...before.account, status: 'disabled' } : null },
    });
    return { outcome: 'deactivated' as const, photoKey: null };
  });
  await removeFiles(app, [photoKey]);
  return { outcome, message: outcome === 'deleted' ? DELETED_MESSAGE : DEACTIVATED_MESSAGE };
}

export const ALREADY_ACTIVE = 'This staff member is already active.';
export const REACTIVATED_MESSAGE = 'Staff member re-activated';

/**
 * Brings a deactivated staff member back: the record becomes active and, when their staff type
 * signs in, the account too (active again if they had set a password, otherwise invited afresh
 * with a new code). Audited; of two concurrent requests one re-activates and the other gets 400.
 */
export async function reactivateStaff(app: FastifyInstance, ctx: WriteContext, id: string) {
  const invitation = await app.db.transaction(async (tx) => {
    const current = await repo.findStaff(tx, ctx.schoolId, id);
    if (!current) throw notFound('Staff member not found');
    if (!(await repo.activateInactiveStaff(tx, ctx.schoolId, id))) throw badRequest(ALREADY_ACTIVE);
    const user = current.userId ? await repo.findUser(tx, current.userId) : undefined;
    const role = staffAccountRole(current.staffType);
    let invitation: Invitation | null = null;
    let accountAfter: { role: string; status: string } | null = user ? { role: user.role, status: user.status } : null;
    if (user && role && user.status === 'disabled') {
      const status = user.passwordHash ? 'active' : 'invited';
      await repo.updateUser(tx, user.id, { status, role });
      accountAfter = { role, status };
      if (status === 'invited') invitation = await inviteUser(app, tx, { userId: user.id, invitedByUserId: ctx.actor.id, origin: ctx.origin });
    }
    const before = { ...staffSnapshot(current), account: user ? { role: user.role, status: user.status } : null };
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: 'staff.reactivated',
      entity: 'staff',
      entityId: id,
      before,
      after: { ...before, status: 'active', account: accountAfter },
      ip: ctx.ip,
    });
    return invitation;
  });
  await deliver(app, invitation);
  return { message: invitation ? `${REACTIVATED_MESSAGE}; an invitation was sent to ${invitation.message.to}` : REACTIVATED_MESSAGE };
}

/** Sends a fresh invitation code (the earlier one stops working). */
export async function resendInvitation(app: FastifyInstance, ctx: WriteContext, id: string) {
  const invitation = await app.db.transaction(async (tx) => {
    const current = await repo.findStaff(tx, ctx.schoolId, id);
    if (!current) throw notFound('Staff member not found');
    if (!current.userId || current.accountStatus !== 'invited' || current.status !== 'active') {
      throw badRequest(NO_PENDING_INVITATION);
    }
    const invitation = await inviteUser(app, tx, { userId: current.userId, invitedByUserId: ctx.actor.id, origin: ctx.origin });
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: 'staff.invitation_resent',
      entity: 'staff',
      entityId: id,
      after: { userId: current.userId, email: current.email },
      ip: ctx.ip,
    });
    return invitation;
  });
  await deliver(app, invitation);
  return { message: `Invitation sent to ${invitation.message.to}` };
}
