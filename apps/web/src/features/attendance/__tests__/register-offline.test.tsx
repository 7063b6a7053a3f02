import type { Register } from '@school/shared/attendance/responses';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RegisterEditor } from '../components/register-editor';

/* Issue 21: marks saved on this device and not on the server yet show instead of the server's. */

const ADA = '6f1c2f0e-1111-4a4a-9b9b-000000000a01';
const BOLA = '6f1c2f0e-1111-4a4a-9b9b-000000000a02';

const register: Register = {
  classId: 'c1',
  className: 'JSS 1 A',
  date: '2024-05-08',
  term: { id: 't3', name: 'Third' },
  saved: true,
  takenBy: 'Mrs. Adeyemi',
  updatedAt: '2024-05-08T08:00:00.000Z',
  version: '20240508080000000000',
  rows: [
    { studentId: ADA, name: 'Obi Ada', registrationNo: 'R1', status: 'Present' },
    { studentId: BOLA, name: 'Test Bola', registrationNo: 'R2', status: 'Present' },
  ],
  counts: { Present: 2, Absent: 0, Late: 0, Excused: 0 },
};

describe('RegisterEditor with marks waiting to sync', () => {
  it('shows the marks saved on this device, says they wait, and counts only further changes as unsaved', async () => {
    const onSave = vi.fn();
    const onDirtyChange = vi.fn();
    renderWithProviders(
      <RegisterEditor
        register={register}
        pending={{
          status: 'waiting',
          entries: [
            { studentId: ADA, status: 'Present' },
            { studentId: BOLA, status: 'Late' },
          ],
        }}
        onSave={onSave}
        onDirtyChange={onDirtyChange}
      />,
    );
    expect(screen.getByText('Saved on this device: waiting to sync')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mark Test Bola Late' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Present 1 · Absent 0 · Late 1 · Excused 0')).toBeTruthy();
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Mark Obi Ada Excused' }));
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { studentId: ADA, status: 'Excused' },
      { studentId: BOLA, status: 'Late' },
    ]);
  });

  it('says when someone else saved the register meanwhile', () => {
    renderWithProviders(
      <RegisterEditor register={register} pending={{ status: 'conflict', entries: [{ studentId: BOLA, status: 'Late' }] }} onSave={vi.fn()} />,
    );
    expect(screen.getByText('Saved on this device, and by someone else meanwhile: review to choose')).toBeTruthy();
  });
});
