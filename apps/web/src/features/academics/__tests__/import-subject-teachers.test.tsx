import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as ImportSubjectTeachers } from '../routes/import-subject-teachers';
import { SESSION_REF } from './fixtures';

const URL = 'POST /api/academics/subject-teachers/import';

const GOOD = {
  line: 2,
  ok: true,
  errors: {},
  name: 'JSS 1 A · Mathematics',
  className: 'JSS 1 A',
  subjectName: 'Mathematics',
  teacherName: 'Mr. Emeka Obi',
  outcome: 'changed',
  previousTeacherName: 'Mr. Tunde Bello',
};
const BAD = { line: 3, ok: false, errors: { teacher: '2 teachers are named “Mr. Sani Musa”; write the teacher’s email instead' }, name: 'JSS 1 B · English' };

function setup(answer: Parameters<typeof mockApi>[0][string]) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    // the session the import reads: the one the class list answers for
    'GET /api/academics/classes': { status: 200, body: { session: SESSION_REF, items: [] } },
    [URL]: answer,
  });
  renderWithProviders(<ImportSubjectTeachers />, { route: '/admin/academics/import-subject-teachers' });
  const user = userEvent.setup({ applyAccept: false });
  return {
    requests,
    user,
    choose: (file = new File(['Class,Subject,Teacher\n'], 'teachers.xlsx')) => user.upload(screen.getByLabelText('CSV or Excel file'), file),
  };
}

describe('import subject teachers', () => {
  it('offers the template, takes an Excel file, and previews what each row would do', async () => {
    const page = setup({
      status: 200,
      body: {
        mode: 'valid-rows-only',
        dryRun: true,
        rows: [GOOD, BAD, { line: 4, ok: true, errors: {}, name: 'JSS 1 A · Physics', className: 'JSS 1 A', subjectName: 'Physics', outcome: 'skipped' }],
        imported: 1,
        skipped: 2,
        changed: 1,
        unchanged: 0,
        added: 0,
      },
    });
    const template = screen.getByRole('link', { name: 'Download the template (CSV)' });
    expect(template.getAttribute('download')).toBe('subject-teachers-template.csv');
    expect(decodeURIComponent(template.getAttribute('href')!)).toContain('Class,Subject,Teacher');
    const filled = await screen.findByRole('link', { name: 'Download this session’s classes and subjects (CSV)' });
    expect(filled.getAttribute('href')).toBe(`/api/academics/subject-teachers/template?sessionId=${SESSION_REF.id}`);
    expect(filled.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/download 2023\/24’s classes and subjects/)).toBeTruthy();
    await page.choose(new File(['x'], 'teachers.pdf'));
    expect(await screen.findByText('Choose a CSV file or an Excel workbook (.xlsx)')).toBeTruthy();

    await page.choose();
    await page.user.click(screen.getByRole('radio', { name: /Import the correct rows, skip the rest/ }));
    await page.user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Preview: 1 subject teacher would be imported, 2 rows skipped. 1 row has errors.')).toBeTruthy();
    expect(page.requests.find((r) => r.method === 'POST')!.url).toContain('/api/academics/subject-teachers/import?preview=true');
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const good = within(table).getByText('JSS 1 A · Mathematics').closest('[role="row"]') as HTMLElement;
    expect(within(good).getByText('Mr. Emeka Obi (was Mr. Tunde Bello)')).toBeTruthy();
    const bad = within(table).getByText('JSS 1 B · English').closest('[role="row"]') as HTMLElement;
    expect(within(bad).getByText(/2 teachers are named “Mr. Sani Musa”/)).toBeTruthy();
    const blank = within(table).getByText('JSS 1 A · Physics').closest('[role="row"]') as HTMLElement;
    expect(within(blank).getByText('No teacher given; left as it is')).toBeTruthy();
  });

  it('shows an all-or-nothing refusal, then what the import changed', async () => {
    let calls = 0;
    const page = setup(() =>
      ++calls === 1
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: '1 of 2 rows have errors, so nothing was imported. Correct them and import again.',
              mode: 'all-or-nothing',
              dryRun: false,
              rows: [GOOD, BAD],
              imported: 0,
              skipped: 2,
              changed: 0,
              unchanged: 0,
              added: 0,
            },
          }
        : {
            status: 200,
            body: {
              mode: 'all-or-nothing',
              dryRun: false,
              rows: [
                { ...GOOD, classSubjectId: 'cs1' },
                { ...GOOD, line: 3, name: 'JSS 1 A · Physics', subjectName: 'Physics', outcome: 'added', previousTeacherName: null, classSubjectId: 'cs2' },
              ],
              imported: 2,
              skipped: 0,
              changed: 1,
              unchanged: 0,
              added: 1,
            },
          },
    );
    await page.choose(new File(['Class,Subject,Teacher\n'], 'teachers.csv', { type: 'text/csv' }));
    await page.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 of 2 rows have errors, so nothing was imported. Correct them and import again.')).toBeTruthy();
    expect(screen.getByText('Nothing was imported. 1 row has errors.')).toBeTruthy();

    await page.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 subject teachers imported.')).toBeTruthy();
    expect(screen.getByText('Mr. Emeka Obi; adds Physics to JSS 1 A')).toBeTruthy();
    expect(screen.getByText(/1 teacher changed, 0 were already so, and 1 subject was added to its class/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JSS 1 A · Physics' }).getAttribute('href')).toBe('/admin/academics/subject');
  });
});
