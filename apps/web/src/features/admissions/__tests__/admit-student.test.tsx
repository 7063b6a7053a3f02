import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdmitStudent } from '../routes/admit-student';

const CLASSES = {
  sessionName: '2026/27',
  items: [
    { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000c1', level: 'JSS 1', arm: 'A', name: 'JSS 1 A', studentCount: 12 },
    { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000c2', level: 'JSS 1', arm: 'B', name: 'JSS 1 B', studentCount: 9 },
    { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000c3', level: 'SSS 1', arm: 'A', name: 'SSS 1 A', studentCount: 3 },
  ],
};

function setup(admit: Parameters<typeof mockApi>[0][string]) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    'GET /api/admissions/classes': { status: 200, body: CLASSES },
    'POST /api/admissions/students': admit,
  });
  renderWithProviders(<AdmitStudent />, { route: '/admin/admissions/admit' });
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label);
  return {
    requests,
    user,
    submit: () => user.click(screen.getByRole('button', { name: 'Admit student' })),
    async fillValid() {
      await user.type(field('Full name'), 'Chinedu Okafor');
      await user.selectOptions(field('Gender'), 'male');
      await user.type(field('Date of birth'), '2013-03-04');
      await user.selectOptions(field('State of origin'), 'Anambra');
      await user.selectOptions(field('Class level'), 'JSS 1');
      await user.type(field('Guardian’s name'), 'Mr Emeka Okafor');
      await user.selectOptions(field('Relationship to the student'), 'father');
      await user.type(field('Guardian’s email'), 'emeka@mail.ng');
      await user.type(field('Guardian’s phone number'), '0803 123 4567');
      await user.type(field('Home address'), '12 Zik Avenue, Awka');
    },
  };
}

describe('admit a student', () => {
  it('shows every required message and the format messages, sending nothing', async () => {
    const form = setup({ status: 500 });
    await form.submit();
    for (const message of [
      'Name is required',
      'Gender is required',
      'Date of Birth is required',
      'State of origin is required',
      'Class is required',
      'Guardian name is required',
      'Relationship is required',
      'Guardian email is required',
      'Guardian phone number is required',
      'Guardian address is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await form.user.type(screen.getByLabelText('Guardian’s email'), 'not-an-email');
    await form.user.type(screen.getByLabelText('Guardian’s phone number'), '12');
    await form.submit();
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(form.requests.some((r) => r.url.includes('/api/admissions/students'))).toBe(false);
  });

  it('offers the arms of the chosen level, sends the form and shows the registration number with a link to the profile', async () => {
    const form = setup(({ body }) => ({
      status: 201,
      body: {
        student: {
          studentId: 'st-1',
          registrationNo: 'GFA/2026/0042',
          name: (body as { name: string }).name,
          className: 'JSS 1 B',
          sessionName: '2026/27',
          notes: ['Parent invitation sent to emeka@mail.ng.'],
        },
      },
    }));
    await form.fillValid();
    const arm = screen.getByLabelText('Arm');
    await waitFor(() => expect(screen.getByRole('option', { name: 'JSS 1 B (9 students)' })).toBeTruthy());
    expect(screen.queryByRole('option', { name: /SSS 1 A/ })).toBeNull();
    await form.user.selectOptions(arm, CLASSES.items[1].id);
    await form.submit();
    expect(await screen.findByText('Chinedu Okafor has been admitted')).toBeTruthy();
    expect(screen.getByTestId('registration-number').textContent).toBe('GFA/2026/0042');
    expect(screen.getByText('• Parent invitation sent to emeka@mail.ng.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the student’s profile' }).getAttribute('href')).toBe('/admin/records/student-profile/st-1');
    const sent = form.requests.find((r) => r.method === 'POST' && r.url.includes('/api/admissions/students'))!;
    expect(sent.body).toMatchObject({
      name: 'Chinedu Okafor',
      class: 'JSS 1',
      classId: CLASSES.items[1].id,
      guardianPhone: '08031234567',
      relationship: 'father',
    });

    await form.user.click(screen.getByRole('button', { name: 'Admit another student' }));
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s field messages under the fields and a conflict in an alert', async () => {
    let calls = 0;
    const form = setup(() =>
      ++calls === 1
        ? { status: 400, body: { statusCode: 400, message: 'Choose a class of JSS 1', errors: { classId: 'Choose a class of JSS 1' } } }
        : { status: 409, body: { statusCode: 409, message: 'There is no JSS 1 class in the 2026/27 session. Add one under Academics first.' } },
    );
    await form.fillValid();
    await form.submit();
    expect(await screen.findByText('Choose a class of JSS 1')).toBeTruthy();
    await form.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('There is no JSS 1 class in the 2026/27 session');
  });
});
