/**
 * A score sheet's version (issue 21): a save that names the version it was typed on is refused when
 * another save changed the sheet meanwhile. A sheet has no row of its own, so its version is read
 * from its scores: how many there are and the microsecond of the latest change. Every write moves it:
 * an upsert stamps updated_at with the transaction's time, a removal lowers the count (and a removal
 * with an addition still raises the latest time).
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

export interface SheetKey {
  classId: string;
  termId: string;
  subjectId: string;
}

/** Makes the saves of one subject of a class take turns until the end of the transaction (the class's subject row, locked). */
export async function lockSheet(tx: DbOrTx, schoolId: string, key: Pick<SheetKey, 'classId' | 'subjectId'>): Promise<void> {
  await tx.execute(sql`
    select id from class_subjects
    where school_id = ${schoolId} and class_id = ${key.classId} and subject_id = ${key.subjectId} for update`);
}

/** The sheet's version: '<scores>-<latest change>' over the scores of the class's students in the subject and term. */
export async function sheetVersion(db: DbOrTx, schoolId: string, key: SheetKey): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(sql`
      select count(*)::text || '-' || coalesce(to_char(max(sc.updated_at) at time zone 'UTC', 'YYYYMMDDHH24MISSUS'), '0') as version
      from scores sc
      join enrolments e on e.school_id = sc.school_id and e.student_id = sc.student_id and e.class_id = ${key.classId}
      where sc.school_id = ${schoolId} and sc.term_id = ${key.termId} and sc.subject_id = ${key.subjectId}`),
  );
  return row?.version ?? '0-0';
}
