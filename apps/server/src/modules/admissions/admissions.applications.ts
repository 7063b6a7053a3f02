/** The public application: an opened serial code's token, the birth certificate, the stored application. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { ApplicationSubmitted } from '@school/shared/admissions/responses';
import {
  APPLICATION_RATE_LIMIT,
  BIRTH_CERTIFICATE_FIELD,
  BIRTH_CERTIFICATE_LABEL,
  INVALID_SERIAL_CODE,
  type StudentAdmissionInput,
} from '@school/shared/admissions/schemas';
import { BIRTH_CERTIFICATE_UPLOAD } from '@school/shared/constants';
import { lookupId } from '@school/shared/fields';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { sha256 } from '../../lib/tokens';
import { saveUpload, uploadPath } from '../../lib/uploads';
import { creditApplication } from '../referrals/referrals.service';
import { applicationSnapshot } from './admissions.presenter';
import * as admit from './admissions.admit.repository';
import * as repo from './admissions.repository';
import { deliverAll, limited, yearIn } from './admissions.common';

/** `<school id>.<secret>`: a school part that is not an id finds no token (NO_RECORD), as a wrong secret does. */
function parseToken(token: unknown): { schoolId: string; tokenHash: string } | null {
  if (typeof token !== 'string') return null;
  const dot = token.indexOf('.');
  const secret = token.slice(dot + 1);
  if (dot < 0 || !/^[\w-]{16,64}$/.test(secret)) return null;
  return { schoolId: lookupId(token.slice(0, dot)), tokenHash: sha256(secret) };
}

/** Runs a submission under the per-IP limit of failed submissions. */
export function withApplicationLimit<T>(app: FastifyInstance, ip: string, submission: () => Promise<T>): Promise<T> {
  return limited(app, `application:ip:${ip}`, APPLICATION_RATE_LIMIT, submission);
}

export interface BirthCertificateFile {
  bytes: Buffer;
  filename: string;
}

/**
 * /auth/application: in one transaction the code is used up (exactly one of two concurrent
 * submissions wins), the birth certificate is checked and recorded, the registration number is
 * drawn and the application stored as Pending with payment InComplete. The guardian gets a receipt.
 */
export async function submitApplication(
  app: FastifyInstance,
  input: { token: unknown; values: StudentAdmissionInput; file: BirthCertificateFile; ip: string },
): Promise<ApplicationSubmitted> {
  const parsed = parseToken(input.token);
  if (!parsed) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
  const written: { key: string | null } = { key: null };
  try {
    const { result, mail } = await app.db.transaction(async (tx) => {
      const token = await repo.findOpenToken(tx, parsed.schoolId, parsed.tokenHash);
      if (!token) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
      const applicationId = randomUUID();
      const claimed = await repo.claimCode(tx, token.schoolId, token.serialCodeId, applicationId);
      if (!claimed) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
      const upload = await saveUpload(app, tx, {
        bytes: input.file.bytes,
        field: BIRTH_CERTIFICATE_FIELD,
        originalName: input.file.filename || 'birth-certificate',
        purpose: 'birth-certificate',
        allowed: ['pdf', 'jpeg', 'png'],
        maxBytes: BIRTH_CERTIFICATE_UPLOAD.maxBytes,
        label: BIRTH_CERTIFICATE_LABEL,
        organisationId: token.organisationId,
        schoolId: token.schoolId,
        uploadedByUserId: null,
      });
      written.key = upload.storageKey;
      const year = yearIn(token.timeZone);
      const prefix = `${token.schoolCode}/${year}/`;
      const seq = await admit.nextRegistrationSeq(tx, token.schoolId, year, prefix);
      const registrationNo = `${prefix}${String(seq).padStart(4, '0')}`;
      const v = input.values;
      const application = await repo.insertApplication(tx, {
        id: applicationId,
        schoolId: token.schoolId,
        registrationNo,
        status: 'Pending',
        paymentStatus: 'InComplete',
        serialCodeId: claimed,
        guardianName: v.guardianName ?? null,
        guardianEmail: v.email,
        guardianPhone: v.guardianPhone,
        guardianAddress: v.address,
        relationship: v.relationship,
        name: v.name,
        gender: v.gender,
        dateOfBirth: v.dob,
        wardEmail: v.wardEmail ?? null,
        phone: v.phone,
        stateOfOrigin: v.originState,
        prevEducation: v.prevEducation,
        institution: v.institution,
        institutionAddress: v.institutionAddress,
        attendedClasses: v.attendedClasses,
        institutionContactName: v.institutionContactName,
        institutionContactPhone: v.institutionContactPhone,
        classLevel: v.class,
        birthCertificateUploadId: upload.id,
      });
      if (v.referralCode) {
        // the referrer is credited with the application, or neither is written
        await creditApplication(tx, {
          organisationId: token.organisationId,
          schoolId: token.schoolId,
          timeZone: token.timeZone,
          applicationId,
          code: v.referralCode,
          ip: input.ip,
        });
      }
      await repo.useToken(tx, parsed.schoolId, parsed.tokenHash);
      await audit(tx, {
        organisationId: token.organisationId,
        schoolId: token.schoolId,
        userId: null,
        action: 'admissions.application_submitted',
        entity: 'admission_application',
        entityId: application.id,
        after: applicationSnapshot(application),
        ip: input.ip,
      });
      const message: MailMessage = {
        to: v.email,
        subject: `Application received: ${registrationNo}`,
        body: [
          'Hello,',
          '',
          `${token.schoolName} has received the application of ${v.name} for ${v.class}.`,
          `The registration number is ${registrationNo}. Please keep it for any enquiry.`,
          '',
          'The school will contact you about its decision.',
        ].join('\n'),
        organisationId: token.organisationId,
        schoolId: token.schoolId,
      };
      const outboxId = await app.mailer.queue(tx, message);
      return { result: { registrationNo, schoolName: token.schoolName, name: v.name }, mail: { outboxId, message } };
    });
    await deliverAll(app, [mail]);
    return result;
  } catch (error) {
    if (written.key) await fs.rm(uploadPath(app, written.key), { force: true });
    throw error;
  }
}
