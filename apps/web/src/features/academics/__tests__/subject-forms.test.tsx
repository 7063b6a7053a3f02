import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { useCreateSubject } from '../api/subject-mutations';
import { AssignSubjectForm } from '../components/assign-subject-form';
import { StudentSubjects } from '../components/student-subjects';
import { SubjectForm } from '../components/subject-form';
import { classList, csrf, JSS1B, PHYSICS, subjectList, teachers, TEACHER_B } from './fixtures';

function AddSubject() {
  const create = useCreateSubject();
  return <SubjectForm submitLabel="Add subject" resetAfterSubmit onSubmit={(values) => create.mutateAsync(values)} />;
}

describe('SubjectForm', () => {
  it('asks for a name and a code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddSubject />);
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    expect(await screen.findByText('Subject name is required')).toBeTruthy();
    expect(screen.getByText('Subject code is required')).toBeTruthy();
  });

  it('explains a bad code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddSubject />);
    await user.type(screen.getByLabelText('Subject name'), 'Mathematics');
    await user.type(screen.getByLabelText('Subject code'), 'M T H');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    expect(await screen.findByText('Subject code may only use letters, numbers and hyphens')).toBeTruthy();
  });

  it('shows a code already in use under the code', async () => {
    mockApi({
      ...csrf,
      'POST /api/academics/subjects': {
        status: 409,
        body: { message: 'MTH is already the code of Mathematics', errors: { code: 'MTH is already the code of Mathematics' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddSubject />);
    await user.type(screen.getByLabelText('Subject name'), 'Further Mathematics');
    await user.type(screen.getByLabelText('Subject code'), 'mth');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    expect(await screen.findByText('MTH is already the code of Mathematics')).toBeTruthy();
  });

  it('sends the code in capitals and clears the form', async () => {
    const requests = mockApi({ ...csrf, 'POST /api/academics/subjects': { status: 201, body: subjectList.items[1] } });
    const user = userEvent.setup();
    renderWithProviders(<AddSubject />);
    await user.type(screen.getByLabelText('Subject name'), 'Physics');
    await user.type(screen.getByLabelText('Subject code'), 'phy');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await vi.waitFor(() => expect((screen.getByLabelText('Subject name') as HTMLInputElement).value).toBe(''));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Physics', code: 'PHY' });
  });
});

describe('AssignSubjectForm', () => {
  const physics = subjectList.items[1];

  function setup(extra: Parameters<typeof mockApi>[0] = {}) {
    const requests = mockApi({ ...csrf, ...extra });
    const user = userEvent.setup();
    renderWithProviders(<AssignSubjectForm subject={physics} classes={classList.items} teachers={teachers.items} sessionName="2023/24" />);
    return { requests, user, submit: () => user.click(screen.getByRole('button', { name: /^Assign/ })) };
  }

  it('asks for at least one class', async () => {
    const form = setup();
    await form.submit();
    expect(await screen.findByText('Choose at least one class')).toBeTruthy();
  });

  it('asks for the teacher of each chosen class', async () => {
    const form = setup();
    await form.user.click(screen.getByRole('checkbox', { name: 'JSS 1 B' }));
    await form.submit();
    expect(await screen.findByText('Choose a teacher')).toBeTruthy();
  });

  it('shows the server’s refusal of a teacher under that class', async () => {
    const form = setup({
      [`POST /api/academics/subjects/${PHYSICS}/classes`]: {
        status: 400,
        body: { message: 'Choose a teacher of this school', errors: { 'assignments.0.teacherId': 'Choose a teacher of this school' } },
      },
    });
    await form.user.click(screen.getByRole('checkbox', { name: 'JSS 1 B' }));
    await form.user.selectOptions(screen.getByLabelText('Teacher of Physics in JSS 1 B'), TEACHER_B.id);
    await form.submit();
    expect(await screen.findByText('Choose a teacher of this school')).toBeTruthy();
  });

  it('sends each chosen class with its teacher', async () => {
    const form = setup({ [`POST /api/academics/subjects/${PHYSICS}/classes`]: { status: 200, body: physics } });
    await form.user.click(screen.getByRole('checkbox', { name: 'JSS 1 B' }));
    await form.user.selectOptions(screen.getByLabelText('Teacher of Physics in JSS 1 B'), TEACHER_B.id);
    await form.submit();
    await vi.waitFor(() => expect(form.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(form.requests.find((r) => r.method === 'POST')?.body).toEqual({ assignments: [{ classId: JSS1B, teacherId: TEACHER_B.id }] });
  });

  it('offers only the classes that do not take the subject yet', () => {
    mockApi({});
    renderWithProviders(<AssignSubjectForm subject={subjectList.items[0]} classes={classList.items} teachers={teachers.items} sessionName="2023/24" />);
    const boxes = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(boxes).toEqual(['Primary 4 B', 'JSS 1 B']);
  });
});

describe('StudentSubjects', () => {
  it('lists the student’s subjects with their teachers', async () => {
    mockApi({
      'GET /api/students/st-1/subjects': {
        status: 200,
        body: {
          student: { id: 'st-1', name: 'Chidera Okonkwo' },
          session: classList.session,
          class: { id: 'c1', name: 'JSS 1 A', classTeacher: { id: 't1', name: 'Mrs. Funmi Adeyemi' } },
          items: classList.items[1].subjects,
        },
      },
    });
    renderWithProviders(<StudentSubjects studentId="st-1" />);
    const list = await screen.findByRole('list', { name: 'Subjects' });
    const mathematics = within(list).getByText('Mathematics').closest('li')!;
    expect(within(mathematics).getByText('Mr. Tunde Bello')).toBeTruthy();
    expect(screen.getByText('JSS 1 A')).toBeTruthy();
  });

  it('says when the student has no class in the session', async () => {
    mockApi({
      'GET /api/students/st-1/subjects': {
        status: 200,
        body: { student: { id: 'st-1', name: 'Chidera Okonkwo' }, session: { id: 's', name: '2019/20', status: 'Inactive' }, class: null, items: [] },
      },
    });
    renderWithProviders(<StudentSubjects studentId="st-1" />);
    expect(await screen.findByText('No class in 2019/20')).toBeTruthy();
  });

  it('says when the subjects cannot be loaded', async () => {
    mockApi({ 'GET /api/students/st-1/subjects': { status: 404, body: { message: 'Student not found' } } });
    renderWithProviders(<StudentSubjects studentId="st-1" />);
    expect(await screen.findByText(/Student not found/)).toBeTruthy();
  });
});
