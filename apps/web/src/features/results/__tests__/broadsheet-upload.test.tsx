import type { Broadsheet } from '@school/shared/results/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminResults } from '../routes/admin-results';

const TERM = '6f1c2f0e-1111-4a4a-9b9b-0000000000e1';
const CLASS = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const at = `/admin/records/results?termId=${TERM}&classId=${CLASS}`;

const options = {
  academicSessionId: 's',
  terms: [{ id: TERM, name: 'First', isCurrent: false }],
  classes: [{ id: CLASS, name: 'JSS 1 A' }],
  subjects: [],
};

const noScore = (subjectId: string) => ({
  subjectId,
  test1: null,
  test2: null,
  assignment: null,
  exam: null,
  total: null,
  grade: null,
  point: null,
  remark: null,
  position: null,
  incomplete: false,
});

const broadsheet: Broadsheet = {
  classId: CLASS,
  className: 'JSS 1 A',
  termId: TERM,
  termName: 'First',
  sessionName: '2023/24',
  published: false,
  maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
  subjects: [
    { subjectId: 'e', subjectName: 'English', classAverage: null, highest: null, lowest: null },
    { subjectId: 'm', subjectName: 'Mathematics', classAverage: null, highest: null, lowest: null },
  ],
  students: [
    {
      studentId: 'a',
      name: 'Obi Ada',
      admissionNumber: 'BFC/1',
      subjects: [noScore('e'), noScore('m')],
      total: 0,
      average: null,
      position: null,
      subjectsTaken: 0,
    },
  ],
  classAverage: null,
  studentCount: 1,
  publication: null,
};

const csvFile = () => new File(['Admission number,Student,ENG Test 1\n'], 'jss1a.csv', { type: 'text/csv' });

/** The page with the broadsheet shown; answers the whole-class upload with `upload`. */
function renderPage(upload: { status: number; body: unknown }) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
    'GET /api/records/results/options': { status: 200, body: options },
    'GET /api/records/results': { status: 200, body: broadsheet },
    'POST /api/records/results/broadsheet/upload': upload,
  });
  const user = userEvent.setup();
  renderWithProviders(<AdminResults />, { route: at });
  return { user, requests };
}

const region = () => screen.findByRole('region', { name: 'Whole class (all subjects)' });

describe('admin results: the whole-class (all subjects) upload', () => {
  it('offers the class’s template as CSV and Excel, sends the chosen file, and sums up what was saved per subject', async () => {
    const { user, requests } = renderPage({
      status: 200,
      body: {
        termId: TERM,
        termName: 'First',
        classId: CLASS,
        className: 'JSS 1 A',
        subjects: [
          { subjectId: 'e', subjectName: 'English', changed: 1 },
          { subjectId: 'm', subjectName: 'Mathematics', changed: 0 },
        ],
      },
    });
    const section = await region();
    expect(within(section).getByText(/every subject's scores for JSS 1 A/).textContent).toContain('maxima Test 1 15, Test 2 15, Assignment 10, Exam 60');
    expect(within(section).getByRole('link', { name: 'Download the whole-class template as CSV' }).getAttribute('href')).toBe(
      `/api/records/results/broadsheet/template?termId=${TERM}&classId=${CLASS}&format=csv`,
    );
    expect(within(section).getByRole('link', { name: 'Download the whole-class template as Excel' }).getAttribute('href')).toBe(
      `/api/records/results/broadsheet/template?termId=${TERM}&classId=${CLASS}&format=xlsx`,
    );
    expect(within(section).getByRole('button', { name: 'Upload whole class' })).toBeTruthy();
    const broadsheetReads = () => requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/records/results?')).length;
    const readsBefore = broadsheetReads();

    await user.upload(within(section).getByLabelText('Whole-class scores file'), csvFile());
    expect(await within(section).findByText('Scores saved for 2 subjects')).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['English: 1 student changed', 'Mathematics: no changes']);

    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url) === '/api/records/results/broadsheet/upload')!;
    expect(call[1]?.method).toBe('POST');
    const form = call[1]?.body as FormData;
    expect([form.get('termId'), form.get('classId'), (form.get('file') as File).name]).toEqual([TERM, CLASS, 'jss1a.csv']);
    // the broadsheet above shows the saved scores
    await waitFor(() => expect(broadsheetReads()).toBeGreaterThan(readsBefore));
  });

  it('lists every wrong row the server names: nothing was saved', async () => {
    const { user } = renderPage({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Row 3: No student of JSS 1 A has admission number “XYZ/1”',
        rows: [
          { row: 3, message: 'No student of JSS 1 A has admission number “XYZ/1”' },
          { row: 4, message: 'Eze Chi: MTH Exam cannot be above 60' },
        ],
      },
    });
    const section = await region();
    await user.upload(within(section).getByLabelText('Whole-class scores file'), csvFile());
    const alert = await within(section).findByRole('alert');
    expect(within(alert).getByText('Nothing was saved. Correct these rows and upload the file again:')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Row 3: No student of JSS 1 A has admission number “XYZ/1”', 'Row 4: Eze Chi: MTH Exam cannot be above 60']);
    expect(within(section).queryByText(/Scores saved for/)).toBeNull();
  });

  it('checks the kind of file before sending it', async () => {
    const { requests } = renderPage({ status: 500, body: {} });
    const user = userEvent.setup({ applyAccept: false });
    const section = await region();
    await user.upload(within(section).getByLabelText('Whole-class scores file'), new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Choose a CSV or Excel (.xlsx) file');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
