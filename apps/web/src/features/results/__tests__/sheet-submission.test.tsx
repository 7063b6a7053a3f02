import type { ScoreSheet } from '@school/shared/results/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { ScoreEntry } from '../components/score-entry';

const place = { termId: 'term-1', classId: 'class-1', subjectId: 'maths' };

const open: ScoreSheet['approval'] = {
  submissionOn: true,
  submittedAt: null,
  submittedByName: null,
  returnedAt: null,
  returnedByName: null,
  returnNote: null,
  canSubmit: true,
};

const sheet = (overrides: Partial<ScoreSheet> = {}): ScoreSheet => ({
  termId: place.termId,
  termName: 'First',
  classId: place.classId,
  className: 'JSS 1 A',
  subjectId: place.subjectId,
  subjectName: 'Mathematics',
  maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
  published: false,
  version: '0-0',
  canEdit: true,
  lockedReason: null,
  approval: open,
  rows: [
    {
      studentId: 'ada',
      name: 'Obi Ada',
      admissionNumber: null,
      test1: 12,
      test2: 13,
      assignment: 8,
      exam: 50,
      total: 83,
      grade: 'A',
      remark: null,
      position: 1,
      incomplete: false,
    },
  ],
  classAverage: 83,
  highest: 83,
  lowest: 83,
  ...overrides,
});

const LOCK = 'Mathematics scores for JSS 1 A were submitted. Ask the class teacher to return the sheet to change them.';

function renderEntry() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ScoreEntry scope="teacher" place={place} />
      <ToastHost />
    </>,
  );
  return user;
}

describe('submitting a score sheet (approval chain)', () => {
  it('asks first, submits, and then shows the sheet locked with who submitted it', async () => {
    let submitted = false;
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/scores': () => ({
        status: 200,
        body: submitted
          ? sheet({
              canEdit: false,
              lockedReason: LOCK,
              approval: { ...open, submittedAt: '2024-03-20T09:15:00.000Z', submittedByName: 'Ngozi Eze', canSubmit: false },
            })
          : sheet(),
      }),
      'POST /api/results/sheets/submit': () => {
        submitted = true;
        return { status: 200, body: { submitted: true } };
      },
    });
    const user = renderEntry();

    expect(await screen.findByText(/Not submitted yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit sheet' }));
    const ask = screen.getByRole('alertdialog', { name: 'Submit this sheet?' });
    expect(within(ask).getByText('You will not be able to change these scores unless your class teacher returns the sheet.')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Submit sheet' }));

    expect(await screen.findByText('Mathematics sheet submitted for JSS 1 A')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([['/api/results/sheets/submit', place]]);
    expect(await screen.findByText(/^Submitted by Ngozi Eze on /)).toBeTruthy();
    expect(screen.getByText(LOCK)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Test 1 for Obi Ada' }).hasAttribute('readonly')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Save scores' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit sheet' })).toBeNull();
  });

  it('cannot be submitted with unsaved changes', async () => {
    mockApi({ 'GET /api/results/scores': { status: 200, body: sheet() } });
    const user = renderEntry();
    const cell = await screen.findByRole('textbox', { name: 'Exam for Obi Ada' });
    await user.clear(cell);
    await user.type(cell, '55');
    expect((screen.getByRole('button', { name: 'Submit sheet' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the class teacher’s note on a returned sheet', async () => {
    mockApi({
      'GET /api/results/scores': {
        status: 200,
        body: sheet({
          approval: { ...open, returnedAt: '2024-03-21T10:00:00.000Z', returnedByName: 'Musa Bello', returnNote: 'Exam scores for Obi Ada look wrong' },
        }),
      },
    });
    renderEntry();
    expect(await screen.findByText(/^Returned by Musa Bello on .*:$/)).toBeTruthy();
    expect(screen.getByText('Exam scores for Obi Ada look wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit sheet' })).toBeTruthy();
  });
});
