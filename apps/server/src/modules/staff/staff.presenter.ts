import { UUID } from '@school/shared/fields';
import type { StaffType } from '@school/shared/constants';
import type { SchoolUser, StaffDetail, StaffListItem } from '@school/shared/staff/responses';
import type { AccountStatus, StaffStatus } from '@school/shared/staff/schemas';
import type { StaffRow } from './staff.repository';

/** staff.photo_path holds the id of the photo's upload; the browser fetches it from /api/uploads/:id. */
export function photoUrl(photoPath: string | null): string | null {
  return photoPath && UUID.test(photoPath) ? `/api/uploads/${photoPath}` : null;
}

function account(row: StaffRow) {
  if (!row.userId || !row.accountRole || !row.accountStatus) return null;
  return { userId: row.userId, role: row.accountRole as 'teacher' | 'admin', status: row.accountStatus as AccountStatus };
}

/** A row of the staff table: what an administrator of the school sees. */
export function presentStaffListItem(row: StaffRow): StaffListItem {
  return {
    id: row.id,
    name: row.name,
    staffType: row.staffType as StaffType,
    email: row.email,
    phone: row.phone,
    photoUrl: photoUrl(row.photoPath),
    employedOn: row.employedOn,
    status: row.status as StaffStatus,
    account: account(row),
    hasRecords: Boolean(row.hasRecords),
  };
}

export function presentStaffDetail(
  row: StaffRow,
  taught: {
    classes: Array<{ id: string; level: string; arm: string }>;
    subjects: Array<{ classId: string; level: string; arm: string; subjectId: string; subjectName: string }>;
  },
): StaffDetail {
  const base = presentStaffListItem(row);
  const acct = base.account ? { ...base.account, lastLoginAt: row.accountLastLoginAt?.toISOString() ?? null } : null;
  return {
    ...base,
    account: acct,
    gender: row.gender,
    address: row.address,
    classes: taught.classes.map((c) => ({ id: c.id, name: `${c.level} ${c.arm}` })),
    subjects: taught.subjects.map((s) => ({
      classId: s.classId,
      className: `${s.level} ${s.arm}`,
      subjectId: s.subjectId,
      subjectName: s.subjectName,
    })),
  };
}

/** What the audit log keeps of a staff record (no photo bytes, no account secrets). */
export function staffSnapshot(row: {
  name: string;
  staffType: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  address: string | null;
  employedOn: string | null;
  photoPath: string | null;
  status: string;
  userId: string | null;
}) {
  return {
    name: row.name,
    staffType: row.staffType,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    address: row.address,
    employedOn: row.employedOn,
    photoUploadId: row.photoPath,
    status: row.status,
    userId: row.userId,
  };
}

export function presentSchoolUser(row: {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  lastLoginAt: Date | null;
  createdAt: Date;
}): SchoolUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as SchoolUser['role'],
    status: row.status as AccountStatus,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
