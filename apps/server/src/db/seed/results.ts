/**
 * Demo results: scores of every class for each term that started before the Active session's
 * current one (the completed terms: in the demo, the three terms of 2022/23, the previous session,
 * whose Third term cards show the session's cumulative figures (ADR 0034), and the First term of
 * 2023/24), published, so that broadsheets, student results and report cards show data; in the older
 * sessions, the few classes the plan gives them (the demo family's history, seed/plan.ts) are scored
 * and published the same way. Scores come from a hash of student, subject, term and
 * component around a per-student ability (so the same student is strong or weak across subjects),
 * on the default maxima 15/15/10/60, generated in SQL: a few thousand rows in well under a second.
 * One school at a time: each statement names its school (ADR 0026).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

export async function seedResults(db: DbOrTx, schoolId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with done as (
        select t.school_id, t.id as term_id, t.academic_session_id
        from terms t
        join academic_sessions s on s.school_id = t.school_id and s.status = 'Active'
        join terms cur on cur.school_id = t.school_id and cur.academic_session_id = s.id and cur.is_current
        where t.school_id = ${schoolId} and t.start_date < cur.start_date
      ),
      pairs as (
        select e.school_id, e.student_id, cs.subject_id, d.term_id,
          0.35 + 0.6 * get_byte(decode(md5(e.student_id::text), 'hex'), 0) / 255.0 as ability,
          decode(md5(e.student_id::text || cs.subject_id::text || d.term_id::text), 'hex') as h
        from done d
        join enrolments e on e.school_id = d.school_id and e.academic_session_id = d.academic_session_id
        join class_subjects cs on cs.school_id = e.school_id and cs.class_id = e.class_id
      )
      insert into scores (school_id, student_id, subject_id, term_id, test1, test2, assignment, exam, created_at, updated_at)
      select school_id, student_id, subject_id, term_id,
        round(15 * greatest(0, least(1, ability + 0.45 * (get_byte(h, 0) / 255.0 - 0.5)))),
        round(15 * greatest(0, least(1, ability + 0.45 * (get_byte(h, 1) / 255.0 - 0.5)))),
        round(10 * greatest(0, least(1, ability + 0.45 * (get_byte(h, 2) / 255.0 - 0.5)))),
        round(60 * greatest(0, least(1, ability + 0.45 * (get_byte(h, 3) / 255.0 - 0.5)))),
        now(), now()
      from pairs
      on conflict do nothing`);
    await tx.execute(sql`
      insert into result_publications (school_id, term_id, class_id)
      select c.school_id, t.id, c.id
      from classes c
      join academic_sessions s on s.school_id = c.school_id and s.status = 'Active'
      join terms cur on cur.school_id = c.school_id and cur.academic_session_id = s.id and cur.is_current
      join terms t on t.school_id = c.school_id and t.academic_session_id = c.academic_session_id and t.start_date < cur.start_date
      where c.school_id = ${schoolId}
      on conflict do nothing`);
  });
}
