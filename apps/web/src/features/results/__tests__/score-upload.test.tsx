import type { ScoreSheet } from '@school/shared/results/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { ScoreEntry } from '../components/score-entry';

const place = { termId: 'term-1', classId: 'class-1', subjectId: 'maths' };

const row = (studentId: string, name: string, values: Partial<ScoreSheet['rows'][number]> = {}): ScoreSheet['rows'][number] => ({
  studentId,
  name,
  admissionNumber: `BFC/${studentId}`,
  test1: null,
  test2: null,
  assignment: null,
  exam: null,
  total: null,
  grade: null,
  remark: null,
  position: null,
  incomplete: true,
  ...values,
});

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
  approval: {
    submissionOn: false,
    submittedAt: null,
    submittedByName: null,
    returnedAt: null,
    returnedByName: null,
    returnNote: null,
    canSubmit: false,
  },
  rows: [row('ada', 'Obi Ada'), row('bola', 'Ade Bola')],
  classAverage: null,
  highest: null,
  lowest: null,
  ...overrides,
});

const saved = sheet({
  rows: [
    row('ada', 'Obi Ada', { test1: 15, test2: 15, assignment: 10, exam: 60, total: 100, grade: 'A+', position: 1, incomplete: false }),
    row('bola', 'Ade Bola', { test1: 9.5, exam: 40, total: 49.5, grade: 'D', position: 2 }),
  ],
  classAverage: 74.75,
  highest: 100,
  lowest: 49.5,
});

const cell = (component: string, name: string) => screen.getByRole('textbox', { name: `${component} for ${name}` }) as HTMLInputElement;
const csvFile = () => new File(['Admission number,Student,Test 1,Test 2,Assignment,Exam\n'], 'maths.csv', { type: 'text/csv' });

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

describe('ScoreUpload (beside the score grid)', () => {
  it('offers the template as CSV and Excel, uploads the chosen file and shows the saved scores', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/scores': { status: 200, body: sheet() },
    });
    // the upload answers when the test says, to see the progress meanwhile
    const pending = new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
    const mockedFetch = vi.mocked(fetch);
    const fallback = mockedFetch.getMockImplementation()!;
    mockedFetch.mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith('/api/results/scores/upload')) return fallback(input, init);
      const { status, body } = await pending;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    const user = renderEntry();

    const csvLink = await screen.findByRole('link', { name: 'Download the template as CSV' });
    expect(csvLink.getAttribute('href')).toBe('/api/results/scores/template?termId=term-1&classId=class-1&subjectId=maths&format=csv');
    expect(screen.getByRole('link', { name: 'Download the template as Excel' }).getAttribute('href')).toBe(
      '/api/results/scores/template?termId=term-1&classId=class-1&subjectId=maths&format=xlsx',
    );
    const button = screen.getByRole('button', { name: 'Upload scores' });
    button.focus();
    expect(document.activeElement).toBe(button);

    await user.upload(screen.getByLabelText('Scores file'), csvFile());
    expect(await screen.findByRole('button', { name: /Uploading…/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('Uploading maths.csv…')).toBeTruthy();

    const call = mockedFetch.mock.calls.find(([url]) => String(url).startsWith('/api/results/scores/upload'))!;
    expect(call[1]?.method).toBe('POST');
    const form = call[1]?.body as FormData;
    expect(form.get('termId')).toBe('term-1');
    expect(form.get('classId')).toBe('class-1');
    expect(form.get('subjectId')).toBe('maths');
    expect((form.get('file') as File).name).toBe('maths.csv');

    answer({ status: 200, body: saved });
    expect(await screen.findByText('Scores uploaded')).toBeTruthy();
    await waitFor(() => expect(cell('Test 1', 'Obi Ada').value).toBe('15'));
    expect(cell('Test 1', 'Ade Bola').value).toBe('9.5');
    expect(screen.getByRole('row', { name: /Obi Ada/ }).textContent).toContain('A+');
    expect(screen.getByRole('button', { name: 'Upload scores' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(/Nothing was saved/)).toBeNull();
  });

  it('lists every wrong row the server names, and nothing changes in the grid', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/scores': { status: 200, body: sheet() },
      'POST /api/results/scores/upload': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Row 3: No student of JSS 1 A has admission number “XYZ/1”',
          rows: [
            { row: 3, message: 'No student of JSS 1 A has admission number “XYZ/1”' },
            { row: 4, message: 'Eze Chi: Test 1 cannot be above 15' },
            { row: 4, message: 'Eze Chi: Exam must be a whole or half mark' },
          ],
        },
      },
    });
    const user = renderEntry();
    await user.upload(await screen.findByLabelText('Scores file'), csvFile());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was saved. Correct these rows and upload the file again:')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 3: No student of JSS 1 A has admission number “XYZ/1”',
      'Row 4: Eze Chi: Test 1 cannot be above 15',
      'Row 4: Eze Chi: Exam must be a whole or half mark',
    ]);
    expect(cell('Test 1', 'Obi Ada').value).toBe('');
    expect(screen.queryByText('Scores uploaded')).toBeNull();
  });

  it('shows the server’s message for a file it cannot read, and checks the kind before sending', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/scores': { status: 200, body: sheet() },
      'POST /api/results/scores/upload': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'The file is not a readable Excel workbook (.xlsx)', errors: { file: 'x' } },
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ScoreEntry scope="teacher" place={place} />);
    await user.upload(await screen.findByLabelText('Scores file'), new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a CSV or Excel (.xlsx) file');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.upload(screen.getByLabelText('Scores file'), new File(['junk'], 'maths.xlsx'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file is not a readable Excel workbook (.xlsx)'));
  });

  it('is hidden when the sheet cannot be saved', async () => {
    mockApi({
      'GET /api/results/scores': {
        status: 200,
        body: sheet({ published: true, canEdit: false, lockedReason: 'These results are published; only an administrator can change them' }),
      },
    });
    renderWithProviders(<ScoreEntry scope="teacher" place={place} />);
    expect(await screen.findByText('Obi Ada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload scores' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Download the template/ })).toBeNull();
  });
});
