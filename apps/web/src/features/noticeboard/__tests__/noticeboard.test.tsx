import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { ManageNotices } from '../components/manage-notices';
import { NoticeBoard } from '../components/notice-board';

const SCHOOL = { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000bb', name: 'Bright Future College' };
const JSS1A = { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000c1', name: 'JSS 1 A', schoolId: SCHOOL.id };

const notice = (overrides: Record<string, unknown> = {}) => ({
  id: 'n1',
  title: 'Sports day',
  description: 'Friday at the field. Wear your house colours.',
  date: '2024-02-10',
  audience: 'students',
  class: null,
  school: SCHOOL,
  pinned: false,
  read: false,
  postedBy: 'Mrs. Bisola Adewale',
  createdAt: '2024-02-09T10:00:00.000Z',
  ...overrides,
});

describe('NoticeBoard (every reader)', () => {
  it('shows pinned and unread marks, and marks a notice read when opened', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/noticeboard': {
        status: 200,
        body: {
          items: [notice({ id: 'n0', title: 'Welcome back', pinned: true, read: true, audience: 'everyone' }), notice()],
          total: 2,
          unread: 1,
          page: 1,
          pageSize: 20,
        },
      },
      'POST /api/noticeboard/n1/read': { status: 200, body: notice({ read: true }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<NoticeBoard />);
    const card = await screen.findByRole('article', { name: 'Sports day' });
    expect(screen.getByText('1 unread notice')).toBeTruthy();
    expect(within(card).getByText('For Students')).toBeTruthy();
    expect(within(card).getByText(/New/)).toBeTruthy();
    const pinned = screen.getByRole('article', { name: 'Welcome back' });
    expect(within(pinned).getByText('Pinned')).toBeTruthy();
    expect(within(pinned).queryByText(/New/)).toBeNull();
    const [first, second] = screen.getAllByRole('article');
    expect(first).toBe(pinned);
    expect(second).toBe(card);

    await user.click(within(card).getByRole('button', { name: /Read notice/ }));
    expect(
      within(card)
        .getByRole('button', { name: /Show less/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/noticeboard/n1/read'))).toBe(true);
  });

  it('says when there is nothing to read', async () => {
    mockApi({ 'GET /api/noticeboard': { status: 200, body: { items: [], total: 0, unread: 0, page: 1, pageSize: 20 } } });
    renderWithProviders(<NoticeBoard />);
    expect(await screen.findByRole('heading', { name: 'No notices yet' })).toBeTruthy();
  });

  it('offers a retry when the board cannot be loaded', async () => {
    mockApi({ 'GET /api/noticeboard': { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } } });
    renderWithProviders(<NoticeBoard />);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeTruthy();
  }, 15_000);
});

describe('ManageNotices (administrator)', () => {
  it("validates with the spec's messages, then posts a notice to one class", async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/notices': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } },
      'GET /api/notices/options': { status: 200, body: { schools: [SCHOOL], classes: [JSS1A] } },
      'POST /api/notices': {
        status: 201,
        body: { ...notice({ audience: 'class', class: JSS1A }), published: true, broadcast: false, schools: [SCHOOL], updatedAt: '2024-02-09T10:00:00.000Z' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ToastHost />
        <ManageNotices superAdmin={false} />
      </>,
    );
    expect(await screen.findByText(/No notices yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post a notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a notice' });
    expect(within(dialog).queryByLabelText('School')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Title is Required')).toBeTruthy();
    expect(within(dialog).getByText('description is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Title'), 'JSS 1 A excursion');
    await user.type(within(dialog).getByLabelText('Description'), 'To the museum');
    await user.selectOptions(within(dialog).getByLabelText('Audience'), 'class');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please Select a Class')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Class'), 'JSS 1 A');
    const sms = within(dialog).getByRole('checkbox', { name: 'Also send as SMS' });
    expect((sms as HTMLInputElement).checked).toBe(false);
    expect(sms.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(sms.getAttribute('aria-describedby')!)?.textContent).toMatch(/phone numbers the school has/);
    await user.click(sms);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Notice published');
    const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/notices'));
    expect(post?.body).toMatchObject({
      title: 'JSS 1 A excursion',
      description: 'To the museum',
      audience: 'class',
      classId: JSS1A.id,
      pinned: false,
      sendSms: true,
    });
  });

  it('does not offer to send a notice already sent as SMS again when it is edited', async () => {
    const managed = (overrides: Record<string, unknown>) => ({
      ...notice(overrides),
      published: true,
      broadcast: false,
      schools: [SCHOOL],
      updatedAt: '2024-02-09T10:00:00.000Z',
    });
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/notices': {
        status: 200,
        body: {
          items: [managed({ id: 'n1', title: 'Sports day', sendSms: true }), managed({ id: 'n2', title: 'PTA meeting', sendSms: false })],
          total: 2,
          page: 1,
          pageSize: 100,
        },
      },
      'GET /api/notices/options': { status: 200, body: { schools: [SCHOOL], classes: [JSS1A] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageNotices superAdmin={false} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Sports day' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit notice' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Also send as SMS' })).toBeNull();
    expect(within(dialog).getByText(/Also sent as SMS when it was posted/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit PTA meeting' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit notice' });
    expect((within(dialog).getByRole('checkbox', { name: 'Also send as SMS' }) as HTMLInputElement).checked).toBe(false);
  });

  it('lets the super administrator post to every school', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/notices': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } },
      'GET /api/notices/options': { status: 200, body: { schools: [SCHOOL, { id: 's2', name: 'Greenfield Lekki' }], classes: [JSS1A] } },
      'POST /api/notices': { status: 201, body: { ...notice(), published: true, broadcast: true, schools: [SCHOOL], updatedAt: '2024-02-09T10:00:00.000Z' } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ToastHost />
        <ManageNotices superAdmin />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Post a notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a notice' });
    await user.type(within(dialog).getByLabelText('Title'), 'Greetings');
    await user.type(within(dialog).getByLabelText('Description'), 'From the proprietor');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please choose a school')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.selectOptions(within(dialog).getByLabelText('School'), 'all');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Notice published');
    // not sent as SMS unless asked
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ schoolId: 'all', audience: 'everyone', sendSms: false });
  });
});

describe('ManageNotices: a notice also sent as SMS', () => {
  const BATCH = '6f1c2f0e-1111-4a4a-9b9b-0000000000d1';
  const posted = (texts?: { batchId: string; total: number }) => ({
    status: 201,
    body: { ...notice(), audience: 'staff', published: true, broadcast: false, schools: [SCHOOL], updatedAt: '2024-02-09T10:00:00.000Z', texts },
  });

  async function post(superAdmin: boolean) {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ToastHost />
        <ManageNotices superAdmin={superAdmin} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Post a notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a notice' });
    if (superAdmin) await user.selectOptions(within(dialog).getByLabelText('School'), SCHOOL.name);
    await user.type(within(dialog).getByLabelText('Title'), 'Staff meeting');
    await user.type(within(dialog).getByLabelText('Description'), 'Monday at 2 pm');
    await user.selectOptions(within(dialog).getByLabelText('Audience'), 'staff');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also send as SMS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Notice published');
    expect(screen.queryByRole('dialog')).toBeNull();
  }

  const routes = (texts?: { batchId: string; total: number }) => ({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    'GET /api/notices': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } },
    'GET /api/notices/options': { status: 200, body: { schools: [SCHOOL], classes: [JSS1A] } },
    'POST /api/notices': posted(texts),
    [`GET /api/messages/batches/${BATCH}`]: {
      status: 200,
      body: { batchId: BATCH, total: 5, byStatus: { queued: 0, sent: 5, delivered: 0, failed: 0, kept: 0 } },
    },
  });

  it('shows what became of the texts once the form has closed, with the message log for the school’s administrator', async () => {
    mockApi(routes({ batchId: BATCH, total: 5 }));
    await post(false);
    const texts = await screen.findByRole('region', { name: 'Texts to staff' });
    await waitFor(() => expect(within(texts).getByRole('status').textContent).toBe('Texts to staff: 5 sent'));
    expect(within(texts).getByRole('link', { name: 'See them in the message log' }).getAttribute('href')).toBe(`/admin/messages?batchId=${BATCH}`);
  });

  it('offers the owner no school’s message log (the log is a school’s)', async () => {
    mockApi(routes({ batchId: BATCH, total: 5 }));
    await post(true);
    const texts = await screen.findByRole('region', { name: 'Texts to staff' });
    await waitFor(() => expect(within(texts).getByRole('status').textContent).toBe('Texts to staff: 5 sent'));
    expect(within(texts).queryByRole('link')).toBeNull();
  });

  it('shows nothing when the post made no texts', async () => {
    const requests = mockApi(routes());
    await post(false);
    expect(screen.queryByRole('region', { name: /Texts to/ })).toBeNull();
    expect(requests.some((r) => r.url.startsWith('/api/messages/batches/'))).toBe(false);
  });
});
