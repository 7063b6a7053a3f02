/**
 * Lesson notes. A teacher writes notes for the classes and subjects they teach and works on their own
 * only (no other teacher sees them); the school's administrators review the notes submitted to them,
 * never a draft.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { isSchoolAdmin, SCHOOL_ADMINS, SCHOOL_STAFF, TEACHERS } from './actors';
import type { RequestContext } from './context';
import { matrixRoute, record } from './policy';

const NOTE_NOT_FOUND = 'Lesson note not found';

/** The school's administrators review lesson notes. */
export const reviewsLessonNotes = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

/** Whether the actor may see a note: its author, or a reviewer once it is no longer a draft. */
export function maySeeNote(ctx: Pick<RequestContext, 'user'>, note: { status: string }, mine: boolean): boolean {
  return mine || (reviewsLessonNotes(ctx) && note.status !== 'Draft');
}

/** The note of the actor's school, and whether the actor wrote it (through their staff record); null when none. */
async function noteOf(db: DbOrTx, ctx: RequestContext, id: string) {
  if (!ctx.schoolId) return null;
  const [row] = rowsOf<{ status: string; mine: boolean | null }>(
    await db.execute(sql`select n.status, st.user_id = ${ctx.user.id} as mine from lesson_notes n join staff st on st.school_id = n.school_id and st.id = n.teacher_id
      where n.id = ${id} and n.school_id = ${ctx.schoolId} limit 1`),
  );
  return row ? { status: row.status, mine: row.mine === true } : null;
}

const visibleNote = record(
  'lesson-note',
  async (db, ctx, id) => {
    const note = await noteOf(db, ctx, id);
    return note !== null && maySeeNote(ctx, note, note.mine);
  },
  NOTE_NOT_FOUND,
);
const ownNote = record('lesson-note', async (db, ctx, id) => (await noteOf(db, ctx, id))?.mine === true, NOTE_NOT_FOUND);

const staff = { actors: SCHOOL_STAFF };
const authors = { actors: TEACHERS, refusal: 'Only teachers can write lesson notes' };

export const lessonNotesPolicy = {
  /** A teacher's own notes, or (administrators) the school's submitted ones; the choices to write or filter them with. */
  list: matrixRoute('lessonNotes.list', 'lesson-notes', 'view', staff),
  readOptions: matrixRoute('lessonNotes.readOptions', 'lesson-notes', 'view', staff),
  read: matrixRoute('lessonNotes.read', 'lesson-notes', 'view', { ...staff, params: { id: visibleNote } }),
  create: matrixRoute('lessonNotes.create', 'lesson-notes', 'add', authors),
  edit: matrixRoute('lessonNotes.edit', 'lesson-notes', 'edit', { ...authors, params: { id: ownNote } }),
  submit: matrixRoute('lessonNotes.submit', 'lesson-notes', 'edit', { ...authors, params: { id: ownNote } }),
  remove: matrixRoute('lessonNotes.remove', 'lesson-notes', 'delete', { ...authors, params: { id: ownNote } }),
  /** Only a school's administrators approve or reject a note. */
  review: matrixRoute('lessonNotes.review', 'lesson-notes', 'edit', { actors: SCHOOL_ADMINS, params: { id: visibleNote } }),
};
