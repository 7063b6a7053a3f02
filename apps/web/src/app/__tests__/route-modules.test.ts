import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../router';

/*
 * apps/web/route-modules.json tells the build which source modules each URL of the app loads (its
 * layouts' and its page's lazy modules), so that the server can name their chunks in the index.html
 * it answers for that URL and the browser fetches a page's code while the app's own code downloads
 * (issue 17; see vite.config.ts and apps/server/src/lib/page-preloads.ts). This test keeps it true:
 * it walks the real route table. After changing routes: UPDATE_ROUTE_MODULES=1 npx vitest run --root apps/web route-modules
 */

// happy-dom's import.meta.url is not a file URL: paths from the package's folder (Vitest's root).
const WEB_ROOT = path.resolve(import.meta.dirname, '../../..');
const FILE = path.join(WEB_ROOT, 'route-modules.json');
/** The signed-in shell: a URL under it is only worth preloading for a browser with a session. */
const SIGNED_IN_LAYOUT = 'src/app/layouts/dashboard-layout.tsx';

type Entry = { path: string; modules: string[]; signedIn?: true };

/** The module a route's `lazy` imports, as Vitest rewrote it (`__vite_ssr_dynamic_import__("/src/…")`). */
function lazyModule(route: RouteObject): string | null {
  if (typeof route.lazy !== 'function') return null;
  const match = /import__\("\/(src\/[^"]+)"\)/.exec(route.lazy.toString());
  if (!match) throw new Error(`a lazy route whose module cannot be read: ${route.lazy.toString().slice(0, 120)}`);
  return match[1];
}

function join(base: string, path: string | undefined) {
  if (path === undefined) return base;
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/$/, '')}/${path}`;
}

/** Every leaf URL pattern with the lazy modules along its branch, in the table's order. */
function entriesOf(routes: RouteObject[], base = '', modules: string[] = []): Entry[] {
  return routes.flatMap((route) => {
    const path = join(base, route.path);
    const own = lazyModule(route);
    const chain = own ? [...modules, own] : modules;
    if (route.children?.length) return entriesOf(route.children, path, chain);
    const entry: Entry = { path: path || '/', modules: chain };
    if (chain.includes(SIGNED_IN_LAYOUT)) entry.signedIn = true;
    return [entry];
  });
}

function serialise(entries: Entry[]) {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

describe('route-modules.json', () => {
  const entries = entriesOf(createRoutes(new QueryClient()));

  it('names, for each URL of the app, the modules its page loads', () => {
    const wanted = serialise(entries);
    if (process.env.UPDATE_ROUTE_MODULES) fs.writeFileSync(FILE, wanted);
    const committed = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '';
    expect(committed, 'apps/web/route-modules.json is out of date: UPDATE_ROUTE_MODULES=1 npx vitest run --root apps/web route-modules').toBe(wanted);
  });

  it('reads the pages the budget measures', () => {
    const byPath = new Map(entries.map((e) => [e.path, e]));
    expect(byPath.get('/admin/records/students')).toEqual({
      path: '/admin/records/students',
      modules: [SIGNED_IN_LAYOUT, 'src/features/students/routes/admin-students.tsx'],
      signedIn: true,
    });
    expect(byPath.get('/auth/login')?.modules).toEqual(['src/app/layouts/auth-layout.tsx', 'src/features/auth/routes/login.tsx']);
    expect(byPath.get('/auth/login')?.signedIn).toBeUndefined();
    for (const e of entries) for (const m of e.modules) expect(fs.existsSync(path.join(WEB_ROOT, m)), m).toBe(true);
  });
});
