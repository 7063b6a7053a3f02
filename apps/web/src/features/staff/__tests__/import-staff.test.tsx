import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as ImportStaff } from '../routes/import-staff';

const ROWS = [
  { line: 2, ok: true, errors: {}, name: 'Ngozi Eze' },
  { line: 3, ok: false, errors: { email: 'Email is required for staff who sign in' }, name: 'Sani Bello' },
];

function setup(answer: Parameters<typeof mockApi>[0][string]) {
  const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, 'POST /api/staff/import': answer });
  renderWithProviders(<ImportStaff />, { route: '/admin/academics/import-staff' });
  const user = userEvent.setup({ applyAccept: false });
  return {
    requests,
    user,
    choose: (file = new File(['name,staff_type\n'], 'staff.csv', { type: 'text/csv' })) => user.upload(screen.getByLabelText('CSV file'), file),
  };
}

describe('import staff', () => {
  it('offers the template, checks the file, and previews the row report with ?preview=true', async () => {
    const page = setup({ status: 200, body: { mode: 'valid-rows-only', dryRun: true, rows: ROWS, imported: 1, skipped: 1 } });
    const template = screen.getByRole('link', { name: 'Download the template (CSV)' });
    expect(template.getAttribute('download')).toBe('staff-import-template.csv');
    expect(decodeURIComponent(template.getAttribute('href')!)).toContain('name,staff_type,email,phone,gender,address,employed_on');
    await page.choose(new File(['x'], 'staff.xlsx'));
    expect(await screen.findByText('Choose a CSV file (in a spreadsheet: Save as “CSV UTF-8”)')).toBeTruthy();

    await page.choose();
    await page.user.click(screen.getByRole('radio', { name: /Import the correct rows, skip the rest/ }));
    await page.user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Preview: 1 staff member would be imported, 1 row skipped. 1 row has errors.')).toBeTruthy();
    expect(page.requests.find((r) => r.method === 'POST')!.url).toContain('/api/staff/import?preview=true');
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const sani = within(table).getByText('Sani Bello').closest('[role="row"]') as HTMLElement;
    expect(within(sani).getByText('3')).toBeTruthy();
    expect(within(sani).getByText(/Email is required for staff who sign in/)).toBeTruthy();
  });

  it('shows an all-or-nothing refusal, then the imported staff and their invitation codes', async () => {
    let calls = 0;
    const page = setup(() =>
      ++calls === 1
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: '1 of 2 rows have errors, so nothing was imported.',
              mode: 'all-or-nothing',
              dryRun: false,
              rows: ROWS,
              imported: 0,
              skipped: 2,
            },
          }
        : {
            status: 200,
            body: {
              mode: 'all-or-nothing',
              dryRun: false,
              rows: [{ line: 2, ok: true, errors: {}, name: 'Ngozi Eze', staffId: 's1', staffType: 'Teacher' }],
              imported: 1,
              skipped: 0,
              invitations: {
                registerUrl: 'http://localhost/auth/register',
                items: [{ name: 'Ngozi Eze', email: 'ngozi@school.test', role: 'teacher', code: '12345678', expiresAt: '2026-12-01T00:00:00.000Z' }],
              },
            },
          },
    );
    await page.choose();
    await page.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 of 2 rows have errors, so nothing was imported.')).toBeTruthy();
    expect(screen.getByText('Nothing was imported. 1 row has errors.')).toBeTruthy();

    await page.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 staff member imported.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ngozi Eze' }).getAttribute('href')).toBe('/admin/academics/staff-profile/s1');
    const codes = screen.getByRole('region', { name: 'Invitation codes' });
    expect(within(codes).getByText('12345678')).toBeTruthy();
    expect(within(codes).getByText(/ngozi@school.test/)).toBeTruthy();
  });
});
