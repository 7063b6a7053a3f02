import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/render';
import { setSelectedAcademicSessionId } from '../academic-session-store';
import { api, ApiError } from '../api-client';

describe('api client', () => {
  it('fetches a CSRF token before the first write when the cookie is missing', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'from-server' } },
      'POST /api/things': { status: 200, body: { ok: true } },
    });
    await expect(api.post('/api/things', { a: 1 })).resolves.toEqual({ ok: true });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/auth/csrf', 'POST /api/things']);
    expect(requests[1].headers.get('x-csrf-token')).toBe('from-server');
    expect(requests[1].headers.get('content-type')).toBe('application/json');
  });

  it('sends no CSRF header on reads, and the selected session on every request', async () => {
    setSelectedAcademicSessionId('session-7');
    const requests = mockApi({ 'GET /api/things': { status: 200, body: [] } });
    await api.get('/api/things');
    expect(requests[0].headers.get('x-csrf-token')).toBeNull();
    expect(requests[0].headers.get('x-academic-session')).toBe('session-7');
  });

  it('throws the server’s message and field errors', async () => {
    document.cookie = 'csrf_token=abc; path=/';
    mockApi({
      'POST /api/things': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Name is required', errors: { name: 'Name is required' } } },
    });
    const error = await api.post('/api/things', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Name is required', errors: { name: 'Name is required' } });
  });

  it('sends a FormData body as it is (multipart), with the CSRF header but no JSON content type', async () => {
    document.cookie = 'csrf_token=abc; path=/';
    mockApi({ 'POST /api/things': { status: 201, body: { ok: true } } });
    const form = new FormData();
    form.append('name', 'Ada');
    await api.post('/api/things', form);
    const [, init] = (fetch as unknown as { mock: { calls: Array<[string, RequestInit]> } }).mock.calls[0];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
    expect(new Headers(init.headers).get('x-csrf-token')).toBe('abc');
  });

  it('answers undefined for 204', async () => {
    document.cookie = 'csrf_token=abc; path=/';
    mockApi({ 'DELETE /api/things/1': { status: 204 } });
    await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
  });
});
