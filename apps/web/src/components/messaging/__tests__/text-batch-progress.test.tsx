import type { BatchProgress } from '@school/shared/messaging/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { TextBatchProgress } from '../text-batch-progress';

const BATCH = '6f1c2f0e-1111-4a4a-9b9b-0000000000d1';
const URL = `/api/messages/batches/${BATCH}`;

function progress(byStatus: Partial<BatchProgress['byStatus']>): BatchProgress {
  const counts = { queued: 0, sent: 0, delivered: 0, failed: 0, kept: 0, ...byStatus };
  return { batchId: BATCH, total: Object.values(counts).reduce((n, c) => n + c, 0), byStatus: counts };
}

const progressRequests = (requests: Array<{ method: string; url: string }>) => requests.filter((r) => r.url === URL);

afterEach(() => {
  vi.useRealTimers();
});

describe('the progress of a bulk send’s texts', () => {
  it('shows how many are sent with a bar while any is queued, asks again every 2 seconds, then says what became of them all', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [progress({ queued: 28, sent: 10, delivered: 2 }), progress({ sent: 36, delivered: 2, failed: 2 })];
    const requests = mockApi({ [`GET ${URL}`]: () => ({ status: 200, body: answers[Math.min(progressRequests(requests).length - 1, 1)] }) });
    renderWithProviders(<TextBatchProgress batchId={BATCH} />);

    const region = await screen.findByRole('region', { name: 'Texts to parents' });
    expect(await within(region).findByText('Texts to parents: 12 of 40 sent')).toBeTruthy();
    const bar = within(region).getByRole('progressbar', { name: 'Texts to parents' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuemax')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('12 of 40 sent');
    expect(progressRequests(requests)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(2_000);
    const status = within(region).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Texts to parents: 38 sent, 2 failed'));
    expect(within(status).getByText(', 2 failed').className).toContain('text-red-700');
    expect(within(region).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(region).queryByText(/of 40 sent/)).toBeNull();
    // nothing is queued any more: it stops asking
    await vi.advanceTimersByTimeAsync(10_000);
    expect(progressRequests(requests)).toHaveLength(2);
  });

  it('says the texts are kept when no SMS gateway is set up, with no bar', async () => {
    mockApi({ [`GET ${URL}`]: { status: 200, body: progress({ kept: 40 }) } });
    renderWithProviders(<TextBatchProgress batchId={BATCH} />);
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('No SMS gateway is set up: 40 texts are kept in the message log'));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('links a school’s administrator to this send in the message log, names whom the texts go to, and hides on request', async () => {
    mockApi({ [`GET ${URL}`]: { status: 200, body: progress({ sent: 3 }) } });
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TextBatchProgress batchId={BATCH} label="Texts to staff" logLink onDismiss={onDismiss} />);
    const region = await screen.findByRole('region', { name: 'Texts to staff' });
    await waitFor(() => expect(within(region).getByRole('status').textContent).toBe('Texts to staff: 3 sent'));
    expect(within(region).getByRole('link', { name: 'See them in the message log' }).getAttribute('href')).toBe(`/admin/messages?batchId=${BATCH}`);
    await user.click(within(region).getByRole('button', { name: 'Hide: Texts to staff' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('offers no message log link to an owner, and shows nothing to a role that may not see the messages', async () => {
    mockApi({ [`GET ${URL}`]: { status: 200, body: progress({ queued: 1 }) } });
    const { unmount } = renderWithProviders(<TextBatchProgress batchId={BATCH} />);
    expect(await screen.findByText('Texts to parents: 0 of 1 sent')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    unmount();

    mockApi({ [`GET ${URL}`]: { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' } } });
    const { container } = renderWithProviders(<TextBatchProgress batchId={BATCH} />);
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
