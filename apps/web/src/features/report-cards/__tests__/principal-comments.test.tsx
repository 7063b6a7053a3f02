import type { ClassPrincipalComments } from '@school/shared/report-cards/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as PrincipalComments } from '../routes/admin-principal-comments';

const [TERM, CLASS, ADA, BISI, CHIKE] = ['e1', 'c1', 'a1', 'a2', 'a3'].map((n) => `6f1c2f0e-1111-4a4a-9b9b-0000000000${n}`);

const classes = { terms: [{ id: TERM, name: 'Second', isCurrent: true }], classes: [{ id: CLASS, name: 'JSS 1 A' }] };
const grid: ClassPrincipalComments = {
  className: 'JSS 1 A',
  termName: 'Second',
  sessionName: '2023/24',
  published: false,
  students: [
    {
      studentId: BISI,
      name: 'Adebayo Bisi',
      admissionNumber: 'GFA/0002',
      average: 91,
      position: 1,
      comment: null,
      suggestion: 'An excellent result. Keep it up.',
    },
    {
      studentId: ADA,
      name: 'Obi Ada',
      admissionNumber: 'GFA/0001',
      average: 74,
      position: 2,
      comment: 'Good work.',
      suggestion: 'A very good result; aim higher next term.',
    },
    {
      studentId: CHIKE,
      name: 'Nwosu Chike',
      admissionNumber: null,
      average: 61,
      position: 3,
      comment: null,
      suggestion: 'A commendable result. Keep working hard.',
    },
  ],
};

function renderPage() {
  renderWithProviders(
    <>
      <PrincipalComments />
      <ToastHost />
    </>,
    { route: '/admin/records/principal-comments' },
  );
}

async function chooseClass(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'JSS 1 A' });
  await user.selectOptions(screen.getByLabelText('Class'), 'JSS 1 A');
}

describe("principal's comments for a class", () => {
  it('lists the class, fills suggestions, and saves the whole class at once', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/report-cards/classes': { status: 200, body: classes },
      'GET /api/report-cards/principal-comments': { status: 200, body: grid },
      'PUT /api/report-cards/principal-comments': { status: 200, body: { saved: 3, removed: 0 } },
    });
    renderPage();
    expect(await screen.findByText("Choose a class to write its principal's comments.")).toBeTruthy();
    await chooseClass(user);

    const table = await screen.findByRole('table', { name: "Principal's comments" });
    const bisiRow = within(table).getByText('Adebayo Bisi').closest('tr')!;
    expect(within(bisiRow).getByText('91')).toBeTruthy();
    expect(within(bisiRow).getByText('1st')).toBeTruthy();
    expect((screen.getByLabelText('Obi Ada') as HTMLTextAreaElement).value).toBe('Good work.');
    expect(requests.some((r) => r.url.includes(`/api/report-cards/principal-comments?termId=${TERM}&classId=${CLASS}`))).toBe(true);

    // one row's suggestion, then fill the rest that are empty (Ada's own comment is kept)
    await user.click(screen.getByRole('button', { name: 'Use suggestion for Adebayo Bisi' }));
    expect((screen.getByLabelText('Adebayo Bisi') as HTMLTextAreaElement).value).toBe('An excellent result. Keep it up.');
    await user.click(screen.getByRole('button', { name: 'Fill empty comments with suggestions' }));
    expect((screen.getByLabelText('Nwosu Chike') as HTMLTextAreaElement).value).toBe('A commendable result. Keep working hard.');
    expect((screen.getByLabelText('Obi Ada') as HTMLTextAreaElement).value).toBe('Good work.');

    // edit one by hand, Tab moves on to the next control
    const ada = screen.getByLabelText('Obi Ada');
    await user.clear(ada);
    await user.type(ada, 'Well done, Ada.');
    await user.tab();
    expect(document.activeElement).not.toBe(ada);

    await user.click(screen.getByRole('button', { name: 'Save comments' }));
    expect(await screen.findByText("Principal's comments saved")).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      classId: CLASS,
      termId: TERM,
      rows: [
        { studentId: BISI, comment: 'An excellent result. Keep it up.' },
        { studentId: ADA, comment: 'Well done, Ada.' },
        { studentId: CHIKE, comment: 'A commendable result. Keep working hard.' },
      ],
    });
  });

  it('asks before dropping typed comments when the class changes', async () => {
    const user = userEvent.setup();
    const OTHER = `${CLASS.slice(0, -2)}c2`;
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/report-cards/classes': { status: 200, body: { ...classes, classes: [...classes.classes, { id: OTHER, name: 'JSS 1 B' }] } },
      'GET /api/report-cards/principal-comments': { status: 200, body: grid },
    });
    renderPage();
    await chooseClass(user);
    await screen.findByRole('table', { name: "Principal's comments" });
    await user.type(screen.getByLabelText('Nwosu Chike'), 'Quiet but steady.');
    await user.selectOptions(screen.getByLabelText('Class'), 'JSS 1 B');
    const ask = screen.getByRole('alertdialog', { name: 'Leave unsaved comments?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Nwosu Chike') as HTMLTextAreaElement).value).toBe('Quiet but steady.');
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe(CLASS);

    await user.selectOptions(screen.getByLabelText('Class'), 'JSS 1 B');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe(OTHER);
    expect(requests.some((r) => r.url.includes(`classId=${OTHER}`))).toBe(true);
  });

  it("shows the server's 400 at the row and in an alert", async () => {
    const user = userEvent.setup();
    const message = "Nwosu Chike's comment must be at most 500 characters";
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/report-cards/classes': { status: 200, body: classes },
      'GET /api/report-cards/principal-comments': { status: 200, body: grid },
      'PUT /api/report-cards/principal-comments': { status: 400, body: { statusCode: 400, error: 'Bad Request', message, errors: { [CHIKE]: message } } },
    });
    renderPage();
    await chooseClass(user);
    await screen.findByRole('table', { name: "Principal's comments" });
    await user.click(screen.getByRole('button', { name: 'Save comments' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    const chike = screen.getByLabelText('Nwosu Chike');
    expect(chike.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(chike.getAttribute('aria-describedby')!)?.textContent).toBe(message);
  });

  it('shows an empty class and a load error', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/report-cards/classes': { status: 200, body: classes },
      'GET /api/report-cards/principal-comments': () =>
        fail ? { status: 500, body: { statusCode: 500, message: 'Server error' } } : { status: 200, body: { ...grid, students: [] } },
    });
    renderPage();
    await chooseClass(user);
    expect(await screen.findByText(/We could not load the class/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No students in this class for the term.')).toBeTruthy();
  });
});
