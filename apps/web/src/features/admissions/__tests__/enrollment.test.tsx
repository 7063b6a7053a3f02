import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, type RecordedRequest } from '@/test/render';
import { Component as Enrollment } from '../routes/enrollment';

const ITEMS = [
  {
    id: 'a1',
    registrationNo: 'GFA/2026/0001',
    name: 'Aisha Bello',
    classLevel: 'JSS 1',
    paymentStatus: 'InComplete',
    status: 'Pending',
    submittedAt: '2026-11-20T10:00:00.000Z',
    className: null,
  },
  {
    id: 'b2',
    registrationNo: 'GFA/2026/0002',
    name: 'Tunde Bakare',
    classLevel: 'SSS 1',
    paymentStatus: 'Complete',
    status: 'Pending',
    submittedAt: '2026-11-21T10:00:00.000Z',
    className: null,
  },
];

const DETAIL = {
  ...ITEMS[0],
  guardian: { name: null, email: 'mrs.bello@mail.ng', phone: '08021234567', address: '7 Ahmadu Bello Way, Kaduna', relationship: 'mother' },
  ward: { name: 'Aisha Bello', gender: 'female', dateOfBirth: '2014-09-12', email: 'aisha@mail.ng', phone: '08121234567', stateOfOrigin: 'Kaduna' },
  education: {
    prevEducation: 'First School Leaving Certificate',
    institution: 'Sunshine Primary School',
    institutionAddress: '2 Market Road, Kaduna',
    attendedClasses: 'Primary 6',
    contactName: 'Mr. Musa',
    contactPhone: '07031234567',
  },
  birthCertificate: { url: '/api/uploads/f1', name: 'birth.pdf', mimeType: 'application/pdf' },
  studentId: null,
  sessionName: null,
  decidedAt: null,
};

type Answer = { status: number; body?: unknown };

function setup(
  decisions: (request: RecordedRequest) => Answer = ({ body }) => {
    const { ids, decision } = body as { ids: string[]; decision: string };
    const status = { accept: 'Accepted', reject: 'Rejected', archive: 'Archived', restore: 'Pending' }[decision];
    return {
      status: 200,
      body: {
        results: ids.map((id) => ({
          id,
          ok: true,
          status,
          registrationNo: ITEMS.find((i) => i.id === id)!.registrationNo,
          className: decision === 'accept' ? 'JSS 1 B' : undefined,
          notes: [],
        })),
        succeeded: ids.length,
        failed: 0,
      },
    };
  },
) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    'GET /api/admissions/applications': { status: 200, body: { items: ITEMS, total: 2, page: 1, pageSize: 10 } },
    'GET /api/admissions/applications/a1': { status: 200, body: { application: DETAIL } },
    'GET /api/admissions/classes': {
      status: 200,
      body: {
        sessionName: '2023/24',
        items: [
          { id: 'c1', level: 'JSS 1', arm: 'A', name: 'JSS 1 A', studentCount: 30 },
          { id: 'c2', level: 'JSS 1', arm: 'B', name: 'JSS 1 B', studentCount: 28 },
        ],
      },
    },
    'POST /api/admissions/applications/decisions': decisions,
  });
  renderWithProviders(<Enrollment />, { route: '/admin/admissions/enrollment' });
  return { requests, user: userEvent.setup() };
}

const decisionRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === '/api/admissions/applications/decisions');

describe('New Enrollment', () => {
  it('lists pending applications with the spec’s columns, asking the server for one page', async () => {
    const { requests } = setup();
    expect(await screen.findByText('Aisha Bello')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New Enrollment' })).toBeTruthy();
    for (const column of ['S/N', 'Registration Number', 'Name of Student', 'Class', 'Payment Status', 'Action']) {
      expect(screen.getAllByText(column).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText('GFA/2026/0002').length).toBeGreaterThan(0);
    const badge = screen.getAllByText('InComplete').find((el) => el.getAttribute('data-tone'));
    expect(badge?.getAttribute('data-tone')).toBe('pink');
    expect(
      screen
        .getAllByText('Complete')
        .find((el) => el.getAttribute('data-tone'))
        ?.getAttribute('data-tone'),
    ).toBe('lemon');
    expect(requests.find((r) => r.url.startsWith('/api/admissions/applications?'))?.url).toBe('/api/admissions/applications?page=1&pageSize=10&status=Pending');
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by class and payment status on the server', async () => {
    const { requests, user } = setup();
    await screen.findByText('Aisha Bello');
    await user.selectOptions(screen.getByLabelText('Class'), 'JSS 1');
    await user.selectOptions(screen.getByLabelText('Payment Status'), 'Complete');
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/admissions/applications?page=1&pageSize=10&status=Pending&classLevel=JSS+1&paymentStatus=Complete')).toBe(
        true,
      ),
    );
  });

  it('opens the application form in a drawer, with its four sections and the birth certificate', async () => {
    const { user } = setup();
    await screen.findByText('Aisha Bello');
    await user.click(screen.getByRole('button', { name: 'View Aisha Bello' }));
    const drawer = await screen.findByRole('dialog', { name: 'View Application Form' });
    for (const section of ['Guardian Details', 'Ward Details', 'Education History', 'Uploaded Documents']) {
      expect(within(drawer).getByText(section)).toBeTruthy();
    }
    expect(await within(drawer).findByText('mrs.bello@mail.ng')).toBeTruthy();
    expect(within(drawer).getByText(/^12 Sept? 2014$/)).toBeTruthy();
    expect(within(drawer).getByText('Sunshine Primary School')).toBeTruthy();
    expect(within(drawer).getByText('Mr. Musa')).toBeTruthy();
    const view = within(drawer).getByRole('link', { name: /View birth certificate/ });
    expect(view.getAttribute('href')).toBe('/api/uploads/f1');
    expect(view.getAttribute('target')).toBe('_blank');
    for (const action of ['Accept', 'Reject', 'Archive']) expect(within(drawer).getByRole('button', { name: action })).toBeTruthy();
  });

  it('accepts from the drawer into the chosen class and says "Approved Successful" only after the server has answered', async () => {
    const { requests, user } = setup(() => {
      return {
        status: 200,
        body: {
          results: [
            {
              id: 'a1',
              ok: true,
              status: 'Accepted',
              registrationNo: 'GFA/2026/0001',
              className: 'JSS 1 B',
              notes: ['Parent invitation sent to mrs.bello@mail.ng.'],
            },
          ],
          succeeded: 1,
          failed: 0,
        },
      };
    });
    await screen.findByText('Aisha Bello');
    await user.click(screen.getByRole('button', { name: 'View Aisha Bello' }));
    const drawer = await screen.findByRole('dialog', { name: 'View Application Form' });
    await within(drawer).findByText('mrs.bello@mail.ng');
    await waitFor(() => expect(within(drawer).getByRole('option', { name: 'JSS 1 B (28 students)' })).toBeTruthy());
    await user.selectOptions(within(drawer).getByLabelText('Admit into'), 'c2');
    await user.click(within(drawer).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Approve Aisha Bello (GFA/2026/0001)?')).toBeTruthy();
    expect(screen.queryByText('Approved Successful')).toBeNull();
    expect(decisionRequests(requests)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved Successful')).toBeTruthy();
    expect(decisionRequests(requests)[0].body).toEqual({ ids: ['a1'], decision: 'accept', classId: 'c2' });
    expect(screen.getByText('Parent invitation sent to mrs.bello@mail.ng.')).toBeTruthy();
    // the list is asked again
    await waitFor(() => expect(requests.filter((r) => r.url.startsWith('/api/admissions/applications?')).length).toBeGreaterThan(1));
  });

  it('rejects from the drawer: "Reject Successful"', async () => {
    const { requests, user } = setup();
    await screen.findByText('Aisha Bello');
    await user.click(screen.getByRole('button', { name: 'View Aisha Bello' }));
    const drawer = await screen.findByRole('dialog', { name: 'View Application Form' });
    await within(drawer).findByText('mrs.bello@mail.ng');
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Reject Successful')).toBeTruthy();
    expect(decisionRequests(requests)[0].body).toEqual({ ids: ['a1'], decision: 'reject' });
  });

  it('archives the selected rows together: "Archived Successful"', async () => {
    const { requests, user } = setup();
    await screen.findByText('Aisha Bello');
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    expect(await screen.findByText('2 item(s) selected')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Archive' })[0]);
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Archive 2 applications?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Archived Successful')).toBeTruthy();
    const body = decisionRequests(requests)[0].body as { ids: string[]; decision: string };
    expect(body.decision).toBe('archive');
    expect([...body.ids].sort()).toEqual(['a1', 'b2']);
  });

  it('says what went wrong instead of the confirmation when the server refuses', async () => {
    const { user } = setup(() => ({
      status: 409,
      body: { message: 'There is no SSS 1 class in the 2023/24 session to admit this applicant into. Add one under Academics, then accept again.' },
    }));
    await screen.findByText('Tunde Bakare');
    await user.click(screen.getAllByRole('checkbox')[2]);
    await user.click(screen.getAllByRole('button', { name: 'Approve' })[0]);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Could not approve')).toBeTruthy();
    expect(screen.getByText(/There is no SSS 1 class/)).toBeTruthy();
    expect(screen.queryByText('Approved Successful')).toBeNull();
  });
});
