import type { ReportCard } from '@school/shared/report-cards/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { PrincipalCommentForm } from '../components/principal-comment-form';
import { ReportCardScreen } from '../components/report-card-screen';
import { ReportCardView } from '../components/report-card-view';

const STUDENT = '6f1c2f0e-1111-4a4a-9b9b-0000000000a1';
const FIRST = '6f1c2f0e-1111-4a4a-9b9b-0000000000e1';

const card: ReportCard = {
  school: { name: 'Greenfield Academy', address: '24 Oba Akran Avenue, Ikeja', phone: '0803', email: 'info@greenfield.test', logoUrl: null },
  student: { id: STUDENT, name: 'Okonkwo Chidera', admissionNumber: 'GFA/2017/0010', gender: 'female', className: 'JSS 1 A', classId: 'c', photoUrl: null },
  term: { id: FIRST, name: 'First', sessionName: '2023/24', startDate: '2023-09-11', endDate: '2023-12-15' },
  nextTermStartDate: '2024-01-08',
  fees: { nextTermKobo: 5_200_050, owedKobo: 3_200_050 },
  published: true,
  maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
  subjects: [
    {
      subjectId: 'm',
      subjectName: 'Mathematics',
      test1: 12,
      test2: 13,
      assignment: 8,
      exam: 50,
      total: 83,
      grade: 'A',
      remark: 'Excellent',
      teacherName: 'Mr. Tunde Bakare',
      position: 2,
      classAverage: 74.333,
      highest: 95,
      lowest: 45,
    },
  ],
  overall: { total: 148, average: 74, position: 2, subjectsTaken: 2, classSize: 3, classAverage: 75.33 },
  cumulative: null,
  attendance: { present: 2, daysOpen: 3, absent: 1 },
  teacherComments: [{ comment: 'Neat work', score: 8, authorName: 'Mrs. Adeyemi' }],
  classTeacherName: 'Mrs. Adeyemi',
  classTeacherComment: 'Ada is punctual and participates well in class.',
  principalComment: null,
  ratings: {
    affective: [
      { name: 'Punctuality', rating: 5 },
      { name: 'Neatness', rating: null },
    ],
    psychomotor: [{ name: 'Handwriting', rating: 3 }],
    key: [
      { rating: 5, label: 'Excellent' },
      { rating: 4, label: 'Very good' },
      { rating: 3, label: 'Good' },
      { rating: 2, label: 'Fair' },
      { rating: 1, label: 'Poor' },
    ],
  },
  gradingScale: [{ grade: 'A', min: 70, max: 89, remark: 'Excellent' }],
  canEditPrincipalComment: false,
};

describe('ReportCardView', () => {
  it('prints the figures the PDF prints', () => {
    renderWithProviders(<ReportCardView card={card} />);
    const summary = screen.getByTestId('report-card-summary');
    expect(within(summary).getByText('Total: 148')).toBeTruthy();
    expect(within(summary).getByText('Average: 74')).toBeTruthy();
    expect(within(summary).getByText('Position: 2nd of 3')).toBeTruthy();
    expect(within(summary).getByText('Times school opened: 3')).toBeTruthy();
    expect(within(summary).getByText('Times present: 2')).toBeTruthy();
    expect(within(summary).getByText('Times absent: 1')).toBeTruthy();
    const row = screen.getByRole('row', { name: /Mathematics/ });
    expect(within(row).getByText('74.33')).toBeTruthy();
    expect(within(row).getByText('2nd')).toBeTruthy();
    expect(screen.getByText('Neat work (8/10)')).toBeTruthy();
    expect(screen.getAllByText('8 January 2024').length).toBeGreaterThan(0);
  });

  it("shows each subject's remark and teacher, next term's fees and the balance owed", () => {
    renderWithProviders(<ReportCardView card={card} />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Remark', 'Subject teacher']));
    const row = screen.getByRole('row', { name: /Mathematics/ });
    expect(within(row).getByText('Excellent')).toBeTruthy();
    expect(within(row).getByText('Mr. Tunde Bakare')).toBeTruthy();
    expect(screen.getByText("Next term's fees: ₦52,000.50")).toBeTruthy();
    expect(screen.getByText('Balance owed: ₦32,000.50')).toBeTruthy();
  });

  it('prints no placeholder for missing comments, and says when next term’s fees are not set', () => {
    renderWithProviders(
      <ReportCardView
        card={{ ...card, teacherComments: [], classTeacherComment: null, principalComment: null, fees: { nextTermKobo: null, owedKobo: 0 } }}
        principalCommentEditor={<PrincipalCommentForm studentId={STUDENT} termId={FIRST} current={null} />}
      />,
    );
    expect(screen.queryByText(/No comment yet/)).toBeNull();
    expect(screen.getByRole('heading', { name: "Class teacher's comment (Mrs. Adeyemi):" })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Teachers' remarks/ })).toBeNull();
    expect(screen.getByRole('heading', { name: "Principal's comment:" })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Add principal's comment" })).toBeTruthy();
    expect(screen.getByText("Next term's fees: not set yet")).toBeTruthy();
    expect(screen.getByText('Balance owed: ₦0.00')).toBeTruthy();
  });

  it("shows the class teacher's comment with the class teacher's name above the principal's", () => {
    renderWithProviders(<ReportCardView card={{ ...card, principalComment: 'A fine term.' }} />);
    const classTeacher = screen.getByRole('heading', { name: "Class teacher's comment (Mrs. Adeyemi):" });
    expect(classTeacher.nextElementSibling?.textContent).toBe('Ada is punctual and participates well in class.');
    const principal = screen.getByRole('heading', { name: "Principal's comment:" });
    expect(classTeacher.compareDocumentPosition(principal) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows, on the last term of a session, each term's total, the cumulative average and the annual figures", () => {
    const third = {
      ...card,
      cumulative: {
        terms: [
          { termId: 't1', name: 'First' },
          { termId: 't2', name: 'Second' },
          { termId: FIRST, name: 'Third' },
        ],
        subjects: [{ subjectId: 'm', totals: [70, null, 83], average: 76.5 }],
        annualAverage: 76.5,
        annualPosition: 3,
        classSize: 28,
      },
    };
    renderWithProviders(<ReportCardView card={third} />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['1st Term', '2nd Term', '3rd Term', 'Cum. Avg']));
    const row = screen.getByRole('row', { name: /Mathematics/ });
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    // Total, then the three terms (no Second term total) and the cumulative average
    expect(cells.slice(4, 9)).toEqual(['83', '70', '-', '83', '76.50']);
    const summary = screen.getByTestId('report-card-summary');
    expect(within(summary).getByText('Annual average: 76.50')).toBeTruthy();
    expect(within(summary).getByText('Annual position: 3rd of 28')).toBeTruthy();
  });

  it('has no terms’ columns or annual figures on other terms', () => {
    renderWithProviders(<ReportCardView card={card} />);
    expect(screen.queryByRole('columnheader', { name: /Cum/ })).toBeNull();
    expect(screen.queryByText(/Annual/)).toBeNull();
  });

  it('shows the ratings with their key', () => {
    renderWithProviders(<ReportCardView card={card} />);
    const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
    // the columns are 5 4 3 2 1: a mark under the rating given
    expect([...row('Punctuality').querySelectorAll('td')].map((td) => td.textContent)).toEqual(['✓', '', '', '', '']);
    expect(row('Punctuality').textContent).toContain('rated 5');
    expect(row('Neatness').textContent).not.toContain('✓');
    expect([...row('Handwriting').querySelectorAll('td')].map((td) => td.textContent)).toEqual(['', '', '✓', '', '']);
    expect(screen.getByText('5 Excellent, 4 Very good, 3 Good, 2 Fair, 1 Poor')).toBeTruthy();
  });
});

describe('ReportCardScreen', () => {
  it('asks for a result-checker PIN when the server says so, and sends it', async () => {
    let unlocked = false;
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      [`GET /api/report-cards/${STUDENT}/terms`]: {
        status: 200,
        body: { items: [{ termId: FIRST, termName: 'First', sessionName: '2023/24', isCurrent: false, published: true }] },
      },
      [`GET /api/report-cards/${STUDENT}`]: () =>
        unlocked
          ? { status: 200, body: card }
          : {
              status: 403,
              body: {
                message: 'Enter a result-checker PIN to open these results',
                errors: { pin: 'Enter a result-checker PIN to open these results', termId: FIRST },
              },
            },
      'POST /api/result-pins/unlock': () => {
        unlocked = true;
        return { status: 200, body: { required: true, expiresAt: '2024-01-01T00:00:00Z', viewsLeft: 4 } };
      },
    });
    renderWithProviders(<ReportCardScreen studentId={STUDENT} />);
    expect(await screen.findByRole('heading', { name: 'Enter your result-checker PIN' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open results' }));
    expect(await screen.findByText('PIN is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('PIN'), '1234-5678-9012');
    await userEvent.click(screen.getByRole('button', { name: 'Open results' }));
    expect(await screen.findByRole('article', { name: 'Report card of Okonkwo Chidera' })).toBeTruthy();
    const unlock = requests.find((r) => r.method === 'POST');
    expect(unlock?.body).toEqual({ pin: '123456789012', studentId: STUDENT, termId: FIRST });
    expect(screen.getByRole('link', { name: /Download PDF/ }).getAttribute('href')).toBe(`/api/report-cards/${STUDENT}/report-card.pdf?termId=${FIRST}`);
    vi.restoreAllMocks();
  });

  it('says when the term is not published', async () => {
    mockApi({
      [`GET /api/report-cards/${STUDENT}/terms`]: {
        status: 200,
        body: { items: [{ termId: FIRST, termName: 'First', sessionName: '2023/24', isCurrent: false, published: false }] },
      },
      [`GET /api/report-cards/${STUDENT}`]: { status: 403, body: { message: 'The results of this term are not published yet' } },
    });
    renderWithProviders(<ReportCardScreen studentId={STUDENT} />);
    expect(await screen.findByText('The results of this term are not published yet')).toBeTruthy();
  });
});
