import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { AssignLevelForm } from '../components/assign-level-form';
import { BulkClassForm } from '../components/bulk-class-form';
import { SubjectCatalogueForm } from '../components/subject-catalogue-form';
import { classList, csrf, JSS1B, PHYSICS, subjectList, teachers, TEACHER_A, SESSION_REF } from './fixtures';

describe('SubjectCatalogueForm', () => {
  function setup(answer: { status: number; body?: unknown } = { status: 200, body: { created: [], skipped: [], taught: [] } }) {
    const requests = mockApi({
      ...csrf,
      'GET /api/academics/subjects': { status: 200, body: subjectList },
      'GET /api/academics/classes': { status: 200, body: classList },
      'POST /api/academics/subjects/bulk': answer,
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SubjectCatalogueForm />
        <ToastHost />
      </>,
    );
    return { requests, user };
  }

  it('shows the subjects the school has as added, and sends the ticked ones in one request', async () => {
    const { requests, user } = setup({
      status: 200,
      body: {
        created: [{ id: 'x', name: 'Basic Science', code: 'BSC', classes: [] }],
        skipped: [{ name: 'French', reason: 'FRE is already the code of Français' }],
        taught: [
          { className: 'JSS 1 A', subjects: 1 },
          { className: 'JSS 1 B', subjects: 1 },
        ],
      },
    });
    const maths = await screen.findByRole('checkbox', { name: /^Mathematics \(MTH\)/ });
    expect((maths as HTMLInputElement).checked).toBe(true);
    expect((maths as HTMLInputElement).disabled).toBe(true);
    expect(within(maths.closest('label')!).getByText('Added')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /^Basic Science/ }));
    await user.click(screen.getByRole('checkbox', { name: /^French/ }));
    await user.click(screen.getByRole('button', { name: 'Add 2 subjects' }));
    expect(await screen.findByText('FRE is already the code of Français')).toBeTruthy();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    // taught at once in the JSS level that has classes this session
    expect(posts[0].body).toEqual({
      subjects: [
        { name: 'Basic Science', code: 'BSC' },
        { name: 'French', code: 'FRE' },
      ],
      levels: ['JSS 1'],
    });
    expect(await screen.findByText('1 subject added and taught in JSS 1 A, JSS 1 B')).toBeTruthy();
  });

  it('leaves out a level the administrator unticks, and says when the group has no classes yet', async () => {
    const { requests, user } = setup();
    const level = await screen.findByRole('checkbox', { name: 'JSS 1' });
    expect(screen.getByRole('group', { name: 'Teach them in every arm of' })).toBeTruthy();
    await user.click(level);
    await user.click(screen.getByRole('checkbox', { name: /^Basic Science/ }));
    await user.click(screen.getByRole('button', { name: 'Add 1 subject' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect((requests.find((r) => r.method === 'POST')!.body as { levels: string[] }).levels).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Level group'), 'SSS');
    expect(screen.getByText('Create the SSS classes first to have these subjects taught in them at once.')).toBeTruthy();
  });

  it('changes the list with the level group, and ticks every subject not yet added', async () => {
    const { requests, user } = setup();
    await screen.findByRole('checkbox', { name: /^Mathematics/ });
    await user.selectOptions(screen.getByLabelText('Level group'), 'Nursery');
    expect(screen.getByRole('checkbox', { name: /^Number Work \(NUM\)/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tick all' }));
    await user.click(screen.getByRole('button', { name: /^Add \d+ subjects$/ }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const body = requests.find((r) => r.method === 'POST')!.body as { subjects: Array<{ name: string }> };
    expect(body.subjects.map((s) => s.name)).toContain('Letter Work');
  });

  it('asks for at least one subject', async () => {
    const { requests, user } = setup();
    await screen.findByRole('checkbox', { name: /^Mathematics/ });
    await user.click(screen.getByRole('button', { name: 'Add subjects' }));
    expect(await screen.findByText('Choose at least one subject')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('BulkClassForm', () => {
  function setup(answer: { status: number; body?: unknown }) {
    const requests = mockApi({ ...csrf, 'POST /api/academics/classes/bulk': answer });
    const user = userEvent.setup();
    renderWithProviders(<BulkClassForm sessionName="2023/24" />);
    return { requests, user };
  }

  it('creates every ticked level × arm in one request and reports the ones that exist', async () => {
    const { requests, user } = setup({
      status: 200,
      body: { session: SESSION_REF, created: [], skipped: [{ name: 'JSS 1 A', reason: 'JSS 1 A already exists in 2023/24' }] },
    });
    await user.click(screen.getByRole('checkbox', { name: 'JSS 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'JSS 2' }));
    await user.clear(screen.getByLabelText('Arms'));
    await user.type(screen.getByLabelText('Arms'), 'a, B');
    expect(screen.getByText('4 classes: JSS 1 A, JSS 1 B, JSS 2 A, JSS 2 B')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add 4 classes' }));
    expect(await screen.findByText('JSS 1 A already exists in 2023/24')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ levels: ['JSS 1', 'JSS 2'], arms: ['a', 'B'] }]);
  });

  it('asks for a level and explains a bad arm before sending anything', async () => {
    const { requests, user } = setup({ status: 200 });
    await user.click(screen.getByRole('button', { name: 'Add classes' }));
    expect(await screen.findByText('Choose at least one level')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'SSS 1' }));
    await user.type(screen.getByLabelText('Arms'), ', B!');
    await user.click(screen.getByRole('button', { name: 'Add 2 classes' }));
    expect(await screen.findByText('Arm may only use letters, numbers, spaces and hyphens')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('AssignLevelForm', () => {
  const physics = subjectList.items.find((s) => s.id === PHYSICS)!;

  it('assigns the subject to every arm of the level, with the chosen teacher', async () => {
    const requests = mockApi({
      ...csrf,
      [`POST /api/academics/subjects/${PHYSICS}/levels`]: { status: 200, body: { subject: physics, assigned: ['JSS 1 A', 'JSS 1 B'], skipped: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AssignLevelForm subject={physics} classes={classList.items} teachers={teachers.items} />);
    await user.selectOptions(screen.getByLabelText(/^Level/), 'JSS 1');
    expect(screen.getByText(/2 arms of JSS 1 will take Physics/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Subject teacher'), TEACHER_A.id);
    await user.click(screen.getByRole('button', { name: 'Assign to every arm of JSS 1' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ level: 'JSS 1', teacherId: TEACHER_A.id });
  });

  it('shows the server’s refusal of a teacher under the teacher', async () => {
    mockApi({
      ...csrf,
      [`POST /api/academics/subjects/${PHYSICS}/levels`]: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Choose a teacher of this school', errors: { teacherId: 'Choose a teacher of this school' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AssignLevelForm subject={physics} classes={classList.items} teachers={teachers.items} />);
    await user.click(screen.getByRole('button', { name: /^Assign to every arm of/ }));
    expect(await screen.findByText('Choose a teacher of this school')).toBeTruthy();
  });

  it('says when every arm of the level takes the subject already', () => {
    mockApi(csrf);
    const maths = { ...subjectList.items[0], classes: [...subjectList.items[0].classes, { ...subjectList.items[0].classes[0], id: 'cs-x', classId: JSS1B }] };
    const jssOnly = classList.items.filter((c) => c.level === 'JSS 1');
    renderWithProviders(<AssignLevelForm subject={maths} classes={jssOnly} teachers={teachers.items} />);
    expect(screen.getByText('Every arm of JSS 1 already takes Mathematics.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Assign to every arm of JSS 1' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
