import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDatabase } from '../test/test-app';

/*
 * Issue 21: the service worker and the install manifest are served with their types and asked
 * again each time (a new version reaches every browser at once), while the hashed code stays
 * cached for a year. Also when the answer is the precompressed copy.
 */
describe('the web files of an installable app', () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-files-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  const worker = `self.addEventListener('fetch', () => {});\n${'// padding\n'.repeat(200)}`;

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(webDist, 'sw.js'), worker);
    fs.writeFileSync(path.join(webDist, 'sw.js.br'), zlib.brotliCompressSync(worker));
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'SchoolSuite', start_url: '/auth/login' }));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
    app = await buildApp({ database: await freshDatabase(), config: { logLevel: 'silent', webDist } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the service worker as JavaScript that is never kept without asking', async () => {
    const plain = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain("self.addEventListener('fetch'");

    const compressed = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(compressed.headers['cache-control']).toBe('no-cache');
  });

  it('serves the install manifest with its own type, never kept without asking', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'SchoolSuite' });
  });

  it('keeps the hashed code cached for a year, and the worker may be installed by the page (CSP)', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/teachers/mark-attendance' });
    const csp = String(page.headers['content-security-policy']);
    // worker-src and manifest-src fall back to default-src 'self'
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/worker-src|manifest-src/);
  });
});
