import { DEFAULT_GRADING_SCALE, DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import { describe, expect, it } from 'vitest';
import { computeResults, cumulativeAverage, cumulativeResults, gradeFor, rank, round2, subjectTotal } from './results.compute';

describe('subjectTotal', () => {
  it('adds the components present, in half marks exactly', () => {
    expect(subjectTotal({ test1: 12.5, test2: 13.5, assignment: 8, exam: 50.5 })).toEqual({ total: 84.5, incomplete: false });
    expect(subjectTotal({ test1: 0.1 + 0.2, test2: 0, assignment: 0, exam: 0 }).total).toBe(0.3);
  });
  it('totals what exists and marks the row incomplete when a component (e.g. the exam) is missing', () => {
    expect(subjectTotal({ test1: 10, test2: 12, assignment: 8, exam: null })).toEqual({ total: 30, incomplete: true });
  });
  it('has no total without any component', () => {
    expect(subjectTotal({ test1: null, test2: null, assignment: null, exam: null })).toEqual({ total: null, incomplete: true });
  });
  it('counts a 0 as a score', () => {
    expect(subjectTotal({ test1: 0, test2: 0, assignment: 0, exam: 0 })).toEqual({ total: 0, incomplete: false });
  });
});

describe('gradeFor with the default scale', () => {
  const cases: Array<[number, string, number, string]> = [
    [0, 'F', 0, 'Fail'],
    [39, 'F', 0, 'Fail'],
    [39.5, 'F', 0, 'Fail'], // marks are never rounded up: 39.5 has not reached 40
    [40, 'E', 0.5, 'Pass'],
    [44, 'E', 0.5, 'Pass'],
    [44.5, 'E', 0.5, 'Pass'],
    [45, 'D', 1, 'Fair'],
    [49, 'D', 1, 'Fair'],
    [50, 'C', 2, 'Good'],
    [59, 'C', 2, 'Good'],
    [60, 'B', 3, 'Very Good'],
    [69, 'B', 3, 'Very Good'],
    [70, 'A', 4, 'Excellent'],
    [89, 'A', 4, 'Excellent'],
    [89.5, 'A', 4, 'Excellent'],
    [90, 'A+', 5, 'Distinction'],
    [100, 'A+', 5, 'Distinction'],
  ];
  it.each(cases)('%s → %s (%s, %s)', (total, grade, point, remark) => {
    expect(gradeFor(total, DEFAULT_GRADING_SCALE)).toMatchObject({ grade, point, remark });
  });
  it('has no grade without a total', () => {
    expect(gradeFor(null, DEFAULT_GRADING_SCALE)).toBeNull();
  });
});

describe('rank', () => {
  it('shares a position between ties and skips the next (1, 2, 2, 4)', () => {
    const positions = rank([
      { key: 'a', value: 80 },
      { key: 'b', value: 70 },
      { key: 'c', value: 90 },
      { key: 'd', value: 80 },
      { key: 'e', value: null },
    ]);
    expect(Object.fromEntries(positions)).toEqual({ c: 1, a: 2, d: 2, b: 4, e: null });
  });
  it('gives everyone 1 when all are equal', () => {
    expect([
      ...rank([
        { key: 1, value: 5 },
        { key: 2, value: 5 },
        { key: 3, value: 5 },
      ]).values(),
    ]).toEqual([1, 1, 1]);
  });
});

describe('round2 and cumulativeAverage', () => {
  it('rounds half up at 2 decimals', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(66.666)).toBe(66.67);
  });
  it('averages the term averages that exist', () => {
    expect(cumulativeAverage([60, null, 71])).toBe(65.5);
    expect(cumulativeAverage([null, null])).toBeNull();
  });
});

describe('computeResults (hand-worked class of 4, 2 subjects)', () => {
  const base = {
    classId: 'c',
    className: 'JSS 1 A',
    termId: 't',
    termName: 'First',
    sessionName: '2023/24',
    published: false,
    settings: DEFAULT_RESULT_SETTINGS,
    subjects: [
      { subjectId: 'eng', subjectName: 'English' },
      { subjectId: 'mat', subjectName: 'Mathematics' },
    ],
    students: [
      { studentId: 'ada', name: 'Obi Ada', admissionNumber: 'R1' },
      { studentId: 'bola', name: 'Ade Bola', admissionNumber: 'R2' },
      { studentId: 'chi', name: 'Eze Chi', admissionNumber: 'R3' },
      { studentId: 'dayo', name: 'Ola Dayo', admissionNumber: null },
    ],
  };
  const s = (studentId: string, subjectId: string, test1: number | null, test2: number | null, assignment: number | null, exam: number | null) => ({
    studentId,
    subjectId,
    test1,
    test2,
    assignment,
    exam,
  });
  // English: ada 10+10+5+45=70, bola 12+13+7+48=80, chi 12.5+12.5+5+50=80, dayo 10+9+8+exam missing=27
  // Maths:   ada 15+15+10+60=100, bola 5+5+5+24.5=39.5, chi 8+7+5+20=40, dayo none
  const scores = [
    s('ada', 'eng', 10, 10, 5, 45),
    s('bola', 'eng', 12, 13, 7, 48),
    s('chi', 'eng', 12.5, 12.5, 5, 50),
    s('dayo', 'eng', 10, 9, 8, null),
    s('ada', 'mat', 15, 15, 10, 60),
    s('bola', 'mat', 5, 5, 5, 24.5),
    s('chi', 'mat', 8, 7, 5, 20),
    s('ghost', 'mat', 15, 15, 10, 60), // not in the class: ignored
  ];
  const result = computeResults({ ...base, scores });
  const student = (id: string) => result.students.find((x) => x.studentId === id)!;

  it('totals, grades and ranks each subject with shared positions', () => {
    expect(student('bola').subjects[0]).toMatchObject({ total: 80, grade: 'A', point: 4, remark: 'Excellent', position: 1, incomplete: false });
    expect(student('chi').subjects[0]).toMatchObject({ total: 80, grade: 'A', position: 1 });
    expect(student('ada').subjects[0]).toMatchObject({ total: 70, grade: 'A', position: 3 });
    expect(student('dayo').subjects[0]).toMatchObject({ total: 27, grade: 'F', position: 4, incomplete: true, exam: null });
    expect(student('ada').subjects[1]).toMatchObject({ total: 100, grade: 'A+', position: 1 });
    expect(student('chi').subjects[1]).toMatchObject({ total: 40, grade: 'E', position: 2 });
    expect(student('bola').subjects[1]).toMatchObject({ total: 39.5, grade: 'F', position: 3 });
    expect(student('dayo').subjects[1]).toMatchObject({ total: null, grade: null, point: null, remark: null, position: null });
  });

  it('summarises each subject: class average, highest, lowest', () => {
    // English (70+80+80+27)/4 = 64.25; Maths (100+39.5+40)/3 = 59.833… → 59.83
    expect(result.subjects).toEqual([
      { subjectId: 'eng', subjectName: 'English', classAverage: 64.25, highest: 80, lowest: 27 },
      { subjectId: 'mat', subjectName: 'Mathematics', classAverage: 59.83, highest: 100, lowest: 39.5 },
    ]);
  });

  it('computes each student overall: total, average over subjects with a score, position', () => {
    // ada 170/2=85 (1st), chi 120/2=60 (2nd), bola 119.5/2=59.75 (3rd), dayo 27/1=27 (4th)
    expect(result.students.map((x) => [x.studentId, x.total, x.average, x.subjectsTaken, x.position])).toEqual([
      ['ada', 170, 85, 2, 1],
      ['bola', 119.5, 59.75, 2, 3],
      ['chi', 120, 60, 2, 2],
      ['dayo', 27, 27, 1, 4],
    ]);
    // (85 + 59.75 + 60 + 27) / 4 = 57.9375 → 57.94
    expect(result.classAverage).toBe(57.94);
    expect(result.studentCount).toBe(4);
  });

  it('shares the overall position on equal averages', () => {
    const tied = computeResults({
      ...base,
      scores: [s('ada', 'eng', 10, 10, 10, 40), s('bola', 'eng', 15, 15, 10, 30), s('chi', 'eng', 15, 15, 10, 60), s('dayo', 'eng', 1, 1, 1, 1)],
    });
    expect(tied.students.map((x) => x.position)).toEqual([2, 2, 1, 4]);
  });

  it('recomputes with a changed scale: the same scores, new grades', () => {
    const strict = computeResults({
      ...base,
      settings: {
        ...DEFAULT_RESULT_SETTINGS,
        gradingScale: [
          { min: 75, max: 100, grade: 'A', point: 4, remark: 'Excellent' },
          { min: 50, max: 74, grade: 'C', point: 2, remark: 'Credit' },
          { min: 0, max: 49, grade: 'F', point: 0, remark: 'Fail' },
        ],
      },
      scores,
    });
    const ada = strict.students.find((x) => x.studentId === 'ada')!;
    expect(ada.subjects[0]).toMatchObject({ total: 70, grade: 'C', remark: 'Credit' });
    const chi = strict.students.find((x) => x.studentId === 'chi')!;
    expect(chi.subjects[1]).toMatchObject({ total: 40, grade: 'F' });
  });

  it('has empty summaries for a class without scores', () => {
    const empty = computeResults({ ...base, scores: [] });
    expect(empty.subjects[0]).toMatchObject({ classAverage: null, highest: null, lowest: null });
    expect(empty.students[0]).toMatchObject({ total: 0, average: null, position: null, subjectsTaken: 0 });
    expect(empty.classAverage).toBeNull();
  });
});

describe('cumulativeResults (ADR 0034: hand-worked class of 3, 2 subjects, 3 terms)', () => {
  const term = (termId: string, termName: string, students: string[], totals: Array<[string, string, number]>) =>
    computeResults({
      classId: 'c',
      className: 'JSS 1 A',
      termId,
      termName,
      sessionName: '2023/24',
      published: false,
      settings: DEFAULT_RESULT_SETTINGS,
      subjects: [
        { subjectId: 'eng', subjectName: 'English' },
        { subjectId: 'mat', subjectName: 'Mathematics' },
      ],
      students: students.map((id) => ({ studentId: id, name: id, admissionNumber: null })),
      scores: totals.map(([studentId, subjectId, total]) => ({ studentId, subjectId, test1: null, test2: null, assignment: null, exam: total })),
    });
  // chi joined in the Second term; bola has no Mathematics total in the Second term
  const first = term(
    't1',
    'First',
    ['ada', 'bola'],
    [
      ['ada', 'eng', 60],
      ['ada', 'mat', 80],
      ['bola', 'eng', 70],
      ['bola', 'mat', 70],
    ],
  );
  const second = term(
    't2',
    'Second',
    ['ada', 'bola', 'chi'],
    [
      ['ada', 'eng', 70],
      ['ada', 'mat', 90],
      ['bola', 'eng', 70],
      ['chi', 'eng', 50],
      ['chi', 'mat', 50],
    ],
  );
  const third = term(
    't3',
    'Third',
    ['ada', 'bola', 'chi'],
    [
      ['ada', 'eng', 80],
      ['ada', 'mat', 85],
      ['bola', 'eng', 70],
      ['bola', 'mat', 100],
      ['chi', 'eng', 95],
      ['chi', 'mat', 95],
    ],
  );
  const result = cumulativeResults([first, second, third])!;

  it('lists each term total per subject and averages the ones that exist', () => {
    expect(result.terms).toEqual([
      { termId: 't1', name: 'First' },
      { termId: 't2', name: 'Second' },
      { termId: 't3', name: 'Third' },
    ]);
    // ada: English (60+70+80)/3 = 70, Maths (80+90+85)/3 = 85
    expect(result.students.get('ada')!.subjects).toEqual([
      { subjectId: 'eng', totals: [60, 70, 80], average: 70 },
      { subjectId: 'mat', totals: [80, 90, 85], average: 85 },
    ]);
    // bola: Maths (70+100)/2 = 85 (the missing Second term does not count as 0)
    expect(result.students.get('bola')!.subjects[1]).toEqual({ subjectId: 'mat', totals: [70, null, 100], average: 85 });
    // chi: not in the class in the First term
    expect(result.students.get('chi')!.subjects[0]).toEqual({ subjectId: 'eng', totals: [null, 50, 95], average: 72.5 });
  });

  it('ranks the annual average (mean of the cumulative averages), ties sharing, unlike the Third term order', () => {
    // Third term: chi 95 (1st), ada 82.5 (2nd), bola 85 → chi 1, bola 2, ada 3.
    // Annual: ada (70+85)/2 = 77.5, bola (70+85)/2 = 77.5, chi (72.5+72.5)/2 = 72.5 → 1, 1, 3
    expect(third.students.map((s) => [s.studentId, s.position])).toEqual([
      ['ada', 3],
      ['bola', 2],
      ['chi', 1],
    ]);
    expect([...result.students].map(([id, s]) => [id, s.annualAverage, s.annualPosition])).toEqual([
      ['ada', 77.5, 1],
      ['bola', 77.5, 1],
      ['chi', 72.5, 3],
    ]);
    expect(result.classSize).toBe(3);
  });

  it('has no annual figures for a student without any total', () => {
    const empty = cumulativeResults([first, term('t3', 'Third', ['ada', 'dayo'], [['ada', 'eng', 50]])])!;
    expect(empty.students.get('dayo')).toEqual({
      subjects: [
        { subjectId: 'eng', totals: [null, null], average: null },
        { subjectId: 'mat', totals: [null, null], average: null },
      ],
      annualAverage: null,
      annualPosition: null,
    });
    // ada: English (60+50)/2 = 55, Maths 80 (First term only) → (55+80)/2 = 67.5
    expect(empty.students.get('ada')).toMatchObject({ annualAverage: 67.5, annualPosition: 1 });
  });
});
