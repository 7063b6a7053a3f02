import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as FinancialReport } from '../routes/admin-financial-report';
import { Component as StudentReport } from '../routes/admin-student-report';
import { Component as SuperAdminFinancial } from '../routes/super-admin-financial-report';
import { Component as SuperAdminReports } from '../routes/super-admin-reports';
import { Component as SchoolReport } from '../routes/super-admin-school-report';
import { Component as SchoolReports } from '../routes/super-admin-school-reports';

const SCHOOL = { id: 's1', name: 'Bright Future College' };
const SESSION = { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000c1', name: '2023/24' };

const studentReport = {
  school: SCHOOL,
  session: SESSION,
  classes: [
    { classId: 'c1', className: 'JSS 1 A', level: 'JSS 1', male: 2, female: 1, total: 3 },
    { classId: 'c2', className: 'JSS 1 B', level: 'JSS 1', male: 0, female: 1, total: 1 },
  ],
  totals: { male: 2, female: 2, total: 4 },
  newAdmissions: 1,
  statuses: { active: 3, graduated: 0, withdrawn: 1 },
};

describe('admin student report', () => {
  it('shows the classes, the total row, a chart and a CSV link for the same session', async () => {
    mockApi({ 'GET /api/reports/school/students': { status: 200, body: studentReport } });
    renderWithProviders(<StudentReport />);
    const table = await screen.findByRole('table', { name: 'Students by class and gender, with the total' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['ClassMaleFemaleTotal', 'JSS 1 A213', 'JSS 1 B011', 'Total224']);
    expect(screen.getByRole('img', { name: /Students per class by gender.*JSS 1 A: Male 2, Female 1, total 3/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(`/api/reports/school/students/export.csv?sessionId=${SESSION.id}`);
    expect(screen.getByText('Bright Future College · Session 2023/24')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('says what went wrong and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/reports/school/students': () => (++calls === 1 ? { status: 500, body: { message: 'Database is down' } } : { status: 200, body: studentReport }),
    });
    renderWithProviders(<StudentReport />);
    expect(await screen.findByText(/We could not load the student report. Database is down/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Students by class and gender, with the total' })).toBeTruthy();
  });
});

describe('admin financial report', () => {
  const terms = [
    { id: 't1', name: 'First', isCurrent: false },
    { id: 't2', name: 'Second', isCurrent: true },
  ];
  const report = (termId: string) => ({
    school: SCHOOL,
    session: SESSION,
    terms,
    term: terms.find((t) => t.id === termId)!,
    classes:
      termId === 't2' ? [{ classId: 'c1', className: 'JSS 1 A', invoices: 2, expectedKobo: 95_000, collectedKobo: 80_000, outstandingKobo: 25_000 }] : [],
    totals:
      termId === 't2'
        ? { invoices: 2, expectedKobo: 95_000, collectedKobo: 80_000, outstandingKobo: 25_000 }
        : { invoices: 0, expectedKobo: 0, collectedKobo: 0, outstandingKobo: 0 },
  });

  it('shows the current term’s fees in naira and follows the term chosen', async () => {
    const requests = mockApi({
      'GET /api/reports/school/financial': ({ url }) => ({ status: 200, body: report(new URL(url, 'http://x').searchParams.get('termId') ?? 't2') }),
    });
    renderWithProviders(<FinancialReport />);
    const table = await screen.findByRole('table', { name: /Fees expected, collected and outstanding per class/ });
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe('Total2₦950.00₦800.00₦250.00');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/reports/school/financial/export.csv?sessionId=${SESSION.id}&termId=t2`,
    );
    await userEvent.setup().selectOptions(screen.getByLabelText('Term'), 't1');
    expect(await screen.findByText(/No invoices have been made for the First term yet/)).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('termId=t1'))).toBe(true));
  });
});

describe('super-admin financial report', () => {
  it('asks for the default session and term, then compares the schools', async () => {
    const requests = mockApi({
      'GET /api/reports/organisation/options': {
        status: 200,
        body: {
          schools: [SCHOOL, { id: 's2', name: 'Greenfield' }],
          sessionNames: ['2023/24', '2022/23'],
          defaultSessionName: '2023/24',
          defaultTerm: 'Second',
        },
      },
      'GET /api/reports/organisation/financial': {
        status: 200,
        body: {
          sessionName: '2023/24',
          term: 'Second',
          schools: [
            { schoolId: 's1', schoolName: SCHOOL.name, hasTerm: true, invoices: 3, expectedKobo: 165_000, collectedKobo: 80_000, outstandingKobo: 95_000 },
            { schoolId: 's2', schoolName: 'Greenfield', hasTerm: false, invoices: 0, expectedKobo: 0, collectedKobo: 0, outstandingKobo: 0 },
          ],
          totals: { invoices: 3, expectedKobo: 165_000, collectedKobo: 80_000, outstandingKobo: 95_000 },
        },
      },
    });
    renderWithProviders(<SuperAdminFinancial />);
    const table = await screen.findByRole('table', { name: /Fees expected, collected and outstanding of each school/ });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'SchoolInvoicesExpectedCollectedOutstanding',
      'Bright Future College3₦1,650.00₦800.00₦950.00',
      'Greenfield————',
      'All schools3₦1,650.00₦800.00₦950.00',
    ]);
    expect(requests.find((r) => r.url.startsWith('/api/reports/organisation/financial'))!.url).toBe(
      '/api/reports/organisation/financial?sessionName=2023%2F24&term=Second',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/reports/organisation/financial/export.csv?sessionName=2023%2F24&term=Second',
    );
    expect((screen.getByLabelText('Session') as HTMLSelectElement).value).toBe('2023/24');
    expect((screen.getByLabelText('Term') as HTMLSelectElement).value).toBe('Second');
  });
});

describe('super-admin: one school’s reports', () => {
  const OTHER = { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000d2', name: 'Lekki Annex' };
  const options = { schools: [SCHOOL, OTHER], sessionNames: ['2023/24'], defaultSessionName: '2023/24', defaultTerm: 'Second' };

  function at(route: string) {
    renderWithProviders(
      <Routes>
        <Route path="/super-admin/reports" element={<SuperAdminReports />} />
        <Route path="/super-admin/reports/schools/:schoolId" element={<SchoolReports />} />
        <Route path="/super-admin/reports/schools/:schoolId/:kind" element={<SchoolReport />} />
      </Routes>,
      { route },
    );
  }

  it('lists each school on the reports hub and opens its reports', async () => {
    mockApi({ 'GET /api/reports/organisation/options': { status: 200, body: options } });
    at('/super-admin/reports');
    const list = await screen.findByRole('region', { name: 'One school’s reports' });
    await userEvent.setup().click(within(list).getByRole('link', { name: 'Lekki Annex' }));
    expect(await screen.findByRole('heading', { name: 'Lekki Annex reports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Student Report/ }).getAttribute('href')).toBe(`/super-admin/reports/schools/${OTHER.id}/student`);
    expect(screen.getByRole('link', { name: /Attendance & Results/ }).getAttribute('href')).toBe(`/super-admin/reports/schools/${OTHER.id}/attendance-results`);
  });

  it('shows the chosen school’s student report, asked for and exported with its id', async () => {
    const requests = mockApi({ 'GET /api/reports/school/students': { status: 200, body: { ...studentReport, school: OTHER } } });
    at(`/super-admin/reports/schools/${OTHER.id}/student`);
    const table = await screen.findByRole('table', { name: 'Students by class and gender, with the total' });
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toBe('Total224');
    expect(requests.some((r) => r.url === `/api/reports/school/students?schoolId=${OTHER.id}`)).toBe(true);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/reports/school/students/export.csv?schoolId=${OTHER.id}&sessionId=${SESSION.id}`,
    );
    expect(screen.getByRole('link', { name: /All reports/ }).getAttribute('href')).toBe(`/super-admin/reports/schools/${OTHER.id}`);
  });

  it('says so for a school that is not the organisation’s', async () => {
    mockApi({ 'GET /api/reports/organisation/options': { status: 200, body: options } });
    at('/super-admin/reports/schools/6f1c2f0e-1111-4a4a-9b9b-0000000000ff');
    expect(await screen.findByText(/School not found/)).toBeTruthy();
  });

  it('says an unknown report is not found', () => {
    mockApi({});
    at(`/super-admin/reports/schools/${OTHER.id}/payroll`);
    expect(screen.getByText('Report not found.')).toBeTruthy();
  });
});
