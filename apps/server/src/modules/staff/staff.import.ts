import { IMPORT_MAX_ROWS, lenientGender, type ImportMode } from '@school/shared/admissions/schemas';
import { STAFF_TYPES } from '@school/shared/constants';
import {
  STAFF_IMPORT_COLUMN_OF_FIELD,
  STAFF_IMPORT_COLUMNS,
  type StaffImportReport,
  type StaffImportRow,
  type StaffIssuedInvitation,
} from '@school/shared/staff/import';
import { EMAIL_TAKEN, staffAccountRole, staffSchema, type StaffValues } from '@school/shared/staff/schemas';
import { validate } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountIdByEmail } from '../../lib/accounts';
import { audit } from '../../lib/audit';
import { CsvError, parseCsv } from '../../lib/csv';
import {
  CHOOSE_CSV,
  importDate,
  importFileError,
  importKey,
  importText,
  type ImportFile,
  type ImportOutcome,
  planImport,
  readImportForm,
} from '../../lib/imports';
import { conflict } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { isSchoolAdmin } from '../../policies/actors';
import { inviteUser } from '../invitations/invitations.service';
import * as repo from './staff.repository';
import type { WriteContext } from './staff.service';

/** The staff import request: as every import's, the file required. */
export async function readStaffImportForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file: ImportFile }> {
  const { fields, file } = await readImportForm(request);
  if (!file) throw importFileError(CHOOSE_CSV);
  return { fields, file };
}

const TYPE_BY_KEY = new Map<string, string>(STAFF_TYPES.map((type) => [importKey(type), type]));

const CHOICE_LABELS: Record<string, string> = {
  staff_type: `staff type (${STAFF_TYPES.join(', ')})`,
  gender: 'gender (male or female, M or F)',
};

/** The header's columns by position, or a 400 naming the missing ones. */
function readHeader(fields: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  fields.forEach((field, index) => {
    const column = field.trim().toLowerCase().replace(/\s+/g, '_');
    if (!positions.has(column)) positions.set(column, index);
  });
  const missing = STAFF_IMPORT_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length === STAFF_IMPORT_COLUMNS.length) throw importFileError(`The first row must be the header: ${STAFF_IMPORT_COLUMNS.join(', ')}`);
  if (missing.length) throw importFileError(`The header has no column ${missing.join(', ')}`);
  return positions;
}

interface CheckedRow {
  report: StaffImportRow;
  values?: StaffValues;
}

/** Reads and checks every row with the add-staff form's rules, emails already in use and emails repeated in the file. */
async function checkRows(app: FastifyInstance, text: string): Promise<CheckedRow[]> {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw importFileError(error.message);
    throw error;
  }
  if (records.length === 0) throw importFileError('The file is empty');
  const header = readHeader(records[0].fields);
  const rows = records.slice(1);
  if (rows.length === 0) throw importFileError('The file has no staff under the header row');
  if (rows.length > IMPORT_MAX_ROWS) throw importFileError(`The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time`);

  const emailsSeen = new Map<string, number>();
  const checked: CheckedRow[] = [];
  for (const { line, fields } of rows) {
    const cell = (column: string) => {
      const index = header.get(column);
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const errors: Record<string, string> = {};
    if (fields.length > header.size && fields.slice(header.size).some((f) => f.trim() !== '')) {
      errors.file = `This row has ${fields.length} values; the header has ${header.size}`;
    }
    const type = cell('staff_type');
    const result = validate(staffSchema, {
      name: cell('name'),
      staffType: TYPE_BY_KEY.get(importKey(type)) ?? type,
      email: cell('email'),
      phone: cell('phone'),
      gender: lenientGender(cell('gender')),
      address: cell('address'),
      employedOn: importDate(cell('employed_on')),
    });
    if (!result.success) {
      for (const [field, message] of Object.entries(result.errors)) {
        const column = STAFF_IMPORT_COLUMN_OF_FIELD[field] ?? field;
        const label = CHOICE_LABELS[column];
        errors[column] ??= label && cell(column) !== '' ? `“${cell(column)}” is not a ${label}` : message;
      }
    }
    const values = result.success ? result.data : undefined;
    if (values?.email && staffAccountRole(values.staffType) && !errors.email) {
      const first = emailsSeen.get(values.email);
      if (first !== undefined) errors.email = `Same email as line ${first}`;
      else if ((await accountIdByEmail(app.db, values.email)) !== null) errors.email = EMAIL_TAKEN;
      else emailsSeen.set(values.email, line);
    }
    const ok = Object.keys(errors).length === 0;
    checked.push({ report: { line, ok, errors, name: cell('name') }, values: ok ? values : undefined });
  }
  return checked;
}

export type StaffImportOutcome = ImportOutcome<StaffImportReport>;

type Issued = { outboxId: string; message: MailMessage; code: string; expiresAt: Date; registerUrl: string; role: 'teacher' | 'admin'; name: string };

/**
 * Imports staff from a CSV file. Every row is checked with the add-staff form's rules; all-or-nothing:
 * one wrong row and nothing is written (400 with the report); valid-rows-only: the good rows are
 * written, the rest reported. The staff, their accounts and invitations and one audit entry are
 * written in one transaction; invitations are delivered after commit. A dry run only checks.
 */
export async function importStaff(
  app: FastifyInstance,
  ctx: WriteContext,
  input: { bytes: Buffer; filename: string; mode: ImportMode; dryRun: boolean },
): Promise<StaffImportOutcome> {
  const checked = await checkRows(app, importText(input.bytes, input.filename));
  const { toWrite, report, done } = planImport(checked, input);
  if (done) return done;

  const issued = await app.db.transaction(async (tx) => {
    const invitations: Issued[] = [];
    const created: Array<{ id: string; name: string; staffType: string; account: string | null }> = [];
    for (const row of toWrite) {
      const values = row.values!;
      const role = staffAccountRole(values.staffType);
      let userId: string | null = null;
      if (role) {
        if (await repo.emailTaken(tx, values.email!))
          throw conflict(`Line ${row.report.line}: ${EMAIL_TAKEN}`, { file: `Line ${row.report.line}: ${EMAIL_TAKEN}` });
        ({ id: userId } = await repo.insertUser(tx, {
          organisationId: ctx.actor.organisationId,
          schoolId: ctx.schoolId,
          email: values.email!,
          name: values.name,
          phone: values.phone,
          role,
          status: 'invited',
        }));
        const invitation = await inviteUser(app, tx, { userId, invitedByUserId: ctx.actor.id, origin: ctx.origin });
        invitations.push({ ...invitation, role, name: values.name });
      }
      const staffRow = await repo.insertStaff(tx, {
        schoolId: ctx.schoolId,
        userId,
        staffType: values.staffType,
        name: values.name,
        email: values.email ?? null,
        phone: values.phone,
        gender: values.gender,
        address: values.address,
        employedOn: values.employedOn,
        photoPath: null,
        status: 'active',
      });
      Object.assign(row.report, { staffId: staffRow.id, staffType: values.staffType });
      created.push({ id: staffRow.id, name: values.name, staffType: values.staffType, account: role });
    }
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      ip: ctx.ip,
      action: 'staff.imported',
      entity: 'staff_import',
      after: { mode: input.mode, rows: checked.length, imported: toWrite.length, skipped: report.skipped, staff: created },
    });
    return invitations;
  });
  for (const invitation of issued) await app.mailer.deliver(app.db, invitation.outboxId, invitation.message);
  if (issued.length > 0) app.messageWorker.kick(); // their SMS or WhatsApp (ADR 0039)
  // the codes, for the school's administrator who issued them, when mail is not configured (ADR 0036)
  if (app.config.smtpUrl || !isSchoolAdmin(ctx.actor) || issued.length === 0) return { statusCode: 200, report };
  const items: StaffIssuedInvitation[] = issued.map((i) => ({
    name: i.name,
    email: i.message.to,
    role: i.role,
    code: i.code,
    expiresAt: i.expiresAt.toISOString(),
  }));
  return { statusCode: 200, report: { ...report, invitations: { registerUrl: issued[0].registerUrl, items } } };
}
