import type { ResultOptions } from '@school/shared/results/responses';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResultFilters } from '../components/result-filters';

const options: ResultOptions = {
  academicSessionId: 's',
  terms: [
    { id: 'first', name: 'First', isCurrent: false },
    { id: 'second', name: 'Second', isCurrent: true },
  ],
  classes: [
    { id: 'jss1a', name: 'JSS 1 A' },
    { id: 'jss1b', name: 'JSS 1 B' },
  ],
  subjects: [
    { id: 'eng', name: 'English Language' },
    { id: 'mat', name: 'Mathematics' },
  ],
  classSubjects: [
    { classId: 'jss1a', subjectId: 'eng' },
    { classId: 'jss1b', subjectId: 'mat' },
  ],
};

describe('ResultFilters', () => {
  it('asks for each of term, class and subject with the spec’s messages', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ResultFilters options={options} submitLabel="Enter scores" onSubmit={onSubmit} />);
    expect((screen.getByLabelText('Term') as HTMLSelectElement).value).toBe('second');
    await user.selectOptions(screen.getByLabelText('Term'), '');
    await user.click(screen.getByRole('button', { name: 'Enter scores' }));
    expect(screen.getByText('Please Select a Term')).toBeTruthy();
    expect(screen.getByText('Please Select a Class')).toBeTruthy();
    expect(screen.getByText('Please Select a subject')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the subjects of the chosen class and submits the choice', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ResultFilters options={options} submitLabel="Enter scores" onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByLabelText('Class'), 'jss1b');
    const subjects = [...(screen.getByLabelText('Subject') as HTMLSelectElement).options].map((o) => o.text);
    expect(subjects).toEqual(['Select a subject', 'Mathematics']);
    await user.selectOptions(screen.getByLabelText('Subject'), 'mat');
    await user.click(screen.getByRole('button', { name: 'Enter scores' }));
    expect(onSubmit).toHaveBeenCalledWith({ termId: 'second', classId: 'jss1b', subjectId: 'mat' });
  });
});
