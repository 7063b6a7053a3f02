// When a build is older than what it is built from: `npm start` (scripts/start.mjs), the server's
// bundle (scripts/build-server.mjs) and bench/pages.mjs ask it the same way.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * The newest modification time (ms) of a file, or of the files below a folder (node_modules and dist
 * left out); 0 when it does not exist.
 * @param {string} target
 */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  if (!fs.statSync(target).isDirectory()) return fs.statSync(target).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (full.includes(`${path.sep}node_modules${path.sep}`) || full.includes(`${path.sep}dist${path.sep}`)) continue;
    try {
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
    } catch {
      // removed meanwhile
    }
  }
  return newest;
}

/** The web app's build (apps/web/dist/index.html) and what it is built from. */
export const WEB_BUILD = path.join(root, 'apps/web/dist/index.html');
const WEB_SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/shared/src'];

/** Whether the web app is not built, or older than one of its sources. */
export function webBuildIsStale() {
  const builtAt = fs.existsSync(WEB_BUILD) ? fs.statSync(WEB_BUILD).mtimeMs : 0;
  return Math.max(...WEB_SOURCES.map((p) => newestMtime(path.join(root, p)))) > builtAt;
}
