import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOutbox, listChanges, markRefused, queueChange, type NewChange } from '@/lib/outbox/outbox';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';
import { createTestQueryClient, mockApi, renderWithProviders, sampleUser } from '@/test/render';
import { SyncStatus } from '../sync-status';

/*
 * Issue 21: the teacher sees how many changes wait ("2 changes waiting to sync"), they are sent when
 * the connection returns, and a change someone else overtook is shown beside theirs until the teacher chooses.
 */

const teacher = { ...sampleUser, role: 'teacher' as const };
const ADA = 'a0000000-0000-4000-8000-000000000001';
const BOLA = 'a0000000-0000-4000-8000-000000000002';

const change = (date: string, bola: string): NewChange => ({
  userId: teacher.id,
  kind: 'register',
  key: `register:c1:${date}`,
  label: `Register of JSS 1 A, ${date}`,
  method: 'PUT',
  url: '/api/attendance/register',
  body: {
    classId: 'c1',
    date,
    baseVersion: 'v1',
    entries: [
      { studentId: ADA, status: 'Present' },
      { studentId: BOLA, status: bola },
    ],
  },
  headers: {},
  answerKey: ['attendance', 'register', 'c1', date],
  invalidate: [['attendance']],
});

const saved = (date: string, bola: string, version: string) => ({
  classId: 'c1',
  className: 'JSS 1 A',
  date,
  term: { id: 't', name: 'Second' },
  saved: true,
  takenBy: 'Mr. Okafor',
  updatedAt: '2024-01-09T10:00:00.000Z',
  version,
  rows: [
    { studentId: ADA, name: 'Obi Ada', registrationNo: 'R1', status: 'Present' },
    { studentId: BOLA, name: 'Test Bola', registrationNo: 'R2', status: bola },
  ],
  counts: {},
});

function renderStatus() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(AUTH_ME_QUERY_KEY, teacher);
  return renderWithProviders(<SyncStatus />, { queryClient });
}

afterEach(async () => {
  await clearOutbox();
});

describe('SyncStatus', () => {
  it('shows nothing while online with nothing waiting', async () => {
    mockApi({});
    const { container } = renderStatus();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(container.textContent).toBe('');
  });

  it('counts the changes waiting while offline, and sends them when the connection returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await queueChange(change('2024-01-08', 'Absent'));
    await queueChange(change('2024-01-09', 'Late'));
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'PUT /api/attendance/register': ({ body }) => ({ status: 200, body: saved((body as { date: string }).date, 'Absent', 'v9') }),
    });
    const { queryClient } = renderStatus();
    await waitFor(() => expect(screen.getByTestId('sync-status').textContent).toBe('Offline · 2 changes waiting to sync'));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    online.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByTestId('sync-status')).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => (r.body as { date: string }).date)).toEqual(['2024-01-08', '2024-01-09']);
    // the register as the server saved it is what the page shows now
    expect(queryClient.getQueryData(['attendance', 'register', 'c1', '2024-01-08'])).toMatchObject({ version: 'v9' });
  });

  it('shows a change overtaken by another save beside it, and "Keep mine" sends it again over that one', async () => {
    const queued = await queueChange(change('2024-01-08', 'Absent'));
    await markRefused(queued.id, 'conflict', {
      message: 'Someone else saved this register after you opened it.',
      current: saved('2024-01-08', 'Excused', 'v2'),
    });
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'PUT /api/attendance/register': { status: 200, body: saved('2024-01-08', 'Absent', 'v3') },
    });
    renderStatus();
    await waitFor(() => expect(screen.getByTestId('sync-status').textContent).toBe('1 change needs your choice'));
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Compare and choose' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Saved meanwhile: Register of JSS 1 A, 2024-01-08' });
    expect(within(dialog).getByText('Someone else saved this register after you opened it.')).toBeTruthy();
    expect(within(dialog).getByText(/by Mr\. Okafor/)).toBeTruthy();
    const bola = within(dialog).getByRole('row', { name: /Test Bola/ });
    expect(
      within(bola)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Absent', 'Excused']);
    // Ada's mark is the same in both: not shown
    expect(within(dialog).queryByText('Obi Ada')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ baseVersion: 'v2', entries: [{ status: 'Present' }, { status: 'Absent' }] });
    await waitFor(() => expect(screen.queryByTestId('sync-status')).toBeNull());
  });

  it('"Use theirs" drops mine without sending it', async () => {
    const queued = await queueChange(change('2024-01-08', 'Absent'));
    await markRefused(queued.id, 'conflict', {
      message: 'Someone else saved this register after you opened it.',
      current: saved('2024-01-08', 'Excused', 'v2'),
    });
    const requests = mockApi({});
    const { queryClient } = renderStatus();
    await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Compare and choose' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Use theirs, drop mine' }));
    await waitFor(async () => expect(await listChanges()).toEqual([]));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(queryClient.getQueryData(['attendance', 'register', 'c1', '2024-01-08'])).toMatchObject({ version: 'v2' });
  });
});
