import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as ImportStudents } from '../routes/import-students';

const ROWS = [
  { line: 2, ok: true, errors: {}, name: 'Bola Ade' },
  { line: 3, ok: false, errors: { dob: 'Invalid DOB', guardian_email: 'Invalid email address' }, name: 'Tunde Ade' },
  { line: 5, ok: false, errors: { class_level: 'There is no SSS 3 class in the 2026/27 session' }, name: 'Kemi Ade' },
];

function setup(answer: Parameters<typeof mockApi>[0][string]) {
  const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, 'POST /api/admissions/imports': answer });
  renderWithProviders(<ImportStudents />, { route: '/admin/admissions/import' });
  const user = userEvent.setup({ applyAccept: false });
  return {
    requests,
    user,
    choose: (file = new File(['name,gender\n'], 'students.csv', { type: 'text/csv' })) => user.upload(screen.getByLabelText('CSV file'), file),
  };
}

describe('import students', () => {
  it('explains the two choices before import, offers the template and checks the file', async () => {
    const page = setup({ status: 500 });
    expect(screen.getByRole('radio', { name: /Import nothing if any row has an error/ })).toHaveProperty('checked', true);
    expect(screen.getByText(/If even one row is wrong, no student is admitted/)).toBeTruthy();
    expect(screen.getByText(/Rows with errors are listed so you can correct them/)).toBeTruthy();
    const template = screen.getByRole('link', { name: 'Download the template (CSV)' });
    expect(template.getAttribute('download')).toBe('students-import-template.csv');
    expect(decodeURIComponent(template.getAttribute('href')!)).toContain('name,gender,dob,state_of_origin,class_level,arm,guardian_name');

    await page.user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose a CSV file to import')).toBeTruthy();
    await page.choose(new File(['x'], 'students.xlsx'));
    expect(await screen.findByText('Choose a CSV file (in a spreadsheet: Save as “CSV UTF-8”)')).toBeTruthy();
    expect(page.requests.some((r) => r.url.includes('/imports'))).toBe(false);
  });

  it('previews the row-by-row report: line, name and each error', async () => {
    const page = setup({ status: 200, body: { mode: 'valid-rows-only', dryRun: true, rows: ROWS, imported: 1, skipped: 2 } });
    await page.choose();
    await page.user.click(screen.getByRole('radio', { name: /Import the correct rows, skip the rest/ }));
    await page.user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Preview: 1 student would be imported, 2 rows skipped. 2 rows have errors.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const tunde = within(table).getByText('Tunde Ade').closest('[role="row"]') as HTMLElement;
    expect(within(tunde).getByText('3')).toBeTruthy();
    expect(within(tunde).getByText(/Invalid DOB/)).toBeTruthy();
    expect(within(tunde).getByText(/Invalid email address/)).toBeTruthy();
    expect(within(table).getByText(/There is no SSS 3 class in the 2026\/27 session/)).toBeTruthy();
    expect(within(table).getAllByText('Ready')).toHaveLength(1);

    await page.user.click(screen.getByRole('checkbox', { name: 'Show only the 2 rows with errors' }));
    expect(within(table).queryByText('Bola Ade')).toBeNull();
  });

  it('shows the refusal of all-or-nothing with the report, and the result of an import', async () => {
    let calls = 0;
    const page = setup(() =>
      ++calls === 1
        ? {
            status: 400,
            body: {
              statusCode: 400,
              message: '2 of 3 rows have errors, so nothing was imported. Correct them and import again.',
              errors: { file: '2 of 3 rows have errors, so nothing was imported. Correct them and import again.' },
              mode: 'all-or-nothing',
              dryRun: false,
              rows: ROWS,
              imported: 0,
              skipped: 3,
            },
          }
        : {
            status: 200,
            body: {
              mode: 'all-or-nothing',
              dryRun: false,
              rows: [{ line: 2, ok: true, errors: {}, name: 'Bola Ade', registrationNo: 'GFA/2026/0050', studentId: 'st-9', className: 'JSS 1 A' }],
              imported: 1,
              skipped: 0,
            },
          },
    );
    await page.choose();
    await page.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Nothing was imported. 2 rows have errors.')).toBeTruthy();
    expect(screen.getByText('2 of 3 rows have errors, so nothing was imported. Correct them and import again.')).toBeTruthy();
    expect(screen.getByText('Tunde Ade')).toBeTruthy();

    await page.choose(new File(['fixed'], 'fixed.csv', { type: 'text/csv' }));
    await page.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 student imported.')).toBeTruthy();
    expect(screen.getByText('GFA/2026/0050')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bola Ade' }).getAttribute('href')).toBe('/admin/records/student-profile/st-9');
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(page.requests.filter((r) => r.url.includes('/api/admissions/imports'))).toHaveLength(2);
  });
});
