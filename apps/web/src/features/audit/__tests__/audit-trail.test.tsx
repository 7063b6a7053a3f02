import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { AuditTrail } from '../components/audit-trail';

const ENTRY = {
  id: 'e1',
  createdAt: '2024-03-02T22:30:00.000Z',
  actor: { id: 'u1', name: 'Bisola Adewale', email: 'admin@demo.test', role: 'admin' },
  school: { id: 's1', name: 'Greenfield Academy' },
  action: 'staff.updated',
  entity: 'staff',
  entityId: 'st1',
  before: { name: 'Ada', phone: '0803' },
  after: { name: 'Ada Obi', phone: '0803' },
  ip: '127.0.0.1',
};

describe('super-admin security: the audit trail', () => {
  it('lists entries in Lagos time and shows before and after in a drawer', async () => {
    const requests = mockApi({
      'GET /api/audit': { status: 200, body: { items: [ENTRY], total: 1, page: 1, pageSize: 10 } },
      'GET /api/audit/filters': {
        status: 200,
        body: {
          schools: [
            { id: 's1', name: 'Greenfield Academy' },
            { id: 's2', name: 'Greenfield Lekki' },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditTrail />, { route: '/super-admin/security?tab=audit' });
    expect((await screen.findAllByText('Bisola Adewale')).length).toBeGreaterThan(0);
    // 22:30 UTC is 23:30 in Lagos
    expect(screen.getByText(/2 Mar 2024.*23:30/)).toBeTruthy();
    expect(await screen.findByLabelText('School')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/audit?page=1&pageSize=10'))).toBe(true);

    await user.click(screen.getByRole('button', { name: /View staff.updated/ }));
    const drawer = screen.getByRole('dialog', { name: 'Audit entry' });
    const changed = within(drawer).getByRole('rowheader', { name: /name/ }).closest('tr')!;
    expect(within(changed).getByText('Ada')).toBeTruthy();
    expect(within(changed).getByText('Ada Obi')).toBeTruthy();
    expect(within(drawer).getByText('(changed)')).toBeTruthy();
    expect(within(drawer).getByText(/"name": "Ada Obi"/)).toBeTruthy();
  });
});
