import type { LessonNoteDetail, LessonNoteOptions } from '@school/shared/lesson-notes/responses';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { LessonNoteForm } from '../components/lesson-note-form';
import { ReviewPanel } from '../components/review-panel';

const JSS1A = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const JSS1B = '6f1c2f0e-1111-4a4a-9b9b-0000000000c2';
const MATHS = '6f1c2f0e-1111-4a4a-9b9b-0000000000d1';
const ENGLISH = '6f1c2f0e-1111-4a4a-9b9b-0000000000d2';
const SECOND = '6f1c2f0e-1111-4a4a-9b9b-0000000000e2';

const options: LessonNoteOptions = {
  academicSessionId: 'session',
  terms: [
    { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000e1', name: 'First', isCurrent: false },
    { id: SECOND, name: 'Second', isCurrent: false },
  ],
  classes: [
    { id: JSS1A, name: 'JSS 1 A' },
    { id: JSS1B, name: 'JSS 1 B' },
  ],
  subjects: [
    { id: ENGLISH, name: 'English Language' },
    { id: MATHS, name: 'Mathematics' },
  ],
  classSubjects: [
    { classId: JSS1A, subjectId: MATHS },
    { classId: JSS1A, subjectId: ENGLISH },
    { classId: JSS1B, subjectId: MATHS },
  ],
  teachers: [],
};

const saved: LessonNoteDetail = {
  id: '6f1c2f0e-1111-4a4a-9b9b-0000000000f1',
  title: 'Fractions',
  week: 2,
  status: 'Draft',
  term: { id: SECOND, name: 'Second' },
  class: { id: JSS1B, name: 'JSS 1 B' },
  subject: { id: MATHS, name: 'Mathematics' },
  teacher: { id: 't1', name: 'Mrs. Funmilayo Adeyemi' },
  hasAttachment: false,
  reviewComment: null,
  submittedAt: null,
  reviewedAt: null,
  updatedAt: '2024-01-15T09:30:00.000Z',
  body: '<p>Halves</p>',
  attachment: null,
  reviewer: null,
  createdAt: '2024-01-15T09:30:00.000Z',
  canEdit: true,
  canSubmit: true,
  canDelete: true,
  canReview: false,
};

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, ...routes });
  const onSaved = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<LessonNoteForm options={options} onClose={() => undefined} onSaved={onSaved} />);
  return { user, requests, onSaved, saveDraft: () => user.click(screen.getByRole('button', { name: 'Save draft' })) };
}

describe('LessonNoteForm', () => {
  it('gives every required message when saved empty', async () => {
    const form = setup();
    await form.saveDraft();
    expect(await screen.findByText('Please Select a Class')).toBeTruthy();
    expect(screen.getByText('Please Select a subject')).toBeTruthy();
    expect(screen.getByText('Please Select a Term')).toBeTruthy();
    expect(screen.getByText('Week is required')).toBeTruthy();
    expect(screen.getByText('Title is Required')).toBeTruthy();
    expect(screen.getByText('description is required')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(form.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('offers only the subjects taught in the chosen class', async () => {
    const form = setup();
    await form.user.selectOptions(screen.getByLabelText('Class'), JSS1B);
    const subjects = within(screen.getByLabelText('Subject'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(subjects).toEqual(['Select a subject', 'Mathematics']);
  });

  it('refuses an attachment that is not a PDF or DOCX before sending', async () => {
    setup();
    const picture = new File(['png'], 'photo.png', { type: 'image/png' });
    // the file picker offers only .pdf and .docx; a file dropped past it is still checked
    fireEvent.change(screen.getByLabelText('Attachment (optional)'), { target: { files: [picture] } });
    expect(await screen.findByText('Attachment must be a PDF or DOCX file')).toBeTruthy();
  });

  it('sends a filled note as a multipart form and shows a server message under its field', async () => {
    const form = setup({
      'POST /api/lesson-notes': {
        status: 400,
        body: { message: 'You do not teach Mathematics in JSS 1 B', errors: { subjectId: 'You do not teach Mathematics in JSS 1 B' } },
      },
    });
    await form.user.selectOptions(screen.getByLabelText('Class'), JSS1B);
    await form.user.selectOptions(screen.getByLabelText('Subject'), MATHS);
    await form.user.selectOptions(screen.getByLabelText('Term'), SECOND);
    await form.user.selectOptions(screen.getByLabelText('Week'), '2');
    await form.user.type(screen.getByLabelText('Title'), 'Fractions');
    const editor = screen.getByRole('textbox', { name: 'Lesson note' });
    editor.innerHTML = '<p>Halves <b>and</b> quarters<script>alert(1)</script></p>';
    fireEvent.input(editor);
    await form.saveDraft();
    expect(await screen.findByText('You do not teach Mathematics in JSS 1 B')).toBeTruthy();
    const post = form.requests.find((request) => request.method === 'POST');
    expect(post?.headers.get('x-csrf-token')).toBe('t');
    expect(form.onSaved).not.toHaveBeenCalled();
  });

  it('saves a draft and hands the saved note back', async () => {
    const form = setup({ 'POST /api/lesson-notes': { status: 201, body: saved } });
    await form.user.selectOptions(screen.getByLabelText('Class'), JSS1B);
    await form.user.selectOptions(screen.getByLabelText('Subject'), MATHS);
    await form.user.selectOptions(screen.getByLabelText('Term'), SECOND);
    await form.user.selectOptions(screen.getByLabelText('Week'), '2');
    await form.user.type(screen.getByLabelText('Title'), 'Fractions');
    const editor = screen.getByRole('textbox', { name: 'Lesson note' });
    editor.innerHTML = '<p>Halves</p>';
    fireEvent.input(editor);
    await form.saveDraft();
    await vi.waitFor(() => expect(form.onSaved).toHaveBeenCalledWith(saved));
  });
});

describe('ReviewPanel', () => {
  it("asks for a comment before rejecting: 'Comment is required when rejecting'", async () => {
    const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } } });
    const user = userEvent.setup();
    renderWithProviders(<ReviewPanel note={{ ...saved, status: 'Submitted', canReview: true }} />);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Comment is required when rejecting')).toBeTruthy();
    expect(screen.getByLabelText('Comment').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends the decision with the comment', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      [`POST /api/lesson-notes/${saved.id}/review`]: { status: 200, body: { ...saved, status: 'Rejected', reviewComment: 'Add objectives' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewPanel note={{ ...saved, status: 'Submitted', canReview: true }} />);
    await user.type(screen.getByLabelText('Comment'), ' Add objectives ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ decision: 'Rejected', comment: 'Add objectives' }));
  });
});
