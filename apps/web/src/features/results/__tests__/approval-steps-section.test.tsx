import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { ApprovalStepsSection } from '../components/approval-steps-section';

describe('the approval steps setting', () => {
  it('loads the steps (all off), switches two on and saves them', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/results/approval-steps': { status: 200, body: { schoolId: 's', submission: false, review: false, approval: false } },
      'PUT /api/results/approval-steps': ({ body }) => ({ status: 200, body: { schoolId: 's', ...(body as object) } }),
    });
    renderWithProviders(
      <>
        <ApprovalStepsSection />
        <ToastHost />
      </>,
    );
    const submission = await screen.findByRole('switch', { name: /Subject teachers submit their score sheets/ });
    expect(submission.getAttribute('aria-checked')).toBe('false');
    await user.click(submission);
    await user.click(screen.getByRole('switch', { name: /The principal approves/ }));
    expect(submission.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Approval steps saved')).toBeTruthy();
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ submission: true, review: false, approval: true }));
  });
});
