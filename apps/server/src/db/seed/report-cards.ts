/**
 * Demo data of the report-card area: each class teacher's comments on their students for every
 * published term, of every session (two chips each from a hash: praise scored 6-10 (green), concerns 2-4 (pink)),
 * and one so far for about half of each class in the current term (the Teachers Comment page opens on it),
 * the class teacher's and the principal's comments on each card of a published class (from the comment banks), and
 * one assignment per class subject of the demo teacher (teacher@demo.test) in the current term.
 * One school at a time: each statement names its school (ADR 0026). The demo teacher comes as their
 * account's id: a statement over a school's tables does not join `users` (another group, ADR 0026).
 */
import { suggestClassTeacherComment, suggestComment } from '@school/shared/report-cards/comment-bank';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../client';
import { classTeacherRemarks, reportCardRemarks } from '../schema';

/** The first five are praise (scored 6-10), the last three concerns (scored 2-4). */
const COMMENTS = [
  'Neat work',
  'Punctual',
  'Attentive in class',
  'Helps classmates',
  'Good leadership',
  'Talks in class',
  'Needs to revise more',
  'Hands in work late',
];

export async function seedReportCards(db: DbOrTx, schoolId: string, demoTeacherUserId: string): Promise<void> {
  const list = sql.join(
    COMMENTS.map((c) => sql`${c}`),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with terms_of_class as (
        select p.school_id, p.class_id, p.term_id, 2 as chips
        from result_publications p
        where p.school_id = ${schoolId}
        union all
        select c.school_id, c.id, cur.id, 1
        from classes c
        join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status = 'Active'
        join terms cur on cur.school_id = c.school_id and cur.academic_session_id = s.id and cur.is_current
        where c.school_id = ${schoolId}
      ),
      placed as (
        select e.school_id, e.student_id, e.class_id, d.term_id, d.chips, st.name as author, st.user_id as author_user_id,
          decode(md5(e.student_id::text || d.term_id::text), 'hex') as h
        from terms_of_class d
        join enrolments e on e.school_id = d.school_id and e.class_id = d.class_id
        join classes c on c.school_id = e.school_id and c.id = e.class_id
        join staff st on st.school_id = c.school_id and st.id = c.class_teacher_id
        where e.school_id = ${schoolId}
      ),
      chips as (
        select p.*, n from placed p cross join (values (0), (1)) as k(n)
        where n < p.chips and (p.chips = 2 or get_byte(p.h, 5) < 128)
      )
      insert into teacher_comments (school_id, student_id, term_id, class_id, author_user_id, author_name, comment, score)
      select school_id, student_id, term_id, class_id, author_user_id, author,
        (array[${list}])[1 + (get_byte(h, n) % ${COMMENTS.length})],
        case when get_byte(h, n) % ${COMMENTS.length} < 5 then 6 + get_byte(h, n + 2) % 5 else 2 + get_byte(h, n + 2) % 3 end
      from chips`);
    await tx.execute(sql`
      insert into assignments (school_id, teacher_id, class_id, subject_id, term_id, title, description, due_date)
      select cs.school_id, cs.teacher_id, cs.class_id, cs.subject_id, cur.id,
        sub.name || ': revision exercise',
        'Answer the revision questions at the end of the chapter we finished this week. Show your working and hand it in on the due date.',
        cur.start_date + 14
      from class_subjects cs
      join staff st on st.school_id = cs.school_id and st.id = cs.teacher_id and st.user_id = ${demoTeacherUserId}
      join classes c on c.school_id = cs.school_id and c.id = cs.class_id
      join academic_sessions s on s.school_id = cs.school_id and s.id = c.academic_session_id and s.status = 'Active'
      join terms cur on cur.school_id = cs.school_id and cur.academic_session_id = s.id and cur.is_current
      join subjects sub on sub.school_id = cs.school_id and sub.id = cs.subject_id
      where cs.school_id = ${schoolId}`);
    await seedClassTeacherComments(tx, schoolId);
  });
}

/**
 * A class teacher's comment from the bank for each student of a class whose results of a term are
 * published, by the student's average of the term (the results engine's: the mean of the subject
 * totals), varied by a hash of student and term.
 */
async function seedClassTeacherComments(tx: DbOrTx, schoolId: string): Promise<void> {
  const rows = rowsOf<{ student_id: string; term_id: string; first_name: string; average: string | null; pick: number }>(
    await tx.execute(sql`
      select e.student_id, p.term_id, st.first_name,
        round(avg(sc.test1 + sc.test2 + sc.assignment + sc.exam), 2) as average,
        get_byte(decode(md5(e.student_id::text || p.term_id::text || 'class teacher'), 'hex'), 0) as pick
      from result_publications p
      join enrolments e on e.school_id = p.school_id and e.class_id = p.class_id
      join students st on st.school_id = e.school_id and st.id = e.student_id
      left join class_subjects cs on cs.school_id = e.school_id and cs.class_id = e.class_id
      left join scores sc on sc.school_id = e.school_id and sc.student_id = e.student_id and sc.term_id = p.term_id and sc.subject_id = cs.subject_id
      where p.school_id = ${schoolId}
      group by e.student_id, p.term_id, st.first_name`),
  );
  const values = rows.flatMap((r) => {
    const comment = suggestClassTeacherComment(r.average === null ? null : Number(r.average), r.pick, r.first_name);
    return comment ? [{ schoolId, termId: r.term_id, studentId: r.student_id, comment }] : [];
  });
  for (let i = 0; i < values.length; i += 1000)
    await tx
      .insert(classTeacherRemarks)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing();
  // the principal signs each card too, in the principal's voice
  const remarks = rows.flatMap((r) => {
    const principalComment = suggestComment(r.average === null ? null : Number(r.average), r.pick >> 2);
    return principalComment ? [{ schoolId, termId: r.term_id, studentId: r.student_id, principalComment }] : [];
  });
  for (let i = 0; i < remarks.length; i += 1000)
    await tx
      .insert(reportCardRemarks)
      .values(remarks.slice(i, i + 1000))
      .onConflictDoNothing();
}
