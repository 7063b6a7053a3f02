import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { useCreateClass } from '../api/class-mutations';
import { ClassForm } from '../components/class-form';
import { ClassList } from '../components/class-list';
import { classList, csrf, JSS1A, JSS1B, teachers, TEACHER_A } from './fixtures';

function AddClass() {
  const create = useCreateClass();
  return <ClassForm submitLabel="Add class" resetAfterSubmit onSubmit={(values) => create.mutateAsync(values)} />;
}

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({ ...csrf, 'GET /api/academics/teachers': { status: 200, body: teachers }, ...extra });
  const user = userEvent.setup();
  renderWithProviders(<AddClass />);
  return { requests, user, submit: () => user.click(screen.getByRole('button', { name: 'Add class' })) };
}

describe('ClassForm', () => {
  it('asks for a level and an arm', async () => {
    const form = setup();
    await screen.findByLabelText('Class level');
    await form.submit();
    expect(await screen.findByText('Choose a class level')).toBeTruthy();
    expect(screen.getByText('Arm is required')).toBeTruthy();
  });

  it('limits the arm to 20 characters', async () => {
    const form = setup();
    await form.user.selectOptions(await screen.findByLabelText('Class level'), 'JSS 1');
    await form.user.type(screen.getByLabelText('Arm'), 'A very long arm name here');
    await form.submit();
    expect(await screen.findByText('Arm must be at most 20 characters')).toBeTruthy();
  });

  it('offers the school’s teachers, and no class teacher at all', async () => {
    setup();
    const select = await screen.findByLabelText('Class teacher');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No class teacher yet', 'Mrs. Funmi Adeyemi', 'Mr. Tunde Bello']);
  });

  it('shows that the class already exists under the arm', async () => {
    const form = setup({
      'POST /api/academics/classes': {
        status: 409,
        body: { message: 'JSS 1 B already exists in 2023/24', errors: { arm: 'JSS 1 B already exists in 2023/24' } },
      },
    });
    await form.user.selectOptions(await screen.findByLabelText('Class level'), 'JSS 1');
    await form.user.type(screen.getByLabelText('Arm'), 'B');
    await form.submit();
    expect(await screen.findByText('JSS 1 B already exists in 2023/24')).toBeTruthy();
  });

  it('sends level, arm and teacher, then clears the form for the next class', async () => {
    const form = setup({ 'POST /api/academics/classes': { status: 201, body: { ...classList.items[1], session: classList.session, students: [] } } });
    await form.user.selectOptions(await screen.findByLabelText('Class level'), 'JSS 1');
    await form.user.type(screen.getByLabelText('Arm'), 'b');
    await form.user.selectOptions(screen.getByLabelText('Class teacher'), TEACHER_A.id);
    await form.submit();
    await vi.waitFor(() => expect((screen.getByLabelText('Arm') as HTMLInputElement).value).toBe(''));
    expect(form.requests.find((r) => r.method === 'POST')?.body).toEqual({ level: 'JSS 1', arm: 'B', classTeacherId: TEACHER_A.id });
  });

  it('starts an edit from the class’s values once the teachers are known', async () => {
    mockApi({ 'GET /api/academics/teachers': { status: 200, body: teachers } });
    renderWithProviders(<ClassForm submitLabel="Save changes" defaultValues={{ level: 'JSS 1', arm: 'A', classTeacherId: TEACHER_A.id }} onSubmit={vi.fn()} />);
    const select = (await screen.findByLabelText('Class teacher')) as HTMLSelectElement;
    await vi.waitFor(() => expect(select.value).toBe(TEACHER_A.id));
    expect((screen.getByLabelText('Class level') as HTMLSelectElement).value).toBe('JSS 1');
  });
});

describe('ClassList', () => {
  it('lists the classes by level and filters by level group', async () => {
    mockApi({ 'GET /api/academics/classes': { status: 200, body: classList } });
    const user = userEvent.setup();
    renderWithProviders(<ClassList />);
    expect(await screen.findByText('JSS 1 A')).toBeTruthy();
    expect(screen.getByText('Primary 4 B')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'JSS' }));
    expect(screen.queryByText('Primary 4 B')).toBeNull();
    expect(screen.getByText('JSS 1 B')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nursery' }));
    expect(await screen.findByText('There are no Nursery classes in 2023/24.')).toBeTruthy();
  });

  it('asks before deleting, and deletes', async () => {
    const requests = mockApi({
      ...csrf,
      'GET /api/academics/classes': { status: 200, body: classList },
      [`DELETE /api/academics/classes/${JSS1B}`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<ClassList />);
    await user.click(await screen.findByRole('button', { name: 'Delete JSS 1 B' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/a class with students cannot be deleted/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete class' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith(JSS1B))).toBe(true));
  });

  it('shows a class’s subjects and students in a drawer', async () => {
    mockApi({
      'GET /api/academics/classes': { status: 200, body: classList },
      [`GET /api/academics/classes/${JSS1A}`]: {
        status: 200,
        body: { ...classList.items[1], session: classList.session, students: [{ id: 's1', name: 'Chidera Okonkwo', registrationNo: 'GFA/2023/0001' }] },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ClassList />);
    await user.click(await screen.findByRole('button', { name: 'View JSS 1 A' }));
    const drawer = await screen.findByRole('dialog', { name: 'JSS 1 A' });
    expect(await within(drawer).findByText('Chidera Okonkwo')).toBeTruthy();
    expect(within(drawer).getByText('Mathematics')).toBeTruthy();
  });

  it('sends an administrator without a session to settings', async () => {
    mockApi({ 'GET /api/academics/classes': { status: 200, body: { session: null, items: [] } } });
    renderWithProviders(<ClassList />);
    expect(await screen.findByText('No academic session yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to settings' }).getAttribute('href')).toBe('/admin/settings');
  });
});
