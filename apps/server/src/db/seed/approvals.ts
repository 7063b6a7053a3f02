/**
 * Demo approval chain (issue 18, ADR 0032): the school uses all three steps, and every published class
 * of a term went through them in the week before the term ended: each subject's teacher submitted the
 * sheet, the class teacher reviewed the class, the principal approved it. Generated in SQL, one school
 * per statement (ADR 0026); run after seed/results.ts has published the completed terms.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

export async function seedApprovals(db: DbOrTx, schoolId: string, principalName: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into result_approval_steps (school_id, submission, review, approval)
      values (${schoolId}, true, true, true)
      on conflict do nothing`);
    await tx.execute(sql`
      insert into result_sheet_submissions (school_id, term_id, class_id, subject_id, submitted_by_user_id, submitted_by_name, submitted_at)
      select p.school_id, p.term_id, p.class_id, cs.subject_id, st.user_id, coalesce(st.name, 'Subject teacher'),
        (t.end_date - 7)::timestamp + interval '14 hours'
      from result_publications p
      join terms t on t.school_id = p.school_id and t.id = p.term_id
      join class_subjects cs on cs.school_id = p.school_id and cs.class_id = p.class_id
      left join staff st on st.school_id = cs.school_id and st.id = cs.teacher_id
      where p.school_id = ${schoolId}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into result_class_approvals (school_id, term_id, class_id, reviewed_by_user_id, reviewed_by_name, reviewed_at,
        approved_by_name, approved_at)
      select p.school_id, p.term_id, p.class_id, ct.user_id, coalesce(ct.name, 'Class teacher'), (t.end_date - 5)::timestamp + interval '11 hours',
        ${principalName}, (t.end_date - 3)::timestamp + interval '9 hours'
      from result_publications p
      join terms t on t.school_id = p.school_id and t.id = p.term_id
      join classes c on c.school_id = p.school_id and c.id = p.class_id
      left join staff ct on ct.school_id = c.school_id and ct.id = c.class_teacher_id
      where p.school_id = ${schoolId}
      on conflict do nothing`);
  });
}
