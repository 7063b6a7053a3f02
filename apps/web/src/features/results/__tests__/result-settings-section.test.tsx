import { DEFAULT_RESULT_SETTINGS } from '@school/shared/results/settings';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ResultSettingsSection } from '../components/result-settings-section';

const saved = { schoolId: 'school', ...DEFAULT_RESULT_SETTINGS, saved: false };

describe('ResultSettingsSection', () => {
  it('shows the defaults and refuses maxima not adding up to 100 and a scale with a gap, without calling the server', async () => {
    const user = userEvent.setup();
    document.cookie = 'csrf_token=t';
    const requests = mockApi({ 'GET /api/results/settings': { status: 200, body: saved }, 'PUT /api/results/settings': { status: 200, body: saved } });
    renderWithProviders(<ResultSettingsSection />);
    const exam = await screen.findByLabelText('Exam');
    expect((exam as HTMLInputElement).value).toBe('60');
    await user.clear(exam);
    await user.type(exam, '50');
    const from = screen.getByLabelText('From, row 2');
    await user.clear(from);
    await user.type(from, '71');
    await user.click(screen.getByRole('button', { name: 'Save result settings' }));
    expect(await screen.findByText(/The maximum scores must add up to 100/)).toBeTruthy();
    expect(screen.getByText('The grading scale has a gap between 69 (B) and 71 (A)')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('saves valid settings and says so', async () => {
    const user = userEvent.setup();
    document.cookie = 'csrf_token=t';
    const requests = mockApi({
      'GET /api/results/settings': { status: 200, body: saved },
      'PUT /api/results/settings': { status: 200, body: { ...saved, passMark: 45, saved: true } },
    });
    renderWithProviders(<ResultSettingsSection />);
    const pass = await screen.findByLabelText('Pass mark');
    await user.clear(pass);
    await user.type(pass, '45');
    await user.click(screen.getByRole('button', { name: 'Save result settings' }));
    await screen.findByRole('button', { name: 'Save result settings' });
    const put = await (async () => {
      for (let i = 0; i < 50; i++) {
        const found = requests.find((r) => r.method === 'PUT');
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      return undefined;
    })();
    expect(put?.body).toMatchObject({ passMark: 45, maxima: { test1: 15, test2: 15, assignment: 10, exam: 60 }, requirePin: false });
    expect((put?.body as { gradingScale: unknown[] }).gradingScale).toHaveLength(7);
  });

  it('fills in the WAEC scale (A1–F9) on request and saves it', async () => {
    const user = userEvent.setup();
    document.cookie = 'csrf_token=t';
    const requests = mockApi({ 'GET /api/results/settings': { status: 200, body: saved }, 'PUT /api/results/settings': { status: 200, body: saved } });
    renderWithProviders(<ResultSettingsSection />);
    await user.click(await screen.findByRole('button', { name: 'Use the WAEC scale (A1–F9)' }));
    expect((screen.getByLabelText('From, row 1') as HTMLInputElement).value).toBe('75');
    await user.click(screen.getByRole('button', { name: 'Save result settings' }));
    await screen.findByRole('button', { name: 'Save result settings' });
    for (let i = 0; i < 50 && !requests.some((r) => r.method === 'PUT'); i++) await new Promise((r) => setTimeout(r, 20));
    const put = requests.find((r) => r.method === 'PUT');
    expect((put?.body as { gradingScale: Array<{ grade: string }> }).gradingScale.map((b) => b.grade)).toEqual([
      'A1',
      'B2',
      'B3',
      'C4',
      'C5',
      'C6',
      'D7',
      'E8',
      'F9',
    ]);
  });
});
