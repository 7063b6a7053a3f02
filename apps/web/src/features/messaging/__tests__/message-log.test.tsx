import type { MessageItem, MessagePage, MessagingBalance } from '@school/shared/messaging/responses';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminMessages } from '../routes/admin-messages';

const CSRF = { 'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } } };

function message(overrides: Partial<MessageItem>): MessageItem {
  return {
    id: 'm0',
    channel: 'sms',
    event: 'absence',
    to: '+2348031234567',
    recipientName: 'Ngozi Okeke',
    body: 'Chidi was absent today.',
    status: 'sent',
    attempts: 1,
    units: 1,
    error: null,
    route: 'generic',
    createdAt: '2026-11-20T07:30:00.000Z',
    sentAt: '2026-11-20T07:30:02.000Z',
    deliveredAt: null,
    nextAttemptAt: null,
    ...overrides,
  };
}

const SENT = message({ id: 'm-sent' });
const FAILED = message({
  id: 'm-failed',
  to: '012345678',
  recipientName: 'Emeka Obi',
  status: 'failed',
  units: 0,
  error: 'Not a Nigerian mobile number',
  event: 'results',
});
const KEPT = message({ id: 'm-kept', recipientName: 'Amaka Eze', to: '+2348091112222', status: 'kept', units: 0, channel: 'whatsapp', event: 'receipt' });

function page(items: MessageItem[], overrides: Partial<MessagePage> = {}): MessagePage {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 10,
    summary: { since: '2026-09-08', units: 37, byStatus: { queued: 0, sent: 30, delivered: 4, failed: 2, kept: 5 } },
    ...overrides,
  };
}

function renderLog() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AdminMessages />
      <ToastHost />
    </>,
    { route: '/admin/messages' },
  );
  return user;
}

const listRequests = (requests: Array<{ method: string; url: string }>) => requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/messages'));

afterEach(() => {
  vi.useRealTimers();
});

describe('the message log', () => {
  it('shows this term’s figures and each message with its recipient, event, channel, status and the reason a message failed', async () => {
    mockApi({
      'GET /api/messages': { status: 200, body: page([SENT, FAILED, KEPT]) },
      'GET /api/messaging/balance': { status: 200, body: { configured: true, balance: 2345.5, currency: 'NGN', error: null } },
    });
    renderLog();
    const table = await screen.findByRole('table', { name: 'Messages' });
    const figures = screen.getByRole('region', { name: 'This term' });
    // what is left on the Termii account, before a big send rather than after its failures
    expect((await within(figures).findByText(/^Termii balance:/)).textContent).toBe('Termii balance: ₦2,345.50');
    expect(within(figures).getByText('Units used').nextSibling?.textContent).toBe('37');
    expect(within(figures).getByText('Failed').nextSibling?.textContent).toBe('2');
    expect(within(figures).getByText('Kept (no gateway)').nextSibling?.textContent).toBe('5');
    expect(within(figures).getByText(/Since 8 Sept? 2026/)).toBeTruthy();

    const failedRow = within(table).getByText('Emeka Obi').closest('[role="row"]') as HTMLElement;
    expect(within(failedRow).getByText('012345678')).toBeTruthy();
    expect(within(failedRow).getAllByText('Results published').length).toBeGreaterThan(0);
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('Not a Nigerian mobile number')).toBeTruthy();

    const sentRow = within(table).getByText('Ngozi Okeke').closest('[role="row"]') as HTMLElement;
    expect(within(sentRow).getByText('Sent')).toBeTruthy();
    // a sent message is not resent; a failed and a kept one are
    expect(within(sentRow).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend to Emeka Obi (012345678)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend to Amaka Eze (+2348091112222)' })).toBeTruthy();
  });

  it('says why the Termii balance could not be read, and says nothing of it without a gateway', async () => {
    let balance: MessagingBalance = { configured: true, balance: null, currency: null, error: 'Termii: Invalid API key' };
    const requests = mockApi({
      'GET /api/messages': { status: 200, body: page([SENT]) },
      'GET /api/messaging/balance': () => ({ status: 200, body: balance }),
    });
    renderLog();
    expect(await screen.findByText('The Termii balance could not be read. Termii: Invalid API key')).toBeTruthy();
    cleanup();
    balance = { configured: false, balance: null, currency: null, error: null };
    const asked = requests.length;
    renderLog();
    await screen.findByRole('table', { name: 'Messages' });
    // answered (not merely pending), and still nothing said of a balance
    await waitFor(() => expect(requests.slice(asked).some((r) => r.url === '/api/messaging/balance')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Termii balance/)).toBeNull();
  });

  it('asks the server for the filtered page when a filter is chosen', async () => {
    const requests = mockApi({
      'GET /api/messages': ({ url }) => ({ status: 200, body: page(url.includes('status=failed') ? [FAILED] : [SENT, FAILED, KEPT]) }),
    });
    const user = renderLog();
    await screen.findByText('Ngozi Okeke');
    expect(listRequests(requests)[0]?.url).toBe('/api/messages?page=1&pageSize=10');

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(screen.queryByText('Ngozi Okeke')).toBeNull());
    expect(listRequests(requests).at(-1)?.url).toBe('/api/messages?page=1&pageSize=10&status=failed');
    await user.selectOptions(screen.getByLabelText('Channel'), 'SMS');
    await user.selectOptions(screen.getByLabelText('Event'), 'Results published');
    await waitFor(() => expect(listRequests(requests).at(-1)?.url).toBe('/api/messages?page=1&pageSize=10&status=failed&channel=sms&event=results'));
    expect(screen.getByText('Emeka Obi')).toBeTruthy();
  });

  it('resends a failed message after a confirmation, says so and shows the new message', async () => {
    let resent = false;
    const QUEUED = message({ id: 'm-new', to: '+2348031234567', recipientName: 'Emeka Obi', status: 'queued', units: 0, event: 'results', sentAt: null });
    const requests = mockApi({
      ...CSRF,
      'GET /api/messages': () => ({ status: 200, body: page(resent ? [QUEUED, SENT, FAILED] : [SENT, FAILED]) }),
      'POST /api/messages/m-failed/resend': () => {
        resent = true;
        return { status: 201, body: QUEUED };
      },
    });
    const user = renderLog();
    await user.click(await screen.findByRole('button', { name: 'Resend to Emeka Obi (012345678)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send this message again?' });
    expect(within(dialog).getByText(/Results published by SMS to Emeka Obi \(012345678\)/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('SMS to Emeka Obi queued to be sent again')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/messages/m-failed/resend');
    expect(post?.headers.get('x-csrf-token')).toBe('csrf');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Messages' })).getByText('Queued')).toBeTruthy());
  });

  it('keeps the dialog open with the server’s reason when the resend is refused', async () => {
    mockApi({
      ...CSRF,
      'GET /api/messages': { status: 200, body: page([KEPT]) },
      'POST /api/messages/m-kept/resend': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'No SMS gateway is set up yet: add the Termii API key in the messaging settings first' },
      },
    });
    const user = renderLog();
    await user.click(await screen.findByRole('button', { name: 'Resend to Amaka Eze (+2348091112222)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send this message again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('No SMS gateway is set up yet');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks again every 5 seconds while a message shown is queued, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const requests = mockApi({
      'GET /api/messages': () => {
        answers += 1;
        return { status: 200, body: page([answers < 2 ? message({ id: 'm-q', status: 'queued', units: 0 }) : SENT]) };
      },
    });
    renderLog();
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(within(table).getByText('Queued')).toBeTruthy();
    expect(listRequests(requests)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Messages' })).getByText('Sent')).toBeTruthy());
    expect(listRequests(requests)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(listRequests(requests)).toHaveLength(2);
  });

  it('says when there are no messages yet and where to set messaging up', async () => {
    mockApi({
      'GET /api/messages': {
        status: 200,
        body: page([], { summary: { since: null, units: 0, byStatus: { queued: 0, sent: 0, delivered: 0, failed: 0, kept: 0 } } }),
      },
    });
    renderLog();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /messaging settings/i });
    expect(links.every((link) => link.getAttribute('href') === '/admin/settings#messaging')).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the no-access state when the role may not see the messages (403)', async () => {
    mockApi({ 'GET /api/messages': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' } } });
    renderLog();
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByText(/Your role does not include Settings/)).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});

describe('the message log of one send', () => {
  const BATCH = '6f1c2f0e-1111-4a4a-9b9b-0000000000d1';

  it('shows only the send named in the address until its filter is removed', async () => {
    const requests = mockApi({
      'GET /api/messages': ({ url }) => ({ status: 200, body: page(url.includes(`batchId=${BATCH}`) ? [FAILED] : [SENT, FAILED, KEPT]) }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminMessages />, { route: `/admin/messages?batchId=${BATCH}` });
    await screen.findByText('Emeka Obi');
    expect(listRequests(requests)[0]?.url).toBe(`/api/messages?page=1&pageSize=10&batchId=${BATCH}`);
    expect(screen.queryByText('Ngozi Okeke')).toBeNull();
    expect(screen.getByText('This send only')).toBeTruthy();
    // the figures are the send's, not the term's
    expect(screen.getByRole('heading', { name: 'This send' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove the filter “This send only”' }));
    expect(await screen.findByText('Ngozi Okeke')).toBeTruthy();
    expect(listRequests(requests).at(-1)?.url).toBe('/api/messages?page=1&pageSize=10');
    expect(screen.queryByText('This send only')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'This term' })).toBeTruthy();
  });

  it('ignores a batch id that is not one', async () => {
    const requests = mockApi({ 'GET /api/messages': { status: 200, body: page([SENT]) } });
    renderWithProviders(<AdminMessages />, { route: '/admin/messages?batchId=nonsense' });
    await screen.findByText('Ngozi Okeke');
    expect(listRequests(requests)[0]?.url).toBe('/api/messages?page=1&pageSize=10');
    expect(screen.queryByText('This send only')).toBeNull();
  });
});
