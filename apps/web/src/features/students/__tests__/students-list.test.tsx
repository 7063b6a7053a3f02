import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminStudents } from '../routes/admin-students';

const PAGE = {
  total: 2,
  page: 1,
  pageSize: 10,
  items: [
    { id: 's1', registrationNo: 'GFA/2023/0001', name: 'Ada Obi', classId: 'c1', className: 'JSS 1 A', gender: 'female', status: 'active' },
    { id: 's2', registrationNo: 'GFA/2023/0002', name: 'Chinedu Okafor', classId: 'c2', className: 'JSS 2 B', gender: 'male', status: 'withdrawn' },
  ],
};
const CLASSES = {
  items: [
    { id: 'c1', name: 'JSS 1 A' },
    { id: 'c2', name: 'JSS 2 B' },
  ],
};

function setup() {
  const requests = mockApi({
    'GET /api/students': { status: 200, body: PAGE },
    'GET /api/students/classes': { status: 200, body: CLASSES },
  });
  renderWithProviders(<AdminStudents />, { route: '/admin/records/students' });
  return { requests, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('students list', () => {
  it('shows the rows with registration number, class, gender and status, asking for one page', async () => {
    const { requests } = setup();
    expect(await screen.findByText('Ada Obi')).toBeTruthy();
    expect(screen.getByText('Chinedu Okafor')).toBeTruthy();
    expect(screen.getAllByText('GFA/2023/0002').length).toBeGreaterThan(0);
    expect(screen.getByText('Withdrawn')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Obi' }).getAttribute('href')).toBe('/admin/records/student-profile/s1');
    expect(requests.find((r) => r.url.startsWith('/api/students?'))?.url).toBe('/api/students?page=1&pageSize=10');
  });

  it('sends the class and gender filters and the search to the server', async () => {
    const { requests, user } = setup();
    await screen.findByText('Ada Obi');
    await waitFor(() => expect(screen.getByRole('option', { name: 'JSS 2 B' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Class'), 'c2');
    await user.selectOptions(screen.getByLabelText('Gender'), 'male');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/students?page=1&pageSize=10&classId=c2&gender=male')).toBe(true));
    await user.type(screen.getByLabelText('Search students'), 'okafor');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/students?page=1&pageSize=10&classId=c2&gender=male&search=okafor')).toBe(true));
  });

  it('sorts the rows shown by a column header (the page the server sent)', async () => {
    const { user } = setup();
    await screen.findByText('Ada Obi');
    const names = () => screen.getAllByRole('link').map((link) => link.textContent);
    expect(names()).toEqual(['Ada Obi', 'Chinedu Okafor']);
    // the first click sorts A to Z (as sent), the second Z to A
    await user.click(screen.getByRole('columnheader', { name: 'Name' }));
    await user.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(names()).toEqual(['Chinedu Okafor', 'Ada Obi']));
  });

  it('selects rows, counts them and exports the selected ones as CSV in the browser', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:students';
        }
        static revokeObjectURL() {}
      },
    );
    const { requests, user } = setup();
    await screen.findByText('Ada Obi');
    const table = screen.getByRole('table', { name: 'Students' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select row s2' }));
    expect(await screen.findByText('1 item(s) selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export selected (CSV)' }));
    expect(blobs).toHaveLength(1);
    expect(await blobs[0].text()).toBe('S/N,Registration Number,Name,Class,Gender,Status\r\n1,GFA/2023/0002,Chinedu Okafor,JSS 2 B,Male,Withdrawn\r\n');
    expect(requests.some((r) => r.url.startsWith('/api/students.csv'))).toBe(false);
  });

  it('says so when nothing matches', async () => {
    mockApi({
      'GET /api/students': { status: 200, body: { total: 0, page: 1, pageSize: 10, items: [] } },
      'GET /api/students/classes': { status: 200, body: CLASSES },
    });
    renderWithProviders(<AdminStudents />, { route: '/admin/records/students' });
    expect(await screen.findByText('There are no records to display')).toBeTruthy();
  });
});
