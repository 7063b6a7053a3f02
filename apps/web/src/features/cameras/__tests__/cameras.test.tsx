import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { CameraForm } from '../components/camera-form';
import { CameraPlayer, VideoPlayer } from '../components/camera-player';
import { SecurityCameras } from '../components/security-cameras';

const SCHOOL = { id: '6f1c2f0e-1111-4a4a-9b9b-0000000000bb', name: 'Greenfield Academy' };

const camera = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  name: 'Main gate',
  modelCode: 'QR-1',
  cameraModel: 'Hikvision',
  location: 'Main gate',
  specifyLocation: 'Facing the car park',
  channelType: 'Live',
  source: 'https://cams.test/gate.m3u8',
  playback: { kind: 'hls', url: 'https://cams.test/gate.m3u8' },
  schools: [SCHOOL],
  roles: ['admin'],
  createdAt: '2024-02-01T00:00:00.000Z',
  updatedAt: '2024-02-01T00:00:00.000Z',
  ...overrides,
});

describe('CameraForm (Camera Channel Setup)', () => {
  it('shows its own messages, then sends the normalised values with one school as a list', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderWithProviders(<CameraForm schools={[SCHOOL]} submitLabel="Publish" onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Name of Camera is required')).toBeTruthy();
    expect(screen.getByText('Model Code or QR Code is required')).toBeTruthy();
    expect(screen.getByText('Camera Model is required')).toBeTruthy();
    expect(screen.getByText('Assign the camera to at least one school')).toBeTruthy();
    expect(screen.getByText('Location is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name of Camera'), 'Assembly');
    await user.type(screen.getByLabelText('Model Code or QR Code'), 'QR-9');
    await user.type(screen.getByLabelText('Camera Model'), 'Dahua');
    await user.selectOptions(screen.getByLabelText('Channel'), 'Youtube');
    await user.type(screen.getByLabelText('YouTube video link or ID'), 'https://evil.test/x');
    await user.click(screen.getByRole('checkbox', { name: SCHOOL.name }));
    await user.selectOptions(screen.getByLabelText('Location'), 'Hall');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Enter a YouTube link or its 11-character video ID')).toBeTruthy();
    await user.clear(screen.getByLabelText('YouTube video link or ID'));
    await user.type(screen.getByLabelText('YouTube video link or ID'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]).toMatchObject([
      { schoolIds: [SCHOOL.id], source: 'dQw4w9WgXcQ', channelType: 'Youtube', roles: ['admin'], location: 'Hall' },
    ]);
  });
});

describe('CameraPlayer', () => {
  it('says clearly when the browser cannot play HLS itself', () => {
    renderWithProviders(<CameraPlayer playback={{ kind: 'hls', url: 'https://cams.test/gate.m3u8' }} title="Main gate" />);
    expect(screen.getByText('This browser cannot play live HLS streams by itself.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the stream' }).getAttribute('href')).toBe('https://cams.test/gate.m3u8');
  });

  it('shows a Motion JPEG stream (the demo’s test pattern) in an image, and lets go of it when closed', () => {
    const url = '/api/cameras/demo-stream.mjpg?seconds=3600';
    const { container, unmount } = renderWithProviders(<CameraPlayer playback={{ kind: 'mjpeg', url }} title="Main gate" />);
    const image = screen.getByRole('img', { name: 'Main gate' });
    expect(image.getAttribute('src')).toBe(url);
    expect(container.querySelector('video')).toBeNull();
    unmount();
    expect(image.hasAttribute('src')).toBe(false);
  });

  it('says so, with a link, when the Motion JPEG stream cannot be loaded', () => {
    renderWithProviders(<CameraPlayer playback={{ kind: 'mjpeg', url: 'https://cams.test/ward/video.mjpg' }} title="Ward" />);
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    fireEvent.error(screen.getByRole('img', { name: 'Ward' }));
    expect(screen.getByText(/The video could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open it directly' }).getAttribute('href')).toBe('https://cams.test/ward/video.mjpg');
  });

  it('plays a recording on the test pattern in an image and any other recording in a video', () => {
    const { container } = renderWithProviders(
      <>
        <VideoPlayer url="/api/cameras/demo-stream.mjpg?seconds=3600" title="Main gate, 07:00" />
        <VideoPlayer url="https://cams.test/gate/0700.mp4" title="Main gate, 10:00" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Main gate, 07:00' }).getAttribute('src')).toBe('/api/cameras/demo-stream.mjpg?seconds=3600');
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://cams.test/gate/0700.mp4');
  });

  it('embeds the provider’s player from the answer’s URL, sandboxed', () => {
    renderWithProviders(
      <CameraPlayer
        playback={{ kind: 'embed', url: 'https://www.youtube.com/embed/dQw4w9WgXcQ', openUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }}
        title="Hall"
      />,
    );
    const frame = screen.getByTitle('Hall');
    expect(frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(screen.getByRole('link', { name: 'Open it in YouTube' })).toBeTruthy();
  });
});

describe('SecurityCameras', () => {
  it('shows the tiles, and the Live dialog lists a day’s recordings as one-choice time slots', async () => {
    mockApi({
      'GET /api/cameras': { status: 200, body: { items: [camera()] } },
      'GET /api/cameras/c1/clips': {
        status: 200,
        body: {
          date: '2024-02-10',
          timeZone: 'Africa/Lagos',
          items: [
            { id: 'k1', cameraId: 'c1', startsAt: '2024-02-10T06:00:00.000Z', endsAt: '2024-02-10T06:30:00.000Z', url: 'https://cams.test/1.mp4' },
            { id: 'k2', cameraId: 'c1', startsAt: '2024-02-10T09:00:00.000Z', endsAt: '2024-02-10T09:30:00.000Z', url: 'https://cams.test/2.mp4' },
          ],
        },
      },
      'GET /api/cameras/c1/clip-days': { status: 200, body: { month: '2024-02', days: ['2024-02-10'] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SecurityCameras basePath="/admin/records/security" canManage={false} />);
    const tile = await screen.findByRole('link', { name: /Main gate/ });
    expect(tile.getAttribute('href')).toBe('/admin/records/security/cam/c1');
    expect(screen.queryByRole('link', { name: 'Manage channels' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Live' }));
    const dialog = await screen.findByRole('dialog', { name: 'Live' });
    const slots = within(await within(dialog).findByRole('group', { name: 'Time slots' }));
    const seven = await slots.findByRole('button', { name: /7:00/ });
    const ten = slots.getByRole('button', { name: /10:00/ });
    expect(seven.getAttribute('aria-pressed')).toBe('true');
    await user.click(ten);
    expect(ten.getAttribute('aria-pressed')).toBe('true');
    expect(seven.getAttribute('aria-pressed')).toBe('false');
    expect(
      within(dialog)
        .getByLabelText(/Main gate, 10:00/)
        .getAttribute('src'),
    ).toBe('https://cams.test/2.mp4');
    expect(within(dialog).queryByRole('button', { name: 'Add recording' })).toBeNull();
  });
});
