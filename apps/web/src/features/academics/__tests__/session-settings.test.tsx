import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { CreateSessionForm } from '../components/create-session-form';
import { SessionSettings } from '../components/session-settings';
import { TermsForm } from '../components/terms-form';
import { csrf, sessionSettings } from './fixtures';

const pending = sessionSettings.items[0];

describe('CreateSessionForm', () => {
  it('asks for a session written like 2024/25', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateSessionForm schoolId={null} />);
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(await screen.findByText('Session is required')).toBeTruthy();
    await user.type(screen.getByLabelText('New session'), '2024-25');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(await screen.findByText('Session must look like 2024/25')).toBeTruthy();
    await user.clear(screen.getByLabelText('New session'));
    await user.type(screen.getByLabelText('New session'), '2024/26');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(await screen.findByText('Session must look like 2024/25')).toBeTruthy();
  });

  it('shows the server’s duplicate message under the field', async () => {
    mockApi({
      ...csrf,
      'POST /api/settings/academic-sessions': { status: 409, body: { message: '2023/24 already exists', errors: { name: '2023/24 already exists' } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreateSessionForm schoolId={null} />);
    await user.type(screen.getByLabelText('New session'), '2023/24');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(await screen.findByText('2023/24 already exists')).toBeTruthy();
    expect(screen.getByLabelText('New session').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the name, status and the super administrator’s school', async () => {
    const requests = mockApi({ ...csrf, 'POST /api/settings/academic-sessions': { status: 201, body: pending } });
    const user = userEvent.setup();
    renderWithProviders(<CreateSessionForm schoolId="school-2" />);
    await user.type(screen.getByLabelText('New session'), ' 2024/25 ');
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    await vi.waitFor(() => expect((screen.getByLabelText('New session') as HTMLInputElement).value).toBe(''));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/settings/academic-sessions?schoolId=school-2');
    expect(post.body).toEqual({ name: '2024/25', status: 'Active' });
  });
});

describe('TermsForm', () => {
  function setup() {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(<TermsForm session={pending} schoolId={null} onDone={onDone} />);
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    const setDate = async (label: string, value: string) => {
      await user.clear(field(label));
      if (value) await user.type(field(label), value);
    };
    return { user, onDone, field, setDate, save: () => user.click(screen.getByRole('button', { name: 'Save term dates' })) };
  }

  it('starts from the session’s dates', () => {
    const form = setup();
    expect(form.field('First term starts').value).toBe('2024-09-09');
    expect(form.field('Third term ends').value).toBe('2025-07-25');
  });

  it('wants every date, each term ending after it starts', async () => {
    const form = setup();
    await form.setDate('Second term starts', '');
    await form.setDate('First term ends', '2024-09-01');
    await form.save();
    expect(await screen.findByText('Start date is required')).toBeTruthy();
    await form.setDate('Second term starts', '2025-01-06');
    await form.save();
    expect(await screen.findByText('End date must be after the start date')).toBeTruthy();
  });

  it('wants the terms in order and inside the session', async () => {
    const form = setup();
    await form.setDate('Third term starts', '2025-03-01');
    await form.save();
    expect(await screen.findByText('Third term must start after Second term ends')).toBeTruthy();
    await form.setDate('Third term starts', '2025-04-28');
    await form.setDate('Third term ends', '2026-01-10');
    await form.save();
    expect(await screen.findByText('Dates must fall within the 2024/25 session (2024 to 2025)')).toBeTruthy();
  });

  it('saves the three terms and closes', async () => {
    const requests = mockApi({ ...csrf, [`PUT /api/settings/academic-sessions/${pending.id}/terms`]: { status: 200, body: pending } });
    const form = setup();
    await form.setDate('First term starts', '2024-09-16');
    await form.save();
    await vi.waitFor(() => expect(form.onDone).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      terms: [
        { name: 'First', startDate: '2024-09-16', endDate: '2024-12-13' },
        { name: 'Second', startDate: '2025-01-06', endDate: '2025-04-04' },
        { name: 'Third', startDate: '2025-04-28', endDate: '2025-07-25' },
      ],
    });
  });
});

describe('SessionSettings', () => {
  it('lists the sessions with status, terms and the current term', async () => {
    mockApi({ 'GET /api/settings/academic-sessions': { status: 200, body: sessionSettings } });
    renderWithProviders(<SessionSettings />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByText('2024/25')).toBeTruthy();
    expect(within(items[0]).getByText('Pending')).toBeTruthy();
    expect(within(items[1]).getByText('Active')).toBeTruthy();
    expect((within(items[1]).getByLabelText('Current term') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Second term');
    // no school choice for an administrator
    expect(screen.queryByLabelText('School')).toBeNull();
  });

  it('asks before activating, then refreshes the top bar’s sessions', async () => {
    const requests = mockApi({
      ...csrf,
      'GET /api/settings/academic-sessions': { status: 200, body: sessionSettings },
      [`PATCH /api/settings/academic-sessions/${pending.id}`]: { status: 200, body: { ...pending, status: 'Active' } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<SessionSettings />);
    queryClient.setQueryData(['academic-sessions'], { items: [], selectedId: null });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(await screen.findByRole('button', { name: 'Make active' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/2023\/24 will become Inactive/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Make active' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'Active' });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['academic-sessions'] }));
    expect(queryClient.getQueryState(['academic-sessions'])?.isInvalidated).toBe(true);
  });

  it('lets a super administrator choose the school', async () => {
    const second = { id: 'school-2', name: 'Greenfield Nursery & Primary' };
    const requests = mockApi({
      'GET /api/settings/academic-sessions': (request) => ({
        status: 200,
        body: request.url.includes('school-2')
          ? { ...sessionSettings, school: second, schools: [sessionSettings.school, second], items: [] }
          : { ...sessionSettings, schools: [sessionSettings.school, second] },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SessionSettings chooseSchool />);
    await user.selectOptions(await screen.findByLabelText('School'), 'school-2');
    expect(await screen.findByText(/No sessions yet/)).toBeTruthy();
    expect(requests.at(-1)?.url).toBe('/api/settings/academic-sessions?schoolId=school-2');
  });
});
