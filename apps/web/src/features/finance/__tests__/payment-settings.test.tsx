import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as PaymentSettings } from '../routes/payment-settings';

describe('payment settings', () => {
  it('needs both keys, sends them, and shows the secret only masked', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/settings/payment': { status: 200, body: { keys: { configured: false, publicKey: null, secretKeyMasked: null, updatedAt: null } } },
      'PUT /api/settings/payment': {
        status: 200,
        body: { keys: { configured: true, publicKey: 'pk_test_123', secretKeyMasked: '••••••••9876', updatedAt: '2026-11-22T01:00:00.000Z' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentSettings />);
    expect(await screen.findByText(/No keys yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(await screen.findByText('Secret key is required')).toBeTruthy();
    expect(screen.getByText('Public key is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Secret key'), 'sk_test_abc9876');
    await user.type(screen.getByLabelText('Public key'), 'pk_test_123');
    await user.click(screen.getByRole('button', { name: 'Save keys' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ secretKey: 'sk_test_abc9876', publicKey: 'pk_test_123' }));
    expect((await screen.findByTestId('secret-masked')).textContent).toBe('••••••••9876');
    expect((screen.getByLabelText('Secret key') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('sk_test_abc9876');
  });
});
