import type { HolidayListResponse } from '@school/shared/academics/holidays';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { HolidaysPanel } from '../components/holidays-panel';
import { csrf, sessionSettings, SESSION_REF } from './fixtures';

const LIST = `GET /api/academic-sessions/${SESSION_REF.id}/holidays`;
const ADD = `POST /api/settings/academic-sessions/${SESSION_REF.id}/holidays`;
const MID_TERM = '6f1c2f0e-6666-4a4a-9b9b-000000000001';

const holidays: HolidayListResponse = {
  items: [
    {
      id: MID_TERM,
      name: 'Mid-term break',
      startDate: '2024-02-21',
      endDate: '2024-02-23',
      weekdays: 3,
      termId: '6f1c2f0e-4444-4a4a-9b9b-000000000242',
      termName: 'Second',
    },
    {
      id: '6f1c2f0e-6666-4a4a-9b9b-000000000002',
      name: 'Good Friday',
      startDate: '2024-03-29',
      endDate: '2024-03-29',
      weekdays: 1,
      termId: '6f1c2f0e-4444-4a4a-9b9b-000000000242',
      termName: 'Second',
    },
  ],
};

describe('HolidaysPanel', () => {
  it('lists the Active session’s holidays with their dates and weekdays closed', async () => {
    mockApi({ ...csrf, [LIST]: { status: 200, body: holidays } });
    renderWithProviders(<HolidaysPanel sessions={sessionSettings.items} />);
    const list = await screen.findByRole('list', { name: 'Holidays of 2023/24' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Mid-term break', { selector: 'p' })).toBeTruthy();
    expect(within(rows[0]).getByText('21 February 2024 to 23 February 2024', { exact: false })).toBeTruthy();
    expect(within(rows[0]).getByText('3 weekdays closed')).toBeTruthy();
    expect(within(rows[1]).getByText('1 weekday closed')).toBeTruthy();
    expect((screen.getByLabelText('Session') as HTMLSelectElement).value).toBe(SESSION_REF.id);
  });

  it('says so when a session has no holidays, and offers to try again after an error', async () => {
    mockApi({ ...csrf, [LIST]: { status: 200, body: { items: [] } } });
    const { unmount } = renderWithProviders(<HolidaysPanel sessions={sessionSettings.items} />);
    expect(await screen.findByText(/No holidays in 2023\/24 yet/)).toBeTruthy();
    unmount();
    mockApi({ ...csrf, [LIST]: { status: 500, body: { message: 'Something went wrong' } } });
    renderWithProviders(<HolidaysPanel sessions={sessionSettings.items} />);
    expect(await screen.findByText(/We could not load the holidays/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('checks the form before sending, then sends the holiday and clears the form', async () => {
    const requests = mockApi({ ...csrf, [LIST]: { status: 200, body: holidays }, [ADD]: { status: 201, body: holidays.items[1] } });
    const user = userEvent.setup();
    renderWithProviders(<HolidaysPanel sessions={sessionSettings.items} />);
    await screen.findByRole('list', { name: 'Holidays of 2023/24' });
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('First day is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Holiday'), 'Good Friday');
    await user.type(screen.getByLabelText('From'), '2024-03-29');
    await user.type(screen.getByLabelText('To'), '2024-03-28');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('The last day cannot be before the first day')).toBeTruthy();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2024-03-29');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await vi.waitFor(() => expect((screen.getByLabelText('Holiday') as HTMLInputElement).value).toBe(''));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Good Friday', startDate: '2024-03-29', endDate: '2024-03-29' });
  });

  it('shows the server’s reason under the field', async () => {
    const outside = 'A holiday must fall within a term of the 2023/24 session: its first and last days in the same term';
    mockApi({ ...csrf, [LIST]: { status: 200, body: holidays }, [ADD]: { status: 400, body: { message: outside, errors: { startDate: outside } } } });
    const user = userEvent.setup();
    renderWithProviders(<HolidaysPanel sessions={sessionSettings.items} />);
    await user.type(screen.getByLabelText('Holiday'), 'Sallah');
    await user.type(screen.getByLabelText('From'), '2024-04-10');
    await user.type(screen.getByLabelText('To'), '2024-04-10');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText(outside)).toBeTruthy();
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a holiday only after confirming', async () => {
    const requests = mockApi({ ...csrf, [LIST]: { status: 200, body: holidays }, [`DELETE /api/settings/holidays/${MID_TERM}`]: { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<HolidaysPanel sessions={sessionSettings.items} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Mid-term break' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/will count as school days again/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove Mid-term break' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove holiday' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith(`/api/settings/holidays/${MID_TERM}`))).toBe(true));
  });
});
