import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/test-app';
import { app, t, other, teacher, admin, superAdmin, student, parent, setUp, tearDown } from './results.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('result settings (GET/PUT /api/results/settings)', () => {
  const valid = {
    maxima: { test1: 10, test2: 10, assignment: 10, exam: 70 },
    gradingScale: [
      { min: 75, max: 100, grade: 'A', point: 4, remark: 'Excellent' },
      { min: 50, max: 74, grade: 'C', point: 2, remark: 'Credit' },
      { min: 0, max: 49, grade: 'F', point: 0, remark: 'Fail' },
    ],
    passMark: 50,
    requirePin: true,
  };

  it('answers the defaults until the school saves (15/15/10/60, A+ … F, pass mark 40)', async () => {
    const res = await (await admin()).get('/api/results/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      schoolId: t.school.id,
      saved: false,
      maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
      passMark: 40,
      requirePin: false,
    });
    expect(res.json().gradingScale.map((b: { grade: string; min: number; max: number }) => `${b.grade} ${b.min}-${b.max}`)).toEqual([
      'A+ 90-100',
      'A 70-89',
      'B 60-69',
      'C 50-59',
      'D 45-49',
      'E 40-44',
      'F 0-39',
    ]);
  });

  it('refuses maxima not adding up to 100 and scales with gaps, overlaps or not covering 0–100 (400), writing nothing', async () => {
    const client = await admin();
    const cases: Array<[unknown, string, string]> = [
      [{ ...valid, maxima: { ...valid.maxima, exam: 60 } }, 'maxima', 'The maximum scores must add up to 100'],
      [
        { ...valid, gradingScale: [valid.gradingScale[0], { ...valid.gradingScale[1], min: 51 }, valid.gradingScale[2]] },
        'gradingScale',
        'The grading scale has a gap between 49 (F) and 51 (C)',
      ],
      [
        { ...valid, gradingScale: [valid.gradingScale[0], { ...valid.gradingScale[1], max: 80 }, valid.gradingScale[2]] },
        'gradingScale',
        'The grading scale overlaps: A (75–100) and C (50–80)',
      ],
      [
        { ...valid, gradingScale: [{ ...valid.gradingScale[0], max: 99 }, valid.gradingScale[1], valid.gradingScale[2]] },
        'gradingScale',
        'The grading scale must end at 100',
      ],
      [
        { ...valid, gradingScale: [valid.gradingScale[0], valid.gradingScale[1], { ...valid.gradingScale[2], min: 1 }] },
        'gradingScale',
        'The grading scale must start at 0',
      ],
      [{ ...valid, gradingScale: [] }, 'gradingScale', 'Add at least one grade to the grading scale'],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.put('/api/results/settings', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors).toEqual({ [field]: message });
      expect(res.json().message).toBe(message);
    }
    expect((await client.get('/api/results/settings')).json().saved).toBe(false);
  });

  it('lets the super administrator choose a school of the organisation (400 without one, 404 for another organisation’s)', async () => {
    const client = await superAdmin();
    expect((await client.get('/api/results/settings')).json()).toMatchObject({ errors: { schoolId: 'Please select a school' } });
    expect((await client.get(`/api/results/settings?schoolId=${other.school.id}`)).statusCode).toBe(404);
    const res = await client.get(`/api/results/settings?schoolId=${t.school.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().schoolId).toBe(t.school.id);
  });

  it('takes a schoolId that is not an id as none (400), without failing in the database', async () => {
    const res = await (await superAdmin()).get('/api/results/settings?schoolId=not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please select a school', errors: { schoolId: 'Please select a school' } });
  });

  it('answers 401 signed out and 403 to teachers, students and parents', async () => {
    expect((await new TestClient(app).get('/api/results/settings')).statusCode).toBe(401);
    expect((await (await teacher()).get('/api/results/settings')).statusCode).toBe(403);
    expect((await (await student()).put('/api/results/settings', valid)).statusCode).toBe(403);
    expect((await (await parent()).get('/api/results/settings')).statusCode).toBe(403);
  });
});
