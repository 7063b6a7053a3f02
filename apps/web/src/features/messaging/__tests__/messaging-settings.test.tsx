import type { MessagingSettings } from '@school/shared/messaging/responses';
import { DEFAULT_EVENT_CHANNELS } from '@school/shared/messaging/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders, type RecordedRequest } from '@/test/render';
import { MessagingSettingsSection } from '../components/messaging-settings-section';
import { Component as OwnerMessagingSettings } from '../routes/super-admin-messaging-settings';

const CSRF = { 'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } } };
const ORGANISATION_CHANNELS = { ...DEFAULT_EVENT_CHANNELS, results: ['sms', 'whatsapp'], notice: [] } as MessagingSettings['effective']['eventChannels'];

const REPORTS_URL = 'https://school.example/api/messaging/termii/delivery-reports?organisation=o1&token=abc';

/** A school that has set nothing of its own: it takes the organisation's key, sender ID and channels. */
const INHERITING: MessagingSettings = {
  scope: 'school',
  provider: 'termii',
  apiKey: null,
  senderId: null,
  eventChannels: null,
  effective: { apiKey: '••••••••1234', keyFrom: 'organisation', senderId: 'GreenField', eventChannels: ORGANISATION_CHANNELS },
  inherited: { apiKey: '••••••••1234', senderId: 'GreenField' },
  deliveryReportUrl: REPORTS_URL,
};

/** What the fake server answers to a PUT: the school's own values, masked as the server masks them. */
function saved(body: Record<string, unknown>, before: MessagingSettings): MessagingSettings {
  const key = typeof body.apiKey === 'string' ? `••••••••${body.apiKey.slice(-4)}` : body.removeApiKey ? null : before.apiKey;
  const senderId = (body.senderId as string) || null;
  const eventChannels = (body.eventChannels as MessagingSettings['eventChannels']) ?? null;
  return {
    ...before,
    apiKey: key,
    senderId,
    eventChannels,
    effective: {
      apiKey: key ?? (before.scope === 'school' ? '••••••••1234' : null),
      keyFrom: key ? before.scope : before.scope === 'school' ? 'organisation' : null,
      senderId: senderId ?? (before.scope === 'school' ? 'GreenField' : null),
      eventChannels: eventChannels ?? ORGANISATION_CHANNELS,
    },
  };
}

function serve(initial: MessagingSettings) {
  let current = initial;
  const requests = mockApi({
    ...CSRF,
    'GET /api/messaging/settings': () => ({ status: 200, body: current }),
    'PUT /api/messaging/settings': ({ body }) => {
      current = saved(body as Record<string, unknown>, current);
      return { status: 200, body: current };
    },
  });
  return requests;
}

const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT');

function renderSection() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <MessagingSettingsSection />
      <ToastHost />
    </>,
    { route: '/admin/settings' },
  );
  return user;
}

describe('the SMS and WhatsApp settings of a school', () => {
  it('shows what the school takes from the organisation and saves “use the organisation’s” as empty values, without a key', async () => {
    const requests = serve(INHERITING);
    const user = renderSection();
    expect((await screen.findByTestId('api-key-inherited')).textContent).toBe('Using the organisation’s key ••••••••1234');
    expect(screen.getByText(/Leave empty to use the organisation’s \(GreenField\)/)).toBeTruthy();
    const inherit = screen.getByRole('checkbox', { name: 'Use the organisation’s choices' }) as HTMLInputElement;
    expect(inherit.checked).toBe(true);
    // the organisation's choices, shown but not editable while the school takes them
    const resultsByWhatsApp = screen.getByRole('checkbox', { name: 'Results published by WhatsApp' }) as HTMLInputElement;
    expect(resultsByWhatsApp.checked).toBe(true);
    expect(resultsByWhatsApp.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Noticeboard post by SMS' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SMS and WhatsApp settings saved')).toBeTruthy();
    expect(puts(requests)[0]?.body).toEqual({ senderId: '', eventChannels: null });
    expect(puts(requests)[0]?.headers.get('x-csrf-token')).toBe('csrf');
  });

  it('refuses a bad sender ID with the spec’s message, then sends the typed key and the ticked channels, and shows the key only masked', async () => {
    const requests = serve(INHERITING);
    const user = renderSection();
    const senderId = await screen.findByLabelText('Sender ID');
    await user.type(senderId, 'AB');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sender ID must be 3 to 11 letters or digits')).toBeTruthy();
    expect(senderId.getAttribute('aria-invalid')).toBe('true');
    expect(puts(requests)).toHaveLength(0);

    await user.clear(senderId);
    await user.type(senderId, 'Bright1');
    await user.type(screen.getByLabelText('Termii API key'), 'TLsecretkey9876');
    await user.click(screen.getByRole('checkbox', { name: 'Use the organisation’s choices' }));
    // the school's own choices start from the organisation's
    const feeBySms = screen.getByRole('checkbox', { name: 'Fee reminder by SMS' }) as HTMLInputElement;
    expect(feeBySms.checked).toBe(true);
    expect(feeBySms.disabled).toBe(false);
    await user.click(feeBySms);
    await user.click(screen.getByRole('checkbox', { name: 'Absence notice by WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({
      apiKey: 'TLsecretkey9876',
      senderId: 'Bright1',
      eventChannels: { ...ORGANISATION_CHANNELS, absence: ['sms', 'whatsapp'], feeReminder: [] },
    });
    expect((await screen.findByTestId('api-key-masked')).textContent).toBe('••••••••9876');
    expect((screen.getByLabelText('Termii API key') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('TLsecretkey9876');
    expect(screen.getByText('Leave empty to keep the stored key.')).toBeTruthy();

    // saving again without typing a key leaves it out: the stored one is kept
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]?.body).not.toHaveProperty('apiKey');
  });

  it('removes the school’s own key only after a confirmation, keeping its other settings', async () => {
    const own: MessagingSettings = {
      ...INHERITING,
      apiKey: '••••••••5555',
      senderId: 'Bright1',
      effective: { ...INHERITING.effective, apiKey: '••••••••5555', keyFrom: 'school', senderId: 'Bright1' },
    };
    const requests = serve(own);
    const user = renderSection();
    expect((await screen.findByTestId('api-key-masked')).textContent).toBe('••••••••5555');
    // the organisation's sender ID stays in sight while the school's own hides it
    expect(screen.getByText('Bright1 (your school’s own; the organisation’s is GreenField)')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Delivery report address' }) as HTMLInputElement).value).toBe(REPORTS_URL);
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the Termii API key?' });
    expect(puts(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    expect(await screen.findByText('Termii API key removed')).toBeTruthy();
    expect(puts(requests)[0]?.body).toEqual({ removeApiKey: true, senderId: 'Bright1', eventChannels: null });
    expect(screen.queryByTestId('api-key-masked')).toBeNull();
    expect((await screen.findByTestId('api-key-inherited')).textContent).toContain('••••••••1234');
  });
});

describe('the organisation’s SMS and WhatsApp settings (owner)', () => {
  it('has no “use the organisation’s” choice and sends every event’s channels', async () => {
    const organisation: MessagingSettings = {
      scope: 'organisation',
      provider: 'termii',
      apiKey: null,
      senderId: null,
      eventChannels: null,
      effective: { apiKey: null, keyFrom: null, senderId: null, eventChannels: DEFAULT_EVENT_CHANNELS },
      inherited: null,
      deliveryReportUrl: REPORTS_URL,
    };
    const requests = serve(organisation);
    const user = userEvent.setup();
    renderWithProviders(<OwnerMessagingSettings />, { route: '/super-admin/settings/messaging' });
    expect(await screen.findByRole('heading', { name: 'SMS and WhatsApp', level: 1 })).toBeTruthy();
    expect(await screen.findByText(/None yet: messages are kept in the log/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Use the organisation’s choices' })).toBeNull();
    await user.type(screen.getByLabelText('Sender ID'), 'GreenField');
    await user.click(screen.getByRole('checkbox', { name: 'Results published by WhatsApp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Password reset link by SMS' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({
      senderId: 'GreenField',
      eventChannels: { ...DEFAULT_EVENT_CHANNELS, results: ['sms', 'whatsapp'], passwordReset: [] },
    });
  });

  it('shows the no-access state when the settings are refused (403)', async () => {
    mockApi({
      'GET /api/messaging/settings': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' } },
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
