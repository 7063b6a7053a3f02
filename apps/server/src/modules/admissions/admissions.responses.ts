/** The response schemas of the admissions routes (they also describe the API in /api/docs). */
import { ADMISSION_PAYMENT_STATUSES } from '@school/shared/admissions/schemas';
import { ADMISSION_STATUSES } from '@school/shared/constants';
import { z } from 'zod';

export const admissionStatus = z.enum(ADMISSION_STATUSES);
export const paymentStatus = z.enum(ADMISSION_PAYMENT_STATUSES);

export const batch = z.object({
  id: z.string(),
  quantity: z.number(),
  priceKobo: z.number(),
  expiresOn: z.string(),
  expired: z.boolean(),
  used: z.number(),
  unused: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export const listItem = z.object({
  id: z.string(),
  registrationNo: z.string(),
  name: z.string(),
  classLevel: z.string(),
  paymentStatus,
  status: admissionStatus,
  submittedAt: z.string(),
  className: z.string().nullable(),
});
export const detail = listItem.extend({
  guardian: z.object({ name: z.string().nullable(), email: z.string(), phone: z.string(), address: z.string(), relationship: z.string() }),
  ward: z.object({ name: z.string(), gender: z.string(), dateOfBirth: z.string(), email: z.string().nullable(), phone: z.string(), stateOfOrigin: z.string() }),
  education: z.object({
    prevEducation: z.string(),
    institution: z.string(),
    institutionAddress: z.string(),
    attendedClasses: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
  }),
  birthCertificate: z.object({ url: z.string(), name: z.string(), mimeType: z.string() }).nullable(),
  studentId: z.string().nullable(),
  sessionName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export const decisionResult = z.union([
  z.object({
    id: z.string(),
    ok: z.literal(true),
    status: admissionStatus,
    registrationNo: z.string(),
    className: z.string().nullable().optional(),
    notes: z.array(z.string()),
  }),
  z.object({ id: z.string(), ok: z.literal(false), statusCode: z.number(), message: z.string() }),
]);
export const letter = z.object({
  school: z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string(), phone: z.string(), email: z.string() }),
  registrationNo: z.string(),
  name: z.string(),
  guardianName: z.string().nullable(),
  relationship: z.string(),
  className: z.string(),
  sessionName: z.string(),
  date: z.string(),
});
export const importRow = z.object({
  line: z.number(),
  ok: z.boolean(),
  errors: z.record(z.string(), z.string()),
  name: z.string(),
  registrationNo: z.string().optional(),
  studentId: z.string().optional(),
  className: z.string().optional(),
});
export const importReport = z.object({
  mode: z.enum(['all-or-nothing', 'valid-rows-only']),
  dryRun: z.boolean(),
  rows: z.array(importRow),
  imported: z.number(),
  skipped: z.number(),
});
