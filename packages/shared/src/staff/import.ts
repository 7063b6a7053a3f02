/** The staff import (POST /api/staff/import): its CSV columns, template and report. */
import { z } from 'zod';
import { IMPORT_MODES } from '../admissions/schemas';
import { STAFF_TYPES } from '../constants';

/** The columns of the staff import file, in the template's order (`email` only for types that sign in). */
export const STAFF_IMPORT_COLUMNS = ['name', 'staff_type', 'email', 'phone', 'gender', 'address', 'employed_on'] as const;
export type StaffImportColumn = (typeof STAFF_IMPORT_COLUMNS)[number];

/** The staff form's field each column fills (the form's messages are shown under the column's name). */
export const STAFF_IMPORT_COLUMN_OF_FIELD: Record<string, StaffImportColumn> = {
  name: 'name',
  staffType: 'staff_type',
  email: 'email',
  phone: 'phone',
  gender: 'gender',
  address: 'address',
  employedOn: 'employed_on',
};

export const STAFF_IMPORT_TEMPLATE_CSV =
  [
    STAFF_IMPORT_COLUMNS.join(','),
    'Funmilayo Adeyemi,Teacher,funmi.adeyemi@example.com,08031234567,F,"12 Allen Avenue, Ikeja",2019-09-02',
    'Musa Ibrahim,Gateman,,08051234567,male,"4 Market Road, Kano",01/10/2021',
  ].join('\r\n') + '\r\n';

export const staffImportRowResponse = z.object({
  /** The line of the file where the row starts (the header is line 1). */
  line: z.number(),
  ok: z.boolean(),
  /** Messages keyed by column name (`file` for the row as a whole). */
  errors: z.record(z.string(), z.string()),
  name: z.string(),
  /** Once imported. */
  staffId: z.string().optional(),
  staffType: z.enum(STAFF_TYPES).optional(),
});
export type StaffImportRow = z.infer<typeof staffImportRowResponse>;

/** A staff invitation code just issued, for the school's administrator when mail is not configured (ADR 0036). */
export const staffIssuedInvitationResponse = z.object({
  name: z.string(),
  email: z.string(),
  role: z.enum(['teacher', 'admin']),
  code: z.string(),
  expiresAt: z.string(),
});
export type StaffIssuedInvitation = z.infer<typeof staffIssuedInvitationResponse>;

/** POST /api/staff/import */
export const staffImportReportResponse = z.object({
  mode: z.enum(IMPORT_MODES),
  dryRun: z.boolean(),
  rows: z.array(staffImportRowResponse),
  /** Staff written (with dryRun: that would be written). */
  imported: z.number(),
  /** Rows not written. */
  skipped: z.number(),
  invitations: z.object({ registerUrl: z.string(), items: z.array(staffIssuedInvitationResponse) }).optional(),
});
export type StaffImportReport = z.infer<typeof staffImportReportResponse>;

/** POST /api/staff/import, 400: an error answer; all-or-nothing with a wrong row adds the report (nothing written). */
export const staffImportRefusalResponse = staffImportReportResponse
  .partial()
  .extend({ statusCode: z.number(), error: z.string(), message: z.string(), errors: z.record(z.string(), z.string()).optional() });
