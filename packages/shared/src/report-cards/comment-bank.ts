/**
 * A bank of comments for the principal (and the class teacher) to write on report cards, by the
 * student's term average. A suggestion is only a starting point: the page lets it be edited.
 */

export interface CommentBand {
  /** The lowest average of the band (inclusive); a band runs up to the next band's minimum. */
  min: number;
  label: string;
  comments: readonly string[];
}

/** Highest band first. */
export const COMMENT_BANK: readonly CommentBand[] = [
  {
    min: 75,
    label: 'Excellent (75-100)',
    comments: [
      'An excellent result. Keep it up.',
      'An outstanding performance. We are proud of you; keep it up.',
      'Excellent work this term. Remain focused and humble.',
      'A brilliant result. Keep setting the pace for others.',
    ],
  },
  {
    min: 60,
    label: 'Very good (60-74)',
    comments: [
      'A very good result; aim higher next term.',
      'Very good performance. With more effort you can reach the top.',
      'A commendable result. Keep working hard.',
    ],
  },
  {
    min: 50,
    label: 'Good (50-59)',
    comments: [
      'A good result, but there is room for improvement.',
      'A fair performance. Work harder to do better next term.',
      'Good effort. More reading will bring better results.',
    ],
  },
  {
    min: 40,
    label: 'Fair (40-49)',
    comments: [
      'A fair result. You can do much better with more effort.',
      'This result is below your ability. Study harder next term.',
      'A pass, but more seriousness is needed in your studies.',
    ],
  },
  {
    min: 0,
    label: 'Weak (0-39)',
    comments: [
      'A weak result. More effort and closer attention are needed.',
      'A poor performance. Sit up and take your studies seriously.',
      'This result is not encouraging. Work closely with your teachers next term.',
    ],
  },
];

/** The band an average falls in (null when there is no average). */
export function bandOf(average: number | null | undefined): CommentBand | null {
  if (average === null || average === undefined || !Number.isFinite(average)) return null;
  return COMMENT_BANK.find((band) => average >= band.min) ?? COMMENT_BANK[COMMENT_BANK.length - 1];
}

/**
 * A comment for the average from the bank: the band's `index`th (wrapping round, so that a class
 * can be given varied comments); null when the student has no average (no scores yet).
 */
export function suggestComment(average: number | null, index = 0): string | null {
  const band = bandOf(average);
  if (!band) return null;
  const i = Math.abs(Math.trunc(index)) % band.comments.length;
  return band.comments[i];
}

/**
 * The class teacher's bank: the same bands as the principal's, in the class teacher's voice, who
 * sees the student every day ('Chidi is punctual and participates well in class.'). `{name}` is the
 * student's first name.
 */
export const CLASS_TEACHER_COMMENT_BANK: readonly CommentBand[] = [
  {
    min: 75,
    label: 'Excellent (75-100)',
    comments: [
      '{name} is punctual, attentive and participates very well in class. A delight to teach.',
      '{name} works hard, helps classmates and always completes assignments on time. Keep it up.',
      '{name} is a disciplined and diligent student who leads by example in class.',
      '{name} shows keen interest in every subject and asks good questions. Well done.',
    ],
  },
  {
    min: 60,
    label: 'Very good (60-74)',
    comments: [
      '{name} is well behaved and participates well in class. More effort will bring even better results.',
      '{name} is hardworking and neat. Keep revising regularly to reach the top.',
      '{name} is attentive and cooperative in class, and can do even better with more reading.',
    ],
  },
  {
    min: 50,
    label: 'Good (50-59)',
    comments: [
      '{name} is a pleasant student but needs to concentrate more in class.',
      '{name} tries hard in class. Regular study at home will bring better results.',
      '{name} is friendly and punctual but should take assignments more seriously.',
    ],
  },
  {
    min: 40,
    label: 'Fair (40-49)',
    comments: [
      '{name} is capable of doing better but is easily distracted in class.',
      '{name} needs to pay more attention in class and complete assignments on time.',
      '{name} should spend more time on revision and ask questions when in doubt.',
    ],
  },
  {
    min: 0,
    label: 'Weak (0-39)',
    comments: [
      '{name} needs close attention at home and in school to improve next term.',
      '{name} is often distracted in class and must take studies more seriously.',
      '{name} should attend extra lessons and work closely with the subject teachers next term.',
    ],
  },
];

/**
 * A class teacher's comment for the average, as `suggestComment` (the band's `index`th, wrapping
 * round), with the student's first name in it ('This student' without one); null without an average.
 */
export function suggestClassTeacherComment(average: number | null, index = 0, firstName?: string | null): string | null {
  const band = bandOf(average);
  if (!band) return null;
  const comments = CLASS_TEACHER_COMMENT_BANK.find((b) => b.min === band.min)!.comments;
  const name = firstName?.trim() || 'This student';
  return comments[Math.abs(Math.trunc(index)) % comments.length].replaceAll('{name}', name);
}
