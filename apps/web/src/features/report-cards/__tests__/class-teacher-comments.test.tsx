import type { ClassTeacherComments } from '@school/shared/report-cards/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as TeacherClassTeacherComments } from '../routes/teacher-class-teacher-comments';
import { Component as AdminClassTeacherComments } from '../routes/admin-class-teacher-comments';

const [SECOND, THIRD, CLASS, OTHER, ADA, BISI, CHIKE] = ['e1', 'e2', 'c1', 'c2', 'a1', 'a2', 'a3'].map((n) => `6f1c2f0e-1111-4a4a-9b9b-0000000000${n}`);

const terms = [
  { id: SECOND, name: 'Second', isCurrent: true },
  { id: THIRD, name: 'Third', isCurrent: false },
];
const mine = { terms, classes: [{ id: CLASS, name: 'JSS 1 A' }] };
const grid: ClassTeacherComments = {
  classId: CLASS,
  termId: SECOND,
  className: 'JSS 1 A',
  termName: 'Second',
  sessionName: '2023/24',
  published: false,
  classTeacherName: 'Mrs. Funmilayo Adeyemi',
  canEdit: true,
  lockedReason: null,
  students: [
    { studentId: BISI, name: 'Adebayo Bisi', admissionNumber: 'GFA/0002', average: 91, position: 1, comment: null, suggestion: 'Bisi works hard.' },
    { studentId: ADA, name: 'Obi Ada', admissionNumber: 'GFA/0001', average: 74, position: 2, comment: 'Ada is punctual.', suggestion: 'Ada is well behaved.' },
    { studentId: CHIKE, name: 'Nwosu Chike', admissionNumber: null, average: 61, position: 3, comment: null, suggestion: 'Chike is attentive.' },
  ],
};
const csrf = { 'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } } };
const value = (label: string) => (screen.getByLabelText(label) as HTMLTextAreaElement).value;

function renderTeacherPage() {
  renderWithProviders(
    <>
      <TeacherClassTeacherComments />
      <ToastHost />
    </>,
    { route: '/teachers/class-teacher-comments' },
  );
}

describe("class teacher's comments for a class", () => {
  it("opens the class teacher's only class, fills suggestions, and saves the whole class at once", async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...csrf,
      'GET /api/report-cards/class-teacher-comments/options': { status: 200, body: mine },
      'GET /api/report-cards/class-teacher-comments': { status: 200, body: grid },
      'PUT /api/report-cards/class-teacher-comments': { status: 200, body: { saved: 3, removed: 0 } },
    });
    renderTeacherPage();

    const table = await screen.findByRole('table', { name: "Class teacher's comments" });
    expect(requests.some((r) => r.url.includes(`/api/report-cards/class-teacher-comments?termId=${SECOND}&classId=${CLASS}`))).toBe(true);
    const bisiRow = within(table).getByText('Adebayo Bisi').closest('tr')!;
    expect(within(bisiRow).getByText('91')).toBeTruthy();
    expect(within(bisiRow).getByText('1st')).toBeTruthy();
    expect(screen.getByText('Class teacher: Mrs. Funmilayo Adeyemi')).toBeTruthy();
    expect(screen.getByText('2 without a comment.')).toBeTruthy();
    expect(value('Obi Ada')).toBe('Ada is punctual.');

    await user.click(screen.getByRole('button', { name: 'Use suggestion for Adebayo Bisi' }));
    expect(value('Adebayo Bisi')).toBe('Bisi works hard.');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fill empty comments with suggestions' }));
    expect(value('Nwosu Chike')).toBe('Chike is attentive.');
    expect(value('Obi Ada')).toBe('Ada is punctual.');
    expect(screen.getByText('Every student has a comment.')).toBeTruthy();

    const ada = screen.getByLabelText('Obi Ada');
    await user.clear(ada);
    await user.type(ada, 'Ada is punctual and neat.');
    await user.click(screen.getByRole('button', { name: 'Save comments' }));
    expect(await screen.findByText("Class teacher's comments saved")).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      classId: CLASS,
      termId: SECOND,
      rows: [
        { studentId: BISI, comment: 'Bisi works hard.' },
        { studentId: ADA, comment: 'Ada is punctual and neat.' },
        { studentId: CHIKE, comment: 'Chike is attentive.' },
      ],
    });
  });

  it('asks before dropping unsaved comments when the term changes', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...csrf,
      'GET /api/report-cards/class-teacher-comments/options': { status: 200, body: mine },
      'GET /api/report-cards/class-teacher-comments': { status: 200, body: grid },
    });
    renderTeacherPage();
    await screen.findByRole('table', { name: "Class teacher's comments" });
    await user.type(screen.getByLabelText('Nwosu Chike'), 'Chike is quiet.');
    await user.selectOptions(screen.getByLabelText('Term'), 'Third');
    const ask = screen.getByRole('alertdialog', { name: 'Leave unsaved comments?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(value('Nwosu Chike')).toBe('Chike is quiet.');
    expect((screen.getByLabelText('Term') as HTMLSelectElement).value).toBe(SECOND);

    await user.selectOptions(screen.getByLabelText('Term'), 'Third');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    expect((screen.getByLabelText('Term') as HTMLSelectElement).value).toBe(THIRD);
    expect(requests.some((r) => r.url.includes(`termId=${THIRD}`))).toBe(true);
  });

  it('shows published comments read-only to the teacher, with the reason', async () => {
    const reason = "The results of this term are published for this class: only an administrator can change its class teacher's comments";
    mockApi({
      ...csrf,
      'GET /api/report-cards/class-teacher-comments/options': { status: 200, body: mine },
      'GET /api/report-cards/class-teacher-comments': { status: 200, body: { ...grid, published: true, canEdit: false, lockedReason: reason } },
    });
    renderTeacherPage();
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByLabelText('Obi Ada').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save comments' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Use suggestion/ })).toBeNull();
  });

  it("lets an administrator pick any class, and shows the server's 400 at the row", async () => {
    const user = userEvent.setup();
    const message = "Nwosu Chike's comment must be at most 500 characters";
    mockApi({
      ...csrf,
      'GET /api/report-cards/class-teacher-comments/options': {
        status: 200,
        body: {
          terms,
          classes: [
            { id: CLASS, name: 'JSS 1 A' },
            { id: OTHER, name: 'JSS 1 B' },
          ],
        },
      },
      'GET /api/report-cards/class-teacher-comments': { status: 200, body: grid },
      'PUT /api/report-cards/class-teacher-comments': { status: 400, body: { statusCode: 400, error: 'Bad Request', message, errors: { [CHIKE]: message } } },
    });
    renderWithProviders(<AdminClassTeacherComments />, { route: '/admin/records/class-teacher-comments' });
    expect(await screen.findByText("Choose a class to write its class teacher's comments.")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Class'), 'JSS 1 A');
    await screen.findByRole('table', { name: "Class teacher's comments" });
    await user.click(screen.getByRole('button', { name: 'Save comments' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    const chike = screen.getByLabelText('Nwosu Chike');
    expect(chike.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(chike.getAttribute('aria-describedby')!)?.textContent).toBe(message);
  });

  it('tells a teacher who is class teacher of no class', async () => {
    mockApi({ ...csrf, 'GET /api/report-cards/class-teacher-comments/options': { status: 200, body: { terms, classes: [] } } });
    renderTeacherPage();
    expect(await screen.findByText('No classes to comment on')).toBeTruthy();
  });
});
