/**
 * Uploaded files. A file belongs to one school (an owner reaches those of every school of the
 * organisation); on top of that, what it is decides who may open it: an applicant's birth certificate is the admissions
 * office's, a payment proof the bursary's, a lesson note its teacher's and the reviewers'.
 */
import { can } from '@school/shared/auth/permissions';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { isAdministrator, isStaff } from './actors';
import type { RequestContext } from './context';
import { admits, ownAccount, record } from './policy';
import { financePolicy } from './finance';
import { schoolScope } from './records';

interface UploadRow {
  purpose: string;
  uploaded_by_user_id: string | null;
}

/** Who may open a file of this purpose, given it is of their school. */
const OPENERS: Record<string, (ctx: RequestContext, row: UploadRow) => boolean> = {
  'birth-certificate': (ctx) => isStaff(ctx) && can(ctx.user.matrix, ctx.user.role, 'admissions', 'view'),
  'payment-proof': (ctx) => admits(financePolicy.readBooks, ctx.user),
  'lesson-note': (ctx, row) => row.uploaded_by_user_id === ctx.user.id || (isAdministrator(ctx) && can(ctx.user.matrix, ctx.user.role, 'lesson-notes', 'view')),
};

/**
 * Whether the actor may open the file: of their organisation and of a school they work in (records.ts
 * `schoolScope`: an owner, any school of the organisation; every upload is a school's, ADR 0026), and
 * of a purpose open to them.
 */
export async function canOpenUpload(db: DbOrTx, ctx: RequestContext, id: string) {
  const inSchool = await schoolScope(db, ctx, sql`u.school_id`);
  if (!inSchool) return false;
  const [row] = rowsOf<UploadRow>(
    await db.execute(sql`select u.purpose, u.uploaded_by_user_id from uploads u
      where u.id = ${id} and u.organisation_id = ${ctx.organisationId} and ${inSchool} limit 1`),
  );
  if (!row) return false;
  const opener = OPENERS[row.purpose];
  return opener ? opener(ctx, row) : true;
}

export const uploadsPolicy = {
  /** Any signed-in user, for the files the rule above lets them open. */
  open: ownAccount('uploads.open', { params: { id: record('upload', canOpenUpload, 'File not found') } }),
};
