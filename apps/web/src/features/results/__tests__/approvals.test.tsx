import type { Approvals, ClassApproval } from '@school/shared/results/approvals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminApprovals } from '../routes/admin-approvals';
import { Component as TeacherApprovals } from '../routes/teacher-approvals';

const TERM = '6f1c2f0e-1111-4a4a-9b9b-0000000000e1';

const sheet = (subjectName: string, submittedAt: string | null): ClassApproval['sheets'][number] => ({
  subjectId: subjectName.toLowerCase(),
  subjectName,
  teacherName: 'Ngozi Eze',
  submittedAt,
  submittedByName: submittedAt ? 'Ngozi Eze' : null,
  returnedAt: null,
  returnedByName: null,
  returnNote: null,
  scored: 2,
});

const cls = (id: string, name: string, level: string, overrides: Partial<ClassApproval> = {}): ClassApproval => ({
  classId: id,
  className: name,
  level,
  classTeacherName: 'Musa Bello',
  studentCount: 2,
  sheets: [sheet('Mathematics', '2024-03-20T09:00:00.000Z'), sheet('English', '2024-03-20T09:30:00.000Z')],
  stage: 'reviewed',
  reviewedAt: '2024-03-21T09:00:00.000Z',
  reviewedByName: 'Musa Bello',
  approvedAt: null,
  approvedByName: null,
  returnedAt: null,
  returnedByName: null,
  returnNote: null,
  publishedAt: null,
  readyToPublish: false,
  waitingFor: 'Not approved by the principal yet',
  canReview: false,
  canReturnSheets: true,
  canApprove: true,
  canReturnClass: true,
  ...overrides,
});

const approvals = (classes: ClassApproval[], steps = { submission: true, review: true, approval: true }): Approvals => ({
  termId: TERM,
  termName: 'Second',
  sessionName: '2023/24',
  terms: [{ id: TERM, name: 'Second', isCurrent: true }],
  steps,
  classes,
});

const jss1a = cls('c1', 'JSS 1 A', 'JSS 1');
const jss1b = cls('c2', 'JSS 1 B', 'JSS 1', {
  stage: 'entering',
  sheets: [sheet('Mathematics', '2024-03-20T09:00:00.000Z'), sheet('English', null)],
  reviewedAt: null,
  reviewedByName: null,
  waitingFor: 'Some subjects are not submitted yet: English',
  canReturnClass: false,
});
const jss2a = cls('c3', 'JSS 2 A', 'JSS 2', {
  stage: 'approved',
  approvedAt: '2024-03-22T09:00:00.000Z',
  approvedByName: 'Ada Obi',
  readyToPublish: true,
  waitingFor: null,
  canApprove: false,
});

function renderAdmin(route = '/admin/records/approvals') {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AdminApprovals />
      <ToastHost />
    </>,
    { route },
  );
  return user;
}

describe('results approval page', () => {
  it('lists each class with its stage, sheets, review and approval', async () => {
    mockApi({ 'GET /api/results/approvals': { status: 200, body: approvals([jss1a, jss1b, jss2a]) } });
    const user = renderAdmin();
    const table = await screen.findByRole('table', { name: /Classes in the approval chain/ });
    const a = within(table).getByRole('row', { name: /JSS 1 A/ });
    expect(within(a).getByText('Reviewed')).toBeTruthy();
    expect(within(a).getByText('Not approved by the principal yet')).toBeTruthy();
    expect(
      within(a)
        .getByRole('button', { name: /2 of 2 submitted/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    const b = within(table).getByRole('row', { name: /JSS 1 B/ });
    expect(within(b).getByText('Entering scores')).toBeTruthy();
    expect(within(b).getByText('Some subjects are not submitted yet: English')).toBeTruthy();
    const approved = within(table).getByRole('row', { name: /JSS 2 A/ });
    expect(within(approved).getByText('Ready to publish')).toBeTruthy();
    expect(within(approved).getByText('Ada Obi')).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: 'Approve JSS 2 A' })).toBeNull();
    expect((within(approved).getByRole('checkbox', { name: 'Select JSS 2 A' }) as HTMLInputElement).disabled).toBe(true);

    await user.click(within(b).getByRole('button', { name: /1 of 2 submitted/ }));
    const sheets = within(table).getByRole('list', { name: 'Sheets of JSS 1 B' });
    expect(within(sheets).getByText('English').parentElement?.textContent).toContain('Ngozi Eze');
    expect(within(sheets).getByText(/2 of 2 scored · Not submitted/)).toBeTruthy();
    expect(within(sheets).getAllByRole('button', { name: /^Return / })).toHaveLength(1);
  });

  it('approves the selected classes and lists those the server left, with why', async () => {
    let done = false;
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/approvals': () => ({
        status: 200,
        body: approvals(
          done
            ? [{ ...jss1a, stage: 'approved', approvedAt: '2024-03-22T10:00:00.000Z', approvedByName: 'Ada Obi', canApprove: false }, jss1b]
            : [jss1a, jss1b],
        ),
      }),
      'POST /api/results/approvals/approve': () => {
        done = true;
        return {
          status: 200,
          body: {
            approved: [{ classId: 'c1', className: 'JSS 1 A' }],
            skipped: [{ classId: 'c2', className: 'JSS 1 B', reason: 'Some subjects are not submitted yet: English' }],
          },
        };
      },
    });
    const user = renderAdmin();
    const table = await screen.findByRole('table', { name: /Classes in the approval chain/ });
    expect((screen.getByRole('button', { name: 'Approve selected' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(table).getByRole('checkbox', { name: 'Select JSS 1 A' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select JSS 1 B' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));

    const outcome = await screen.findByRole('dialog', { name: '1 approved, 1 not' });
    expect(within(outcome).getByText('JSS 1 B:').parentElement?.textContent).toBe('JSS 1 B: Some subjects are not submitted yet: English');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ termId: TERM, classIds: ['c1', 'c2'] }]);
    await user.click(within(outcome).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(table).getByRole('row', { name: /JSS 1 A/ }).textContent).toContain('Approved'));
  });

  it('approves a whole level once asked to', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/approvals': { status: 200, body: approvals([jss1a, jss2a]) },
      'POST /api/results/approvals/approve': { status: 200, body: { approved: [{ classId: 'c1', className: 'JSS 1 A' }], skipped: [] } },
    });
    const user = renderAdmin();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Level' }), 'JSS 1');
    expect(within(screen.getByRole('table')).queryByRole('row', { name: /JSS 2 A/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve all in JSS 1' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Approve every class in JSS 1?' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('JSS 1 A approved')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ termId: TERM, level: 'JSS 1' }]);
  });

  it('returns a sheet only with a note', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/approvals': { status: 200, body: approvals([{ ...jss1a, canApprove: false, canReturnClass: false, canReview: true }]) },
      'POST /api/results/sheets/return': { status: 200, body: { returned: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <TeacherApprovals />
        <ToastHost />
      </>,
      { route: '/teachers/approvals' },
    );
    const table = await screen.findByRole('table', { name: /Classes in the approval chain/ });
    expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Mark reviewed: JSS 1 A' })).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /2 of 2 submitted/ }));
    await user.click(within(table).getByRole('button', { name: 'Return English sheet of JSS 1 A' }));
    const dialog = screen.getByRole('dialog', { name: 'Return the English sheet of JSS 1 A' });
    await user.click(within(dialog).getByRole('button', { name: 'Return sheet' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Say what needs changing');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('What needs changing'), 'Two exam scores are missing');
    await user.click(within(dialog).getByRole('button', { name: 'Return sheet' }));
    expect(await screen.findByText('English returned to Ngozi Eze')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { termId: TERM, classId: 'c1', subjectId: 'english', note: 'Two exam scores are missing' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when no approval step is switched on, with the way to the settings', async () => {
    mockApi({ 'GET /api/results/approvals': { status: 200, body: approvals([jss1a], { submission: false, review: false, approval: false }) } });
    renderAdmin();
    expect(await screen.findByText('No approval steps are switched on')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open result settings' }).getAttribute('href')).toBe('/admin/settings');
  });

  it('says when there is no class to show', async () => {
    mockApi({ 'GET /api/results/approvals': { status: 200, body: approvals([]) } });
    renderAdmin();
    expect(await screen.findByText('No classes')).toBeTruthy();
  });
});
