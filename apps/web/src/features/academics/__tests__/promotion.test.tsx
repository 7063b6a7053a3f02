import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as Promotion } from '../routes/promotion';
import { csrf } from './fixtures';

const S23 = '11111111-1111-4111-8111-111111111111';
const S24 = '22222222-2222-4222-8222-222222222222';
const JSS1A = '33333333-3333-4333-8333-333333333333';
const ADA = '44444444-4444-4444-8444-444444444444';
const BOLA = '55555555-5555-4555-8555-555555555555';

const sessions = {
  items: [
    { id: S24, name: '2024/25', status: 'Pending', terms: [] },
    { id: S23, name: '2023/24', status: 'Active', terms: [] },
  ],
  selectedId: S23,
};

const view = {
  fromSession: { id: S23, name: '2023/24' },
  toSession: { id: S24, name: '2024/25' },
  passMark: 40,
  classes: [{ classId: JSS1A, className: 'JSS 1 A', level: 'JSS 1', studentCount: 2, placedCount: 0 }],
  students: [
    {
      studentId: ADA,
      name: 'Obi Ada',
      registrationNo: 'R-1',
      average: 65,
      proposed: 'promote',
      proposedClassName: 'JSS 2 A',
      placedIn: null,
      graduated: false,
    },
    {
      studentId: BOLA,
      name: 'Ade Bola',
      registrationNo: 'R-2',
      average: 25.5,
      proposed: 'repeat',
      proposedClassName: 'JSS 1 A',
      placedIn: null,
      graduated: false,
    },
  ],
};

describe('Promotion', () => {
  it('defaults to the Active session into the next, shows proposals, and sends only the overrides', async () => {
    const requests = mockApi({
      ...csrf,
      'GET /api/academic-sessions': { status: 200, body: sessions },
      'GET /api/promotion': { status: 200, body: view },
      'POST /api/promotion': { status: 200, body: { promoted: 2, repeated: 0, graduated: 0, unchanged: 0, classesCreated: ['JSS 2 A'] } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Promotion />
        <ToastHost />
      </>,
    );

    const table = await screen.findByRole('table', { name: 'Students of JSS 1 A' });
    expect((screen.getByLabelText('Promote from') as HTMLSelectElement).value).toBe(S23);
    expect((screen.getByLabelText('Into') as HTMLSelectElement).value).toBe(S24);
    expect(within(table).getByText('65.00')).toBeTruthy();
    expect(within(table).getByText('25.50')).toBeTruthy();
    const promotionQuery = new URL(requests.find((r) => r.url.includes('/api/promotion'))!.url, 'http://x').searchParams;
    expect(promotionQuery.get('fromSessionId')).toBe(S23);
    expect(promotionQuery.get('toSessionId')).toBe(S24);

    // keep Bola's proposal overridden: promote instead of repeat; the row says where he goes
    await user.selectOptions(screen.getByLabelText('Decision for Ade Bola'), 'promote');
    expect(within(table).getAllByText('JSS 2 A')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Promote JSS 1 A' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Promote JSS 1 A?' });
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Promotion done: 2 promoted, 0 repeating, 0 graduated.')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST' && r.url.includes('/api/promotion'))!;
    expect(post.body).toEqual({ fromSessionId: S23, toSessionId: S24, classId: JSS1A, decisions: [{ studentId: BOLA, outcome: 'promote' }] });
  });

  it('asks for the next session first when there is none', async () => {
    mockApi({ ...csrf, 'GET /api/academic-sessions': { status: 200, body: { items: [sessions.items[1]], selectedId: S23 } } });
    renderWithProviders(<Promotion />);
    expect(await screen.findByRole('heading', { name: 'No session to promote into' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to settings' }).getAttribute('href')).toBe('/admin/settings');
  });
});
