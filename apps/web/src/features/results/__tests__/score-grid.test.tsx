import type { ScoreSheet } from '@school/shared/results/responses';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ScoreGrid } from '../components/score-grid';

const row = (studentId: string, name: string, values: Partial<ScoreSheet['rows'][number]> = {}): ScoreSheet['rows'][number] => ({
  studentId,
  name,
  admissionNumber: null,
  test1: null,
  test2: null,
  assignment: null,
  exam: null,
  total: null,
  grade: null,
  remark: null,
  position: null,
  incomplete: true,
  ...values,
});

const sheet: ScoreSheet = {
  termId: 't',
  termName: 'First',
  classId: 'c',
  className: 'JSS 1 A',
  subjectId: 's',
  subjectName: 'Mathematics',
  maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 },
  published: false,
  version: '0-0',
  canEdit: true,
  lockedReason: null,
  approval: {
    submissionOn: false,
    submittedAt: null,
    submittedByName: null,
    returnedAt: null,
    returnedByName: null,
    returnNote: null,
    canSubmit: false,
  },
  rows: [
    row('ada', 'Obi Ada', { test1: 12, test2: 13, assignment: 8, exam: 50, total: 83, grade: 'A', position: 1, incomplete: false }),
    row('bola', 'Ade Bola'),
    row('chi', 'Eze Chi'),
  ],
  classAverage: 83,
  highest: 83,
  lowest: 83,
};

const cell = (component: string, name: string) => screen.getByRole('textbox', { name: `${component} for ${name}` });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ScoreGrid', () => {
  it('on a phone keeps the names in place and says the scores scroll sideways', () => {
    // jsdom lays nothing out: the grid 560 px wide in a 343 px box, as on a 375 px phone
    const isScroller = (el: HTMLElement) => el.firstElementChild?.tagName === 'TABLE';
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return isScroller(this) ? 560 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return isScroller(this) ? 343 : 0;
    });
    render(<ScoreGrid sheet={sheet} onSave={vi.fn()} />);
    expect(screen.getByText('Scroll the scores sideways; names stay in place.')).toBeTruthy();
    const name = screen.getByRole('rowheader', { name: 'Obi Ada' });
    expect(name.className).toContain('sticky');
    expect(name.className).not.toContain('shadow-');
    const scroller = screen.getByRole('table').parentElement!;
    scroller.scrollLeft = 120;
    fireEvent.scroll(scroller);
    // once scrolled, a shadow marks where the scores pass under the names
    expect(screen.getByRole('rowheader', { name: 'Obi Ada' }).className).toContain('shadow-');
    expect(cell('Exam', 'Obi Ada')).toBeTruthy();
  });

  it('says nothing about scrolling when the whole grid fits', () => {
    render(<ScoreGrid sheet={sheet} onSave={vi.fn()} />);
    expect(screen.queryByText('Scroll the scores sideways; names stay in place.')).toBeNull();
  });

  it('shows the server’s totals, grades and positions', () => {
    render(<ScoreGrid sheet={sheet} onSave={vi.fn()} />);
    const ada = screen.getByRole('row', { name: /Obi Ada/ });
    expect(ada.textContent).toContain('83');
    expect(ada.textContent).toContain('A');
    expect(ada.textContent).toContain('1st');
    expect((cell('Test 1', 'Obi Ada') as HTMLInputElement).value).toBe('12');
  });

  it('moves down with Enter and the arrows, along with Tab and left/right', async () => {
    const user = userEvent.setup();
    render(<ScoreGrid sheet={sheet} onSave={vi.fn()} />);
    await user.click(cell('Test 1', 'Ade Bola'));
    await user.keyboard('10{Enter}');
    expect(document.activeElement).toBe(cell('Test 1', 'Eze Chi'));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(cell('Test 1', 'Obi Ada'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell('Test 2', 'Obi Ada'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell('Test 2', 'Ade Bola'));
    await user.keyboard('11{Tab}');
    expect(document.activeElement).toBe(cell('Assignment', 'Ade Bola'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(cell('Test 2', 'Ade Bola'));
    expect((cell('Test 1', 'Ade Bola') as HTMLInputElement).value).toBe('10');
  });

  it('refuses a score above the maximum or below 0 at once and cannot be saved until fixed', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<ScoreGrid sheet={sheet} onSave={onSave} />);
    await user.click(cell('Exam', 'Ade Bola'));
    await user.keyboard('61');
    expect(cell('Exam', 'Ade Bola').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Ade Bola: Exam cannot be above 60');
    expect((screen.getByRole('button', { name: 'Save scores' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(cell('Exam', 'Ade Bola'));
    await user.keyboard('-1');
    expect(screen.getByRole('alert').textContent).toContain('Ade Bola: Exam cannot be below 0');
    await user.clear(cell('Exam', 'Ade Bola'));
    await user.keyboard('12.3');
    expect(screen.getByRole('alert').textContent).toContain('Ade Bola: Exam must be a whole or half mark');
    await user.clear(cell('Exam', 'Ade Bola'));
    await user.keyboard('42.5');
    expect(cell('Exam', 'Ade Bola').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save scores' }));
    expect(onSave).toHaveBeenCalledWith([
      { studentId: 'ada', test1: 12, test2: 13, assignment: 8, exam: 50 },
      { studentId: 'bola', test1: null, test2: null, assignment: null, exam: 42.5 },
      { studentId: 'chi', test1: null, test2: null, assignment: null, exam: null },
    ]);
  });

  it('shows the server’s 400 on the named cell', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockRejectedValue(new ApiError(400, 'Eze Chi: Test 1 cannot be above 10', { 'rows.2.test1': 'Eze Chi: Test 1 cannot be above 10' }));
    render(<ScoreGrid sheet={sheet} onSave={onSave} />);
    fireEvent.change(cell('Test 1', 'Eze Chi'), { target: { value: '12' } });
    await user.click(screen.getByRole('button', { name: 'Save scores' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Eze Chi: Test 1 cannot be above 10');
    expect(cell('Test 1', 'Eze Chi').getAttribute('aria-invalid')).toBe('true');
  });

  it('is read-only with the reason once published (teachers)', () => {
    render(
      <ScoreGrid
        sheet={{ ...sheet, canEdit: false, published: true, lockedReason: 'These results are published; only an administrator can change them' }}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByText('These results are published; only an administrator can change them')).toBeTruthy();
    expect(cell('Test 1', 'Obi Ada').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save scores' })).toBeNull();
  });
});
