import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as Application } from '../routes/application';

const TOKEN = { token: 'school-id.secret-token-value', schoolName: 'Greenfield Academy', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };

afterEach(() => window.sessionStorage.clear());

function setup(routes: Parameters<typeof mockApi>[0] = {}, { withToken = true } = {}) {
  if (withToken) window.sessionStorage.setItem('school.admissionApplication', JSON.stringify(TOKEN));
  const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, ...routes });
  renderWithProviders(<Application />, { route: '/auth/application' });
  // the browser filters by the accept attribute; a person can still pick "All files"
  const user = userEvent.setup({ applyAccept: false });
  const field = (label: string | RegExp) => screen.getByLabelText(label);
  return {
    requests,
    user,
    submit: () => user.click(screen.getByRole('button', { name: 'Submit application' })),
    upload: (file: File) => user.upload(screen.getByLabelText('Birth certificate'), file),
    async fillValid() {
      await user.type(field('Guardian’s email'), 'mrs.bello@mail.ng');
      await user.type(field('Guardian’s phone number'), '0802 123 4567');
      await user.type(field('Guardian’s address'), '7 Ahmadu Bello Way, Kaduna');
      await user.selectOptions(field('Relationship to the ward'), 'mother');
      await user.type(field('Ward’s full name'), 'Aisha Bello');
      await user.selectOptions(field('Gender'), 'female');
      await user.type(field('Date of birth'), '2014-09-12');
      await user.type(field('Ward’s phone number'), '08121234567');
      await user.selectOptions(field('State of origin'), 'Kaduna');
      await user.type(field('Previous education'), 'First School Leaving Certificate');
      await user.type(field('Last school attended'), 'Sunshine Primary School');
      await user.type(field('Address of institution'), '2 Market Road, Kaduna');
      await user.type(field('Class attended'), 'Primary 6');
      await user.type(field('Contact person'), 'Mr. Musa');
      await user.type(field('Contact number'), '07031234567');
      await user.selectOptions(field('Class'), 'JSS 1');
      await user.upload(field('Birth certificate'), new File(['%PDF-1.4'], 'birth.pdf', { type: 'application/pdf' }));
    },
  };
}

describe('application form', () => {
  it('asks for a serial code first when opened without one', () => {
    setup({}, { withToken: false });
    expect(screen.getByRole('link', { name: 'Enter your serial code' }).getAttribute('href')).toBe('/auth/serial-code');
    expect(screen.queryByRole('form', { name: 'Application form' })).toBeNull();
  });

  it('names the school and shows every required message, sending nothing', async () => {
    const form = setup();
    expect(screen.getByText('Greenfield Academy')).toBeTruthy();
    await form.submit();
    for (const message of [
      'Guardian email is required',
      'Guardian phone number is required',
      'Guardian address is required',
      'Relationship is required',
      'Name is required',
      'Gender is required',
      'Date of Birth is required',
      'Phone number is required',
      'State of origin is required',
      'Previous education is required',
      'Last school attended is required',
      'Address of institution is required',
      'Class attended is required',
      'Contact person is required',
      'Contact number is required',
      'Class is required',
      'Birth certificate is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(form.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('checks emails, phone numbers and the date of birth', async () => {
    const form = setup();
    await form.user.type(screen.getByLabelText('Guardian’s email'), 'bello-at-mail');
    await form.user.type(screen.getByLabelText('Guardian’s phone number'), '12');
    await form.user.type(screen.getByLabelText('Ward’s email (optional)'), 'aisha@');
    await form.user.type(screen.getByLabelText('Date of birth'), '2099-01-01');
    await form.submit();
    expect(await screen.findAllByText('Invalid email address')).toHaveLength(2);
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(screen.getByText('Invalid DOB')).toBeTruthy();
  });

  it('refuses a birth certificate that is not a PDF, JPEG or PNG, or larger than 5 MB', async () => {
    const form = setup();
    await form.upload(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Birth certificate must be a PDF, JPEG or PNG file')).toBeTruthy();
    await form.upload(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Birth certificate must be at most 5 MB')).toBeTruthy();
  });

  it('sends one multipart request with the token and shows the registration number', async () => {
    const form = setup({
      'POST /api/admissions/applications': { status: 201, body: { registrationNo: 'GFA/2026/0007', schoolName: 'Greenfield Academy', name: 'Aisha Bello' } },
    });
    await form.fillValid();
    await form.submit();
    expect((await screen.findByTestId('registration-number')).textContent).toBe('GFA/2026/0007');
    const call = vi.mocked(fetch).mock.calls.find(([url, init]) => String(url) === '/api/admissions/applications' && init?.method === 'POST');
    const body = call![1]!.body as FormData;
    expect(body.get('token')).toBe(TOKEN.token);
    expect(body.get('email')).toBe('mrs.bello@mail.ng');
    expect(body.get('guardianPhone')).toBe('08021234567');
    expect(body.get('class')).toBe('JSS 1');
    expect((body.get('birthCertificate') as File).name).toBe('birth.pdf');
    expect(window.sessionStorage.getItem('school.admissionApplication')).toBeNull();
  });

  it('sends the applicant back to the serial code when the server says it is no longer valid', async () => {
    const form = setup({
      'POST /api/admissions/applications': {
        status: 400,
        body: { message: 'This serial code is not valid', errors: { serialCode: 'This serial code is not valid' } },
      },
    });
    await form.fillValid();
    await form.submit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This serial code is not valid')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Enter your serial code again' })).toBeTruthy();
  });

  it('shows the server’s refusal of the file under the file field', async () => {
    const form = setup({
      'POST /api/admissions/applications': {
        status: 400,
        body: {
          message: 'Birth certificate must be a PDF, JPEG or PNG file',
          errors: { birthCertificate: 'Birth certificate must be a PDF, JPEG or PNG file' },
        },
      },
    });
    await form.fillValid();
    await form.submit();
    await waitFor(() => expect(screen.getByText('Birth certificate must be a PDF, JPEG or PNG file')).toBeTruthy());
  });
});
