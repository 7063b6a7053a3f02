import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDatabase } from '../test/test-app';
import { pageIndexes, type RoutePreload } from './page-preloads';

const INDEX = '<!doctype html>\n<html>\n  <head>\n    <script type="module" src="/assets/index.js"></script>\n  </head>\n  <body></body>\n</html>\n';

const ROUTES: RoutePreload[] = [
  { path: '/', files: ['/assets/home.js'] },
  { path: '/auth/login', files: ['/assets/auth-layout.js', '/assets/login.js'] },
  { path: '/admin', files: ['/assets/layout.js', '/assets/dashboard.js'], signedIn: true },
  { path: '/admin/records/students', files: ['/assets/layout.js', '/assets/students.js'], signedIn: true },
  { path: '/admin/records/student-profile/:id', files: ['/assets/layout.js', '/assets/profile.js', '/assets/print.css'], signedIn: true },
  { path: '/admin/records/student-profile/new', files: ['/assets/layout.js', '/assets/new-student.js'], signedIn: true },
  { path: '/admin/*', files: ['/assets/layout.js', '/assets/not-found.js'], signedIn: true },
  { path: '/*', files: ['/assets/not-found.js'] },
];

/** The files an answered index.html preloads, in its order. */
function preloaded(html: Buffer) {
  return [...html.toString().matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
}

describe('pageIndexes', () => {
  const indexFor = pageIndexes(Buffer.from(INDEX), ROUTES);

  it('names the code of the page at the URL, in the head', () => {
    const html = indexFor('/admin/records/students', true).toString();
    expect(preloaded(Buffer.from(html))).toEqual(['/assets/layout.js', '/assets/students.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/students.js">');
  });

  it('matches as React Router does: static segments before params, params before a splat', () => {
    expect(preloaded(indexFor('/admin/records/student-profile/new', true))).toContain('/assets/new-student.js');
    expect(preloaded(indexFor('/admin/records/student-profile/0b6f4c1e-9a8b-4c3d', true))).toContain('/assets/profile.js');
    expect(preloaded(indexFor('/admin/no-such-page/x', true))).toContain('/assets/not-found.js');
    expect(preloaded(indexFor('/admin/', true))).toContain('/assets/dashboard.js');
    expect(preloaded(indexFor('/', false))).toEqual(['/assets/home.js']);
    expect(preloaded(indexFor('/Auth/Login', false))).toEqual(['/assets/auth-layout.js', '/assets/login.js']);
  });

  it('preloads a stylesheet as a style, not as a module', () => {
    const html = indexFor('/admin/records/student-profile/abc', true).toString();
    expect(html).toContain('<link rel="preload" as="style" href="/assets/print.css">');
  });

  it('preloads nothing of the signed-in area for a browser without a session', () => {
    expect(indexFor('/admin/records/students', false).toString()).toBe(INDEX);
    expect(preloaded(indexFor('/auth/login', false))).toHaveLength(2);
  });

  it('answers index.html as it is for a path it cannot decode or a build without routes', () => {
    expect(indexFor('/%E0%A4%A', true).toString()).toBe(INDEX);
    expect(pageIndexes(Buffer.from(INDEX), [])('/admin/records/students', true).toString()).toBe(INDEX);
  });
});

describe('the history fallback', () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, 'route-preloads.json'), JSON.stringify(ROUTES));
    app = await buildApp({ database: await freshDatabase(), config: { logLevel: 'silent', webDist } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("answers a page's URL with index.html naming that page's code, never cached", async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/records/students?page=2', cookies: { sid: 'x.y' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloaded(res.rawPayload)).toEqual(['/assets/layout.js', '/assets/students.js']);
  });

  it('names no signed-in code without a session cookie, and the login page its own', async () => {
    const signedOut = await app.inject({ method: 'GET', url: '/admin/records/students' });
    expect(preloaded(signedOut.rawPayload)).toEqual([]);
    const login = await app.inject({ method: 'GET', url: '/auth/login' });
    expect(preloaded(login.rawPayload)).toEqual(['/assets/auth-layout.js', '/assets/login.js']);
  });

  it('still answers 404 for an unknown API path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
  });
});
