import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { OwnChannelsSection } from '../components/own-channels-section';

const CSRF = { 'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } } };

function renderSection() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <OwnChannelsSection />
      <ToastHost />
    </>,
    { route: '/parent/settings' },
  );
  return user;
}

describe('a parent’s SMS and WhatsApp choice', () => {
  it('shows the numbers the school holds and turns WhatsApp off for them', async () => {
    const requests = mockApi({
      ...CSRF,
      'GET /api/me/message-channels': { status: 200, body: { phones: ['+2348031234567', '+2348091112222'], sms: true, whatsapp: true } },
      'PUT /api/me/message-channels': ({ body }) => ({ status: 200, body: { phones: ['+2348031234567', '+2348091112222'], ...(body as object) } }),
    });
    const user = renderSection();
    expect(await screen.findByText('+2348031234567')).toBeTruthy();
    expect(screen.getByText('+2348091112222')).toBeTruthy();
    const sms = screen.getByRole('switch', { name: /SMS messages/ });
    const whatsapp = screen.getByRole('switch', { name: /WhatsApp messages/ });
    expect(sms.getAttribute('aria-checked')).toBe('true');
    expect(whatsapp.getAttribute('aria-checked')).toBe('true');

    await user.click(whatsapp);
    expect(await screen.findByText('WhatsApp messages turned off')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ sms: true, whatsapp: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: /WhatsApp messages/ }).getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByRole('switch', { name: /SMS messages/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('WhatsApp messages: Off')).toBeTruthy();
  });

  it('says when the school has no mobile number of the parent, and offers no switch to flip', async () => {
    const requests = mockApi({ ...CSRF, 'GET /api/me/message-channels': { status: 200, body: { phones: [], sms: true, whatsapp: true } } });
    const user = renderSection();
    expect(await screen.findByText(/The school has no mobile number of yours/)).toBeTruthy();
    const sms = screen.getByRole('switch', { name: /SMS messages/ }) as HTMLButtonElement;
    expect(sms.disabled).toBe(true);
    await user.click(sms);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal when saving fails', async () => {
    mockApi({
      ...CSRF,
      'GET /api/me/message-channels': { status: 200, body: { phones: ['+2348031234567'], sms: true, whatsapp: false } },
      'PUT /api/me/message-channels': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'The school has no mobile number of yours.' } },
    });
    const user = renderSection();
    await user.click(await screen.findByRole('switch', { name: /SMS messages/ }));
    expect(await screen.findByText('The school has no mobile number of yours.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /SMS messages/ }).getAttribute('aria-checked')).toBe('true');
  });
});
