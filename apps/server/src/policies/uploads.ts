/**
 * Uploaded files. A file belongs to one school (an owner reaches those of every school of the
 * organisation); on top of that, what it is decides who may open it: an applicant's birth certificate is the admissions
 * office's, a payment proof the bursary's, a lesson note its teacher's and the reviewers', a student's passport photo
 * theirs who may see the student, the school's logo (on its report cards) everyone of the school.
 */
import { can } from '@school/shared/auth/permissions';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { isAdministrator, isStaff } from './actors';
import type { RequestContext } from './context';
import { admits, ownAccount, record } from './policy';
import { financePolicy } from './finance';
import { schoolScope } from './records';
import { canViewStudent } from './students';

interface UploadRow {
  school_id: string;
  purpose: string;
  uploaded_by_user_id: string | null;
}

type Opener = (db: DbOrTx, ctx: RequestContext, row: UploadRow, id: string) => boolean | Promise<boolean>;

/** The student whose passport photo the upload is (students.photo_path holds its id), if any. */
async function studentOfPhoto(db: DbOrTx, upload: UploadRow, id: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select s.id from students s where s.school_id = ${upload.school_id} and s.photo_path = ${id} limit 1`),
  );
  return row?.id ?? null;
}

/** Who may open a file of this purpose, given it is of their school. */
const OPENERS: Record<string, Opener> = {
  'birth-certificate': (_db, ctx) => isStaff(ctx) && can(ctx.user.matrix, ctx.user.role, 'admissions', 'view'),
  'payment-proof': (_db, ctx) => admits(financePolicy.readBooks, ctx.user),
  'lesson-note': (_db, ctx, row) =>
    row.uploaded_by_user_id === ctx.user.id || (isAdministrator(ctx) && can(ctx.user.matrix, ctx.user.role, 'lesson-notes', 'view')),
  // printed on every report card of the school: its students and parents too
  'school-logo': () => true,
  // the student themself, their parents, the staff who may see the student (a teacher: of their classes)
  'student-photo': async (db, ctx, row, id) => {
    const studentId = await studentOfPhoto(db, row, id);
    return studentId !== null && canViewStudent(db, ctx, studentId);
  },
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
    await db.execute(sql`select u.school_id, u.purpose, u.uploaded_by_user_id from uploads u
      where u.id = ${id} and u.organisation_id = ${ctx.organisationId} and ${inSchool} limit 1`),
  );
  if (!row) return false;
  const opener = OPENERS[row.purpose];
  return opener ? opener(db, ctx, row, id) : true;
}

export const uploadsPolicy = {
  /** Any signed-in user, for the files the rule above lets them open. */
  open: ownAccount('uploads.open', { params: { id: record('upload', canOpenUpload, 'File not found') } }),
};
