import { DEFAULT_TRAITS, RATING_KEY } from '@school/shared/ratings/constants';
import type { ReportCard } from '@school/shared/report-cards/responses';
import { PRINCIPAL_COMMENT_MAX } from '@school/shared/report-cards/schemas';
import { DEFAULT_GRADING_SCALE } from '@school/shared/results/settings';
import { describe, expect, it } from 'vitest';
import { A4 } from '../../lib/pdf';
import { reportCardPage } from './report-card.pdf';

const SUBJECTS = 19;
const TERMS = [
  { termId: 't1', name: 'First' },
  { termId: 't2', name: 'Second' },
  { termId: 't3', name: 'Third' },
];

/** A full card: 19 subjects, every trait rated, comments of a few lines, with or without the three terms' columns. */
function fullCard(cumulative: boolean, commentLength = 160): ReportCard {
  const long = (words: string) => `${words} `.repeat(60).slice(0, commentLength).trim();
  return {
    school: {
      name: 'Greenfield Model College',
      address: '12 Adeola Odeku Street, Victoria Island, Lagos',
      phone: '08012345678',
      email: 'office@greenfield.test',
      logoUrl: null,
    },
    student: {
      id: 's',
      name: 'Oluwaseun-Adebayo Chukwuemeka',
      admissionNumber: 'GMC/2023/0042',
      gender: 'male',
      className: 'JSS 3 Gold',
      classId: 'c',
      photoUrl: null,
    },
    term: { id: 't3', name: 'Third', sessionName: '2023/24', startDate: '2024-04-22', endDate: '2024-07-19' },
    nextTermStartDate: '2024-09-09',
    fees: { nextTermKobo: 5_000_050, owedKobo: 2_000_000 },
    published: true,
    maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
    subjects: Array.from({ length: SUBJECTS }, (_, i) => ({
      subjectId: `sub${i}`,
      subjectName: `Cultural and Creative Arts ${i + 1}`,
      test1: 12.5,
      test2: 13.5,
      assignment: 8,
      exam: 55.5,
      total: 89.5,
      grade: 'A',
      remark: 'Excellent',
      teacherName: 'Mrs. Oluwafunmilayo Adeyemi-Bakare',
      position: 12,
      classAverage: 66.67,
      highest: 99.5,
      lowest: 12.5,
    })),
    overall: { total: 1700.5, average: 89.5, position: 3, subjectsTaken: SUBJECTS, classSize: 28, classAverage: 66.67 },
    cumulative: cumulative
      ? {
          terms: TERMS,
          subjects: Array.from({ length: SUBJECTS }, (_, i) => ({ subjectId: `sub${i}`, totals: [88.5, i === 0 ? null : 76, 89.5], average: 84.67 })),
          annualAverage: 84.67,
          annualPosition: 3,
          classSize: 28,
        }
      : null,
    attendance: { present: 58, daysOpen: 62, absent: 4 },
    teacherComments: [
      { comment: long('Diligent and thoughtful in class.'), score: 8, authorName: 'Mrs. Adeyemi' },
      { comment: 'Punctual', score: 7, authorName: 'Mrs. Adeyemi' },
    ],
    classTeacherName: 'Mrs. Oluwafunmilayo Adeyemi-Bakare',
    classTeacherComment: long('Chidi is punctual and helpful to his classmates.'),
    principalComment: long('A very fine session; keep it up.'),
    ratings: {
      affective: DEFAULT_TRAITS.affective.map((name) => ({ name, rating: 4 })),
      psychomotor: DEFAULT_TRAITS.psychomotor.map((name) => ({ name, rating: 3 })),
      key: [...RATING_KEY],
    },
    gradingScale: DEFAULT_GRADING_SCALE.map((b) => ({ grade: b.grade, min: b.min, max: b.max, remark: b.remark })),
    canEditPrincipalComment: false,
  };
}

/** Where the page's content ends: the last line of the key to grades, above the signatures. */
function contentBottom(card: ReportCard): number {
  const page = reportCardPage(card);
  const signature = page.texts.find((t) => t.text === "Principal's signature")!;
  return Math.max(...page.texts.filter((t) => t.y < signature.y - 12).map((t) => t.y));
}

describe('the report card page', () => {
  it.each([false, true])('fits 19 subjects, the ratings and comments of two lines on one A4 page (three terms’ columns: %s)', (cumulative) => {
    const page = reportCardPage(fullCard(cumulative));
    // every baseline above the page's foot, with room for the descenders
    expect(Math.max(...page.texts.map((t) => t.y), ...(page.lines ?? []).map((l) => Math.max(l.y1, l.y2)))).toBeLessThanOrEqual(A4.height - 6);
  });

  it.each([false, true])('sets a card with every comment at its longest tighter, still on one page (three terms’ columns: %s)', (cumulative) => {
    const roomy = reportCardPage(fullCard(cumulative, 120));
    const full = reportCardPage(fullCard(cumulative, PRINCIPAL_COMMENT_MAX));
    const lowest = (page: typeof full) => Math.max(...page.texts.map((t) => t.y), ...(page.lines ?? []).map((l) => Math.max(l.y1, l.y2)));
    expect(lowest(full)).toBeLessThanOrEqual(A4.height - 6);
    // the signatures stay where a roomy card has them, and the long comments print whole, in smaller type
    const signature = (page: typeof full) => page.texts.find((t) => t.text === "Principal's signature")!.y;
    expect(signature(full)).toBe(signature(roomy));
    const commentSizes = (page: typeof full) => new Set(page.texts.filter((t) => t.text.startsWith('A very fine session')).map((t) => t.size ?? 0));
    expect(Math.max(...commentSizes(full))).toBeLessThan(Math.max(...commentSizes(roomy)));
    const printed = full.texts.map((t) => t.text).join(' ');
    expect(printed).toContain(fullCard(cumulative, PRINCIPAL_COMMENT_MAX).principalComment!.slice(-30));
  });

  it('prints the terms’ columns and the annual figures without making the card longer', () => {
    for (const length of [0, 250, PRINCIPAL_COMMENT_MAX]) {
      expect(contentBottom(fullCard(true, length))).toBeLessThanOrEqual(contentBottom(fullCard(false, length)));
    }
    const strings = reportCardPage(fullCard(true)).texts.map((t) => t.text);
    expect(strings).toEqual(
      expect.arrayContaining(['1st', '2nd', '3rd', 'Term', 'Cum.', '88.50', '76', '84.67', 'Annual average: 84.67', 'Annual position: 3rd of 28']),
    );
    // a subject without a Second term total shows a dash in that column
    expect(strings.filter((s) => s === '-').length).toBeGreaterThan(0);
    const without = reportCardPage(fullCard(false)).texts.map((t) => t.text);
    expect(without).not.toContain('Cum.');
    expect(without.some((s) => s.startsWith('Annual'))).toBe(false);
  });
});
