import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as ImportStudents } from '../routes/import-students';

const CLASSES = {
  sessionName: '2026/27',
  items: [
    { id: '6f1c2f0e-1111-4a4a-9b9b-00000000c1a5', level: 'JSS 1', arm: 'A', name: 'JSS 1 A', studentCount: 2 },
    { id: '6f1c2f0e-1111-4a4a-9b9b-00000000c1a6', level: 'JSS 1', arm: 'B', name: 'JSS 1 B', studentCount: 0 },
  ],
};

const invitation = (over: Record<string, string>) => ({
  studentName: 'Ife Adeyemi',
  registrationNo: 'KGS/0412',
  role: 'student',
  name: 'Ife Adeyemi',
  email: 'ife.adeyemi@mail.ng',
  code: '48291365',
  expiresAt: '2026-12-04T10:00:00.000Z',
  ...over,
});

const REGISTER = 'https://school.example/auth/register';

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    'GET /api/admissions/classes': { status: 200, body: CLASSES },
    ...routes,
  });
  renderWithProviders(<ImportStudents />, { route: '/admin/admissions/import' });
  return { requests, user: userEvent.setup({ applyAccept: false }) };
}

describe('import students: accounts, numbers and invitation codes', () => {
  it('explains the optional admission number, email and phone columns and the lenient genders', () => {
    setup();
    const optional = screen.getByRole('list', { name: 'Optional columns' });
    expect(within(optional).getByText(/your school’s own number for the student/)).toBeTruthy();
    expect(within(optional).getByText(/gets a sign-in account and an invitation code/)).toBeTruthy();
    expect(within(optional).getByText(/it is kept as/)).toBeTruthy();
    expect(screen.getByText(/gender as male, female, M or F/)).toBeTruthy();
    const template = decodeURIComponent(screen.getByRole('link', { name: 'Download the template (CSV)' }).getAttribute('href')!);
    expect(template).toContain('admission_number,name,gender');
    expect(template).toContain(',email,phone');
  });

  it('shows the codes of an import once mail is not set up, and prints them as slips', async () => {
    const { user } = setup({
      'POST /api/admissions/imports': {
        status: 200,
        body: {
          mode: 'all-or-nothing',
          dryRun: false,
          rows: [{ line: 2, ok: true, errors: {}, name: 'Ife Adeyemi', registrationNo: 'KGS/0412', studentId: 's1', className: 'JSS 1 A' }],
          imported: 1,
          skipped: 0,
          invitations: {
            registerUrl: REGISTER,
            items: [invitation({ role: 'parent', name: 'Mrs Ola', email: 'ola@mail.ng', code: '11112222' }), invitation({})],
          },
        },
      },
    });
    await user.upload(screen.getByLabelText('CSV file'), new File(['name\n'], 'students.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const codes = await screen.findByRole('region', { name: 'Invitation codes' });
    expect(within(codes).getByText('2 invitation codes to hand out')).toBeTruthy();
    expect(within(codes).getByText('4829 1365')).toBeTruthy();
    expect(within(codes).getByText('1111 2222')).toBeTruthy();
    expect(within(codes).getByText(REGISTER)).toBeTruthy();

    await user.click(within(codes).getByRole('button', { name: 'Print slips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print invitation slips' });
    const slips = within(dialog).getByRole('list', { name: 'Invitation slips' });
    expect(within(slips).getAllByRole('listitem')).toHaveLength(2);
    expect(within(slips).getByText(/Parent’s account: Mrs Ola/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toHaveProperty('disabled', false);
  });

  it('says nothing of codes when they went by mail', async () => {
    const { user } = setup({
      'POST /api/admissions/imports': {
        status: 200,
        body: { mode: 'all-or-nothing', dryRun: false, rows: [{ line: 2, ok: true, errors: {}, name: 'A B', registrationNo: 'X/1' }], imported: 1, skipped: 0 },
      },
    });
    await user.upload(screen.getByLabelText('CSV file'), new File(['name\n'], 'students.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/who have a new account have been sent an invitation/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invitation codes' })).toBeNull();
  });

  it('issues new codes for a chosen class and shows its slips to print', async () => {
    const { user, requests } = setup({
      [`POST /api/admissions/classes/${CLASSES.items[0].id}/invitation-slips`]: {
        status: 200,
        body: { schoolName: 'Bright Future College', className: 'JSS 1 A', sessionName: '2026/27', registerUrl: REGISTER, items: [invitation({})] },
      },
      [`POST /api/admissions/classes/${CLASSES.items[1].id}/invitation-slips`]: {
        status: 200,
        body: { schoolName: 'Bright Future College', className: 'JSS 1 B', sessionName: '2026/27', registerUrl: REGISTER, items: [] },
      },
    });
    const section = screen.getByRole('region', { name: 'Invitation slips for a class' });
    await user.click(within(section).getByRole('button', { name: 'Issue codes and print slips' }));
    expect(await within(section).findByText('Choose a class')).toBeTruthy();
    expect(requests.some((r) => r.url.includes('invitation-slips'))).toBe(false);

    await within(section).findByRole('option', { name: 'JSS 1 A' });
    await user.selectOptions(within(section).getByLabelText('Class'), 'JSS 1 A');
    await user.click(within(section).getByRole('button', { name: 'Issue codes and print slips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation slips: JSS 1 A' });
    expect(within(dialog).getByText('1 new code for JSS 1 A, 2026/27 session.')).toBeTruthy();
    expect(within(dialog).getAllByText('Bright Future College').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('4829 1365')).toBeTruthy();
    // the footer's Close (the dialog's × is named Close too)
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await user.selectOptions(within(section).getByLabelText('Class'), 'JSS 1 B');
    await user.click(within(section).getByRole('button', { name: 'Issue codes and print slips' }));
    const empty = await screen.findByRole('dialog', { name: 'Invitation slips: JSS 1 B' });
    expect(within(empty).getByText(/Everyone in this class has already signed up/)).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal', async () => {
    const { user } = setup({
      [`POST /api/admissions/classes/${CLASSES.items[0].id}/invitation-slips`]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' },
      },
    });
    const section = screen.getByRole('region', { name: 'Invitation slips for a class' });
    await within(section).findByRole('option', { name: 'JSS 1 A' });
    await user.selectOptions(within(section).getByLabelText('Class'), 'JSS 1 A');
    await user.click(within(section).getByRole('button', { name: 'Issue codes and print slips' }));
    expect(await within(section).findByText('You do not have permission to do this')).toBeTruthy();
  });
});
