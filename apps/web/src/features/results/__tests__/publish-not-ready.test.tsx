import type { Approvals } from '@school/shared/results/approvals';
import type { Broadsheet } from '@school/shared/results/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminResults } from '../routes/admin-results';

const TERM = '6f1c2f0e-1111-4a4a-9b9b-0000000000e1';
const CLASS = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const OTHER = '6f1c2f0e-1111-4a4a-9b9b-0000000000c2';

const options = { academicSessionId: 's', terms: [{ id: TERM, name: 'First', isCurrent: true }], classes: [{ id: CLASS, name: 'JSS 1 A' }], subjects: [] };

const broadsheet: Broadsheet = {
  classId: CLASS,
  className: 'JSS 1 A',
  termId: TERM,
  termName: 'First',
  sessionName: '2023/24',
  published: false,
  maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
  subjects: [{ subjectId: 'm', subjectName: 'Mathematics', classAverage: 80, highest: 80, lowest: 80 }],
  students: [
    {
      studentId: 'a',
      name: 'Obi Ada',
      admissionNumber: null,
      subjects: [
        { subjectId: 'm', test1: 12, test2: 12, assignment: 8, exam: 48, total: 80, grade: 'A', point: 4, remark: null, position: 1, incomplete: false },
      ],
      total: 80,
      average: 80,
      position: 1,
      subjectsTaken: 1,
    },
  ],
  classAverage: 80,
  studentCount: 1,
  publication: null,
};

const notReady = {
  status: 409,
  body: {
    statusCode: 409,
    error: 'Conflict',
    message: 'Some classes are not ready to publish',
    notReady: [{ classId: CLASS, className: 'JSS 1 A', reason: 'Not approved by the principal yet' }],
  },
};

/** Two classes of the term: JSS 1 B through every step, JSS 1 A waiting for the principal. */
function approvals(): Approvals {
  const base = {
    level: 'JSS 1',
    classTeacherName: null,
    studentCount: 1,
    sheets: [],
    reviewedAt: null,
    reviewedByName: null,
    approvedAt: null,
    approvedByName: null,
    returnedAt: null,
    returnedByName: null,
    returnNote: null,
    publishedAt: null,
    canReview: false,
    canReturnSheets: false,
    canApprove: false,
    canReturnClass: false,
  };
  return {
    termId: TERM,
    termName: 'First',
    sessionName: '2023/24',
    terms: [{ id: TERM, name: 'First', isCurrent: true }],
    steps: { submission: false, review: false, approval: true },
    classes: [
      {
        ...base,
        classId: CLASS,
        className: 'JSS 1 A',
        stage: 'entering',
        readyToPublish: false,
        waitingFor: 'Not approved by the principal yet',
        canApprove: true,
      },
      { ...base, classId: OTHER, className: 'JSS 1 B', stage: 'approved', readyToPublish: true, waitingFor: null },
    ],
  };
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AdminResults />
      <ToastHost />
    </>,
    { route: `/admin/records/results?termId=${TERM}&classId=${CLASS}` },
  );
  return user;
}

describe('publishing with approval steps in use', () => {
  it('lists the class that is not ready and offers only Close when it is the one asked for', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/records/results/options': { status: 200, body: options },
      'GET /api/records/results': { status: 200, body: broadsheet },
      'POST /api/records/results/publish': notReady,
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Publish results' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Publish these results?' })).getByRole('button', { name: 'Publish' }));

    const refused = await screen.findByRole('alertdialog', { name: 'Some classes are not ready to publish' });
    expect(within(refused).getByText('JSS 1 A:').parentElement?.textContent).toBe('JSS 1 A: Not approved by the principal yet');
    expect(within(refused).getByRole('link', { name: 'See where each class stands' }).getAttribute('href')).toBe(`/admin/records/approvals?termId=${TERM}`);
    expect(within(refused).queryByRole('button', { name: /^Publish the/ })).toBeNull();
    await user.click(within(refused).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('publishes the ready classes of the term when the user asks', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/records/results/options': { status: 200, body: options },
      'GET /api/records/results': { status: 200, body: broadsheet },
      'GET /api/results/approvals': { status: 200, body: approvals() },
      'POST /api/records/results/publish': ({ body }) =>
        (body as { onlyReady?: boolean }).onlyReady ? { status: 200, body: { termId: TERM, classIds: [OTHER], published: true } } : notReady,
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Publish results' }));
    const ask = screen.getByRole('alertdialog', { name: 'Publish these results?' });
    await user.click(within(ask).getByRole('radio', { name: /Every class/ }));
    await user.click(within(ask).getByRole('button', { name: 'Publish' }));

    const refused = await screen.findByRole('alertdialog', { name: 'Some classes are not ready to publish' });
    await user.click(await within(refused).findByRole('button', { name: 'Publish the ready class' }));
    expect(await screen.findByText('Results published for 1 classes')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { termId: TERM, allowUnscored: false },
      { termId: TERM, allowUnscored: false, onlyReady: true },
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
