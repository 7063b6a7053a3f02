import type { ApplicationDetail, ApplicationListItem, SerialCodeBatch } from '@school/shared/admissions/responses';
import type { AdmissionPaymentStatus, AdmissionStatus } from '@school/shared/admissions/schemas';
import type { ApplicationDetailRow, ApplicationListRow, ApplicationRow, BatchRow } from './admissions.repository';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const classNameOf = (level: string | null, arm: string | null) => (level && arm ? `${level} ${arm}` : null);

export function presentBatch(row: BatchRow): SerialCodeBatch {
  return {
    id: row.id,
    quantity: row.quantity,
    priceKobo: row.priceKobo,
    expiresOn: row.expiresOn,
    expired: Boolean(row.expired),
    used: Number(row.used),
    unused: row.quantity - Number(row.used),
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
  };
}

export function presentListItem(row: ApplicationListRow): ApplicationListItem {
  return {
    id: row.id,
    registrationNo: row.registrationNo,
    name: row.name,
    classLevel: row.classLevel,
    paymentStatus: row.paymentStatus as AdmissionPaymentStatus,
    status: row.status as AdmissionStatus,
    submittedAt: iso(row.createdAt),
    className: classNameOf(row.classLevelAdmitted, row.classArm),
  };
}

export function presentDetail(row: ApplicationDetailRow): ApplicationDetail {
  const a = row.application;
  return {
    id: a.id,
    registrationNo: a.registrationNo,
    name: a.name,
    classLevel: a.classLevel,
    paymentStatus: a.paymentStatus as AdmissionPaymentStatus,
    status: a.status as AdmissionStatus,
    submittedAt: iso(a.createdAt),
    className: classNameOf(row.classLevelAdmitted, row.classArm),
    guardian: { name: a.guardianName, email: a.guardianEmail, phone: a.guardianPhone, address: a.guardianAddress, relationship: a.relationship },
    ward: { name: a.name, gender: a.gender, dateOfBirth: a.dateOfBirth, email: a.wardEmail, phone: a.phone, stateOfOrigin: a.stateOfOrigin },
    education: {
      prevEducation: a.prevEducation,
      institution: a.institution,
      institutionAddress: a.institutionAddress,
      attendedClasses: a.attendedClasses,
      contactName: a.institutionContactName,
      contactPhone: a.institutionContactPhone,
    },
    birthCertificate: row.uploadId
      ? { url: `/api/uploads/${row.uploadId}`, name: row.uploadName ?? 'birth-certificate', mimeType: row.uploadMimeType ?? 'application/octet-stream' }
      : null,
    studentId: a.studentId,
    sessionName: row.sessionName,
    decidedAt: a.decidedAt ? iso(a.decidedAt) : null,
  };
}

/** What the audit log keeps of an application (no contact details beyond what identifies it). */
export function applicationSnapshot(row: Pick<ApplicationRow, 'registrationNo' | 'name' | 'status' | 'paymentStatus' | 'classLevel'>) {
  return { registrationNo: row.registrationNo, name: row.name, status: row.status, paymentStatus: row.paymentStatus, classLevel: row.classLevel };
}
