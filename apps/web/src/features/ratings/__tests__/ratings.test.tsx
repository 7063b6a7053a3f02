import type { RatingSheet } from '@school/shared/ratings/responses';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { RatingsPage } from '../components/ratings-page';

const TERM = '6f1c2f0e-1111-4a4a-9b9b-0000000000e1';
const CLASS = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const key = [
  { rating: 5, label: 'Excellent' },
  { rating: 4, label: 'Very good' },
  { rating: 3, label: 'Good' },
  { rating: 2, label: 'Fair' },
  { rating: 1, label: 'Poor' },
];

const sheet: RatingSheet = {
  termId: TERM,
  termName: 'First',
  classId: CLASS,
  className: 'JSS 1 A',
  traits: [
    { id: 'punctuality', domain: 'affective', name: 'Punctuality' },
    { id: 'neatness', domain: 'affective', name: 'Neatness' },
    { id: 'handwriting', domain: 'psychomotor', name: 'Handwriting' },
  ],
  students: [
    { studentId: 'chi', name: 'Eze Chi', admissionNumber: 'GFA/1', ratings: { punctuality: 4 } },
    { studentId: 'ada', name: 'Obi Ada', admissionNumber: null, ratings: {} },
  ],
  key,
  canEdit: true,
  lockedReason: null,
};

const options = { terms: [{ id: TERM, name: 'First', isCurrent: true }], classes: [{ id: CLASS, name: 'JSS 1 A' }] };
const cell = (trait: string, name: string) => screen.getByRole('textbox', { name: `${trait} for ${name}` }) as HTMLInputElement;
const route = `/teachers/ratings?termId=${TERM}&classId=${CLASS}`;

describe('the ratings grid', () => {
  it('takes 1-5 from the keyboard, moving right; Backspace clears; arrows move; one Save sends the whole grid', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/ratings/options': { status: 200, body: options },
      'GET /api/ratings/traits': { status: 200, body: { affective: [], psychomotor: [], canEdit: false } },
      'GET /api/ratings/sheet': { status: 200, body: sheet },
      'PUT /api/ratings/sheet': ({ body }) => {
        const entries = (body as { entries: Array<{ studentId: string; traitId: string; rating: number | null }> }).entries;
        const ratings = (id: string) => Object.fromEntries(entries.filter((e) => e.studentId === id && e.rating !== null).map((e) => [e.traitId, e.rating!]));
        return { status: 200, body: { ...sheet, students: sheet.students.map((s) => ({ ...s, ratings: ratings(s.studentId) })) } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RatingsPage />, { route });
    expect(await screen.findByText('5 Excellent, 4 Very good, 3 Good, 2 Fair, 1 Poor')).toBeTruthy();
    expect(cell('Punctuality', 'Eze Chi').value).toBe('4');

    await user.click(cell('Punctuality', 'Eze Chi'));
    await user.keyboard('5');
    expect(cell('Punctuality', 'Eze Chi').value).toBe('5');
    expect(document.activeElement).toBe(cell('Neatness', 'Eze Chi'));
    // a digit outside 1-5 and a letter are not taken
    await user.keyboard('7x');
    expect(cell('Neatness', 'Eze Chi').value).toBe('');
    await user.keyboard('3');
    expect(document.activeElement).toBe(cell('Handwriting', 'Eze Chi'));
    // at the end of a row, on to the next student's first trait
    await user.keyboard('2');
    expect(document.activeElement).toBe(cell('Punctuality', 'Obi Ada'));
    await user.keyboard('1{ArrowUp}');
    expect(document.activeElement).toBe(cell('Neatness', 'Eze Chi'));
    expect(cell('Neatness', 'Eze Chi').value).toBe('3');
    await user.keyboard('{Backspace}');
    expect(cell('Neatness', 'Eze Chi').value).toBe('');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell('Neatness', 'Obi Ada'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(cell('Punctuality', 'Obi Ada'));

    await user.click(screen.getByRole('button', { name: 'Save ratings' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      termId: TERM,
      classId: CLASS,
      entries: [
        { studentId: 'chi', traitId: 'punctuality', rating: 5 },
        { studentId: 'chi', traitId: 'neatness', rating: null },
        { studentId: 'chi', traitId: 'handwriting', rating: 2 },
        { studentId: 'ada', traitId: 'punctuality', rating: 1 },
        { studentId: 'ada', traitId: 'neatness', rating: null },
        { studentId: 'ada', traitId: 'handwriting', rating: null },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save ratings' }).hasAttribute('disabled')).toBe(true));
  });

  it('shows a 400 at its cell and in an alert', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/ratings/options': { status: 200, body: options },
      'GET /api/ratings/traits': { status: 200, body: { affective: [], psychomotor: [], canEdit: false } },
      'GET /api/ratings/sheet': { status: 200, body: sheet },
      'PUT /api/ratings/sheet': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Handwriting is no longer rated: refresh the page',
          errors: { 'entries.5.traitId': 'Handwriting is no longer rated: refresh the page' },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RatingsPage />, { route });
    await user.click(await screen.findByRole('textbox', { name: 'Handwriting for Obi Ada' }));
    await user.keyboard('3');
    await user.click(screen.getByRole('button', { name: 'Save ratings' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Handwriting is no longer rated: refresh the page');
    expect(cell('Handwriting', 'Obi Ada').getAttribute('aria-invalid')).toBe('true');
    expect(cell('Punctuality', 'Obi Ada').getAttribute('aria-invalid')).toBeNull();
  });

  it('says when the teacher rates no class', async () => {
    mockApi({
      'GET /api/ratings/options': { status: 200, body: { terms: options.terms, classes: [] } },
      'GET /api/ratings/traits': { status: 200, body: { affective: [], psychomotor: [], canEdit: false } },
    });
    renderWithProviders(<RatingsPage />, { route: '/teachers/ratings' });
    expect(await screen.findByText('No classes to rate')).toBeTruthy();
  });
});
