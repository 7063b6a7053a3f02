import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { cameraClipSchema, cameraPlace, cameraSchema, httpUrl, playbackOf, vimeoId, youtubeId, zoomMeeting } from './schemas';

const valid = {
  name: 'Main gate',
  modelCode: 'QR-1',
  cameraModel: 'Hikvision',
  schoolIds: ['s1'],
  location: 'Main gate',
  channelType: 'Live',
  source: 'https://cams.example.test/gate.m3u8',
  roles: ['admin'],
};

describe('cameraSchema (its own fields, not the create-user schema)', () => {
  it('names every missing field', () => {
    expect(validate(cameraSchema, {})).toEqual({
      success: false,
      errors: {
        name: 'Name of Camera is required',
        modelCode: 'Model Code or QR Code is required',
        cameraModel: 'Camera Model is required',
        schoolIds: 'Assign the camera to at least one school',
        location: 'Location is required',
        channelType: 'Please choose a channel',
        roles: 'Choose at least one role that may watch this camera',
      },
    });
    expect(validate(cameraSchema, { ...valid, schoolIds: [], roles: [] })).toEqual({
      success: false,
      errors: { schoolIds: 'Assign the camera to at least one school', roles: 'Choose at least one role that may watch this camera' },
    });
  });

  it('asks to specify an Other location', () => {
    expect(validate(cameraSchema, { ...valid, location: 'Other' })).toEqual({ success: false, errors: { specifyLocation: 'Please specify the location' } });
    expect(validate(cameraSchema, { ...valid, location: 'Other', specifyLocation: 'Back fence' }).success).toBe(true);
  });

  it('accepts only http(s) stream URLs for Live', () => {
    for (const source of ['javascript:alert(1)', 'rtsp://10.0.0.1/live', 'https://user:pw@cam.test/x.m3u8', 'https://cam test/x.m3u8', '//cam.test/x.m3u8']) {
      expect(validate(cameraSchema, { ...valid, source })).toEqual({
        success: false,
        errors: { source: 'Stream URL must be a web address starting with http:// or https://' },
      });
    }
    expect(validate(cameraSchema, { ...valid, source: '' })).toEqual({ success: false, errors: { source: 'Stream URL is required' } });
    expect(validate(cameraSchema, { ...valid, source: 'http://192.168.1.20:8080/hls/gate.m3u8' }).success).toBe(true);
  });

  it('normalises YouTube, Vimeo and Zoom sources to ids', () => {
    const parsed = (channelType: string, source: string) => {
      const result = validate(cameraSchema, { ...valid, channelType, source });
      return result.success ? result.data.source : result.errors;
    };
    expect(parsed('Youtube', 'https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(parsed('Youtube', 'https://www.youtube.com/live/dQw4w9WgXcQ?feature=share')).toBe('dQw4w9WgXcQ');
    expect(parsed('Youtube', '"><script>')).toEqual({ source: 'Enter a YouTube link or its 11-character video ID' });
    expect(parsed('Vimeo', 'https://vimeo.com/channels/staffpicks/76979871')).toBe('76979871');
    expect(parsed('Vimeo', 'https://evil.test/76979871')).toEqual({ source: 'Enter a Vimeo link or its numeric video ID' });
    expect(parsed('Zoom', 'https://us02web.zoom.us/j/85412345678?pwd=abc.DEF')).toBe('85412345678?pwd=abc.DEF');
    expect(parsed('Zoom', '854 1234 5678')).toBe('85412345678');
    expect(parsed('Zoom', 'https://zoom.evil.test/j/85412345678')).toEqual({ source: 'Enter a Zoom meeting link or a meeting ID of 9 to 11 digits' });
  });
});

describe('parsers and playback', () => {
  it('builds embed URLs only from ids', () => {
    expect(playbackOf('Youtube', 'dQw4w9WgXcQ')).toEqual({
      kind: 'embed',
      url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      openUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(playbackOf('Vimeo', '1')).toMatchObject({ url: 'https://player.vimeo.com/video/1' });
    expect(playbackOf('Zoom', '85412345678?pwd=x')).toMatchObject({
      url: 'https://app.zoom.us/wc/join/85412345678?pwd=x',
      openUrl: 'https://zoom.us/j/85412345678?pwd=x',
    });
    expect(playbackOf('Live', 'https://a.test/x.m3u8')).toEqual({ kind: 'hls', url: 'https://a.test/x.m3u8' });
    expect(httpUrl('ftp://a.test')).toBeNull();
    expect(youtubeId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(vimeoId('123')).toBe('123');
    expect(zoomMeeting('12345')).toBeNull();
    expect(cameraPlace({ location: 'Classroom', specifyLocation: 'JSS 1 A' })).toBe('Classroom — JSS 1 A');
    expect(cameraPlace({ location: 'Other', specifyLocation: 'Back fence' })).toBe('Back fence');
  });
});

describe('cameraClipSchema', () => {
  it('asks for times with an offset, end after start, and an http(s) recording', () => {
    expect(validate(cameraClipSchema, {})).toEqual({
      success: false,
      errors: { startsAt: 'Start time is required', endsAt: 'End time is required', url: 'Recording URL is required' },
    });
    expect(validate(cameraClipSchema, { startsAt: '2024-02-10T10:00', endsAt: '2024-02-10T11:00:00Z', url: 'https://a.test/1.mp4' })).toEqual({
      success: false,
      errors: { startsAt: 'Invalid time' },
    });
    expect(validate(cameraClipSchema, { startsAt: '2024-02-10T10:00:00+01:00', endsAt: '2024-02-10T09:00:00Z', url: 'https://a.test/1.mp4' })).toEqual({
      success: false,
      errors: { endsAt: 'End time must be after the start time' },
    });
    expect(validate(cameraClipSchema, { startsAt: '2024-02-10T10:00:00+01:00', endsAt: '2024-02-10T10:30:00+01:00', url: 'data:text/html,x' })).toEqual({
      success: false,
      errors: { url: 'Recording URL must be a web address starting with http:// or https://' },
    });
    expect(validate(cameraClipSchema, { startsAt: '2024-02-10T10:00:00+01:00', endsAt: '2024-02-10T10:30:00+01:00', url: 'https://a.test/1.mp4' })).toEqual({
      success: true,
      data: { startsAt: '2024-02-10T09:00:00.000Z', endsAt: '2024-02-10T09:30:00.000Z', url: 'https://a.test/1.mp4' },
    });
  });
});
