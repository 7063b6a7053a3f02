import type { CommentOptions } from '@school/shared/teacher-comments/responses';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { AddCommentsDialog } from '../components/add-comments-dialog';
import { CommentChip } from '../components/comment-chip';

const JSS1A = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const JSS1B = '6f1c2f0e-1111-4a4a-9b9b-0000000000c2';
const ADA = '6f1c2f0e-1111-4a4a-9b9b-0000000000a1';
const EMEKA = '6f1c2f0e-1111-4a4a-9b9b-0000000000a2';
const SECOND = '6f1c2f0e-1111-4a4a-9b9b-0000000000e2';

const options: CommentOptions = {
  terms: [{ id: SECOND, name: 'Second', isCurrent: true }],
  classes: [
    { id: JSS1A, name: 'JSS 1 A' },
    { id: JSS1B, name: 'JSS 1 B' },
  ],
  subjects: [{ id: 'maths', name: 'Mathematics' }],
  students: [
    { id: ADA, name: 'Ada Obi', classId: JSS1A },
    { id: EMEKA, name: 'Emeka Eze', classId: JSS1B },
  ],
};

describe('CommentChip', () => {
  it.each([
    [10, 'green'],
    [5, 'green'],
    [4, 'pink'],
    [0, 'pink'],
  ])('a score of %i shows %s', (score, tone) => {
    render(<CommentChip comment="Neat work" score={score} />);
    const chip = screen.getByText('Neat work').parentElement!;
    expect(chip.getAttribute('data-tone')).toBe(tone);
    expect(chip.style.backgroundColor).toBe(tone === 'green' ? '#D1FADF' : '#FCE7F6');
    expect(within(chip).getByText(`Neat work, score ${score} of 10`)).toBeTruthy();
  });

  it('offers a remove button when allowed', async () => {
    const onRemove = vi.fn();
    render(<CommentChip comment="Punctual" score={7} onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove comment Punctual' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});

describe('AddCommentsDialog', () => {
  it("shows 'Enter a comment', 'Class is required' and 'Name is required' in red and sends nothing", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AddCommentsDialog options={options} termId={SECOND} termName="Second" onClose={() => undefined} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Comment'), ' , , ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByText('Enter a comment')).className).toContain('field-error');
    expect(screen.getByText('Class is required').className).toContain('field-error');
    expect(screen.getByText('Name is required').className).toContain('field-error');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('previews each comma-separated comment as a chip and offers only the chosen class’s students', async () => {
    renderWithProviders(<AddCommentsDialog options={options} termId={SECOND} termName="Second" onClose={() => undefined} onSubmit={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Comment'), 'Neat work, Punctual');
    await userEvent.selectOptions(screen.getByLabelText('Score (0-10)'), '3');
    const preview = screen.getByLabelText('Preview');
    expect(within(preview).getByText('Neat work').parentElement!.getAttribute('data-tone')).toBe('pink');
    expect(within(preview).getByText('Punctual')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Assign to class'), JSS1B);
    const names = within(screen.getByLabelText('Name'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Select a student', 'Emeka Eze']);
  });

  it('sends the comments, class, student, term and score to the server', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'POST /api/teacher-comments': { status: 201, body: { items: [] } },
    });
    const onClose = vi.fn();
    renderWithProviders(<AddCommentsDialog options={options} termId={SECOND} termName="Second" classId={JSS1A} studentId={ADA} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Comment'), 'Neat work, Punctual');
    await userEvent.selectOptions(screen.getByLabelText('Score (0-10)'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/teacher-comments'));
    expect(post?.body).toEqual({ comment: 'Neat work, Punctual', classId: JSS1A, studentId: ADA, termId: SECOND, subjectId: null, score: 8 });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
