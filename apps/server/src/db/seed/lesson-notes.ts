/**
 * Demo lesson notes (issue 19): a few notes of the current term submitted by subject teachers and
 * waiting for the administrator's review, and two already approved, so that the review screen has
 * work. None is the demo teacher's (the browser journey writes hers). One school (ADR 0026).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../client';
import { lessonNotes } from '../schema';

/** The subject, class, week and topic of each note; the first four wait for review. */
const NOTES: Array<{ code: string; level: string; arm: string; week: number; title: string; points: string[] }> = [
  {
    code: 'MTH',
    level: 'JSS 2',
    arm: 'A',
    week: 3,
    title: 'Simple equations',
    points: ['Form equations from word problems', 'Solve by balancing both sides', 'Check the answer by substitution'],
  },
  {
    code: 'BSC',
    level: 'JSS 1',
    arm: 'B',
    week: 3,
    title: 'Living and non-living things',
    points: ['Characteristics of living things (MR NIGER D)', 'Sort classroom objects', 'Class exercise: ten examples each'],
  },
  {
    code: 'CHE',
    level: 'SSS 1',
    arm: 'A',
    week: 2,
    title: 'Separation of mixtures',
    points: ['Filtration, evaporation and distillation', 'Demonstration: salt from sea water', 'Assignment: three everyday examples'],
  },
  {
    code: 'CVE',
    level: 'JSS 3',
    arm: 'A',
    week: 2,
    title: 'Citizenship: rights and duties',
    points: ['Meaning of citizenship', 'Rights of a Nigerian citizen', 'Duties and obligations to the state'],
  },
  {
    code: 'ECO',
    level: 'SSS 2',
    arm: 'B',
    week: 1,
    title: 'Demand and supply',
    points: ['The law of demand', 'Drawing the demand curve', 'Factors that shift demand'],
  },
  {
    code: 'AGR',
    level: 'JSS 2',
    arm: 'B',
    week: 1,
    title: 'Farm tools and their uses',
    points: ['Simple farm tools: cutlass, hoe, rake', 'Care and maintenance', 'Practical: the school farm'],
  },
];

export async function seedLessonNotes(db: DbOrTx, schoolId: string, demoTeacherUserId: string, reviewerUserId: string | null): Promise<void> {
  const candidates = rowsOf<{
    code: string;
    level: string;
    arm: string;
    class_id: string;
    subject_id: string;
    teacher_id: string;
    term_id: string;
    start_date: string;
  }>(
    await db.execute(sql`
      select sub.code, c.level, c.arm, c.id as class_id, cs.subject_id, cs.teacher_id, cur.id as term_id, cur.start_date::text as start_date
      from class_subjects cs
      join classes c on c.school_id = cs.school_id and c.id = cs.class_id
      join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id and s.status = 'Active'
      join terms cur on cur.school_id = c.school_id and cur.academic_session_id = s.id and cur.is_current
      join subjects sub on sub.school_id = cs.school_id and sub.id = cs.subject_id
      join staff st on st.school_id = cs.school_id and st.id = cs.teacher_id
      where cs.school_id = ${schoolId} and (st.user_id is null or st.user_id <> ${demoTeacherUserId})`),
  );
  const rows = NOTES.flatMap((note, index) => {
    const found = candidates.find((c) => c.code === note.code && c.level === note.level && c.arm === note.arm);
    if (!found) return [];
    const submittedAt = new Date(`${found.start_date}T16:00:00Z`);
    submittedAt.setUTCDate(submittedAt.getUTCDate() + 7 * (note.week - 1) + 3 + index);
    const approved = index >= 4;
    const reviewedAt = new Date(submittedAt.getTime() + 20 * 3_600_000);
    return [
      {
        schoolId,
        teacherId: found.teacher_id,
        classId: found.class_id,
        subjectId: found.subject_id,
        termId: found.term_id,
        week: note.week,
        title: note.title,
        body: `<h3>Objectives</h3><p>By the end of the lesson, students should understand ${note.title.toLowerCase()}.</p><ul>${note.points.map((p) => `<li>${p}</li>`).join('')}</ul>`,
        status: approved ? 'Approved' : 'Submitted',
        reviewedByUserId: approved ? reviewerUserId : null,
        reviewedAt: approved ? reviewedAt : null,
        submittedAt,
        createdAt: new Date(submittedAt.getTime() - 3_600_000),
        updatedAt: approved ? reviewedAt : submittedAt,
      },
    ];
  });
  if (rows.length > 0) await db.insert(lessonNotes).values(rows).onConflictDoNothing();
}
