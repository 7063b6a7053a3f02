import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { SchoolLogoSection } from '../components/school-logo-section';

const SCHOOL = 'sch-1';
const LOGO_URL = '/api/uploads/6f1c2f0e-1111-4a4a-9b9b-000000000042';
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'crest.png', { type: 'image/png' });

describe('the school logo on the settings page', () => {
  it('uploads the chosen logo as multipart, then shows it with a Remove button', async () => {
    const sent: FormData[] = [];
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      [`GET /api/organisation/schools/${SCHOOL}/logo`]: { status: 200, body: { logoUrl: null } },
      [`PUT /api/organisation/schools/${SCHOOL}/logo`]: { status: 200, body: { logoUrl: LOGO_URL } },
    });
    const recording = vi.mocked(fetch);
    const original = recording.getMockImplementation()!;
    recording.mockImplementation(async (input, init) => {
      if (init?.body instanceof FormData) sent.push(init.body);
      return original(input, init);
    });
    renderWithProviders(<SchoolLogoSection schoolId={SCHOOL} schoolName="Greenfield Academy" />);
    const input = await screen.findByLabelText('Upload logo');
    expect(screen.getByText('No logo yet')).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload logo' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    const user = userEvent.setup();
    await user.upload(input, png());
    await user.click(upload);
    const shown = await screen.findByRole('img', { name: 'Logo of Greenfield Academy' });
    expect(shown.getAttribute('src')).toBe(LOGO_URL);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect((sent[0].get('logo') as File).name).toBe('crest.png');
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeTruthy();
    expect(screen.getByLabelText('Change logo')).toBeTruthy();
  });

  it('refuses a file too large or of another kind before sending it, in the server’s words', async () => {
    const requests = mockApi({ [`GET /api/organisation/schools/${SCHOOL}/logo`]: { status: 200, body: { logoUrl: LOGO_URL } } });
    renderWithProviders(<SchoolLogoSection schoolId={SCHOOL} schoolName="Greenfield Academy" />);
    const input = await screen.findByLabelText('Change logo');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['%PDF-'], 'crest.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Logo must be a PNG or JPEG file');
    await user.upload(input, png(3 * 1024 * 1024));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Logo must be at most 2 MB'));
    expect((screen.getByRole('button', { name: 'Upload logo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('removes the logo', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      [`GET /api/organisation/schools/${SCHOOL}/logo`]: { status: 200, body: { logoUrl: LOGO_URL } },
      [`DELETE /api/organisation/schools/${SCHOOL}/logo`]: { status: 200, body: { logoUrl: null } },
    });
    renderWithProviders(<SchoolLogoSection schoolId={SCHOOL} schoolName="Greenfield Academy" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('No logo yet')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});
