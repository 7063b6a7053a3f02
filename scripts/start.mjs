#!/usr/bin/env node
// `npm start`: build the web app and the server's bundle when their sources changed since the last
// build, then run the server in this process (it migrates the database and seeds the demo school into
// a new embedded database). The server runs as plain JavaScript, not through tsx (ADR 0025, addendum of
// 2026-11-27); `npm run dev` runs the TypeScript sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, serverBuildIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

/** @param {string} dir */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (full.includes(`${path.sep}node_modules${path.sep}`) || full.includes(`${path.sep}dist${path.sep}`)) continue;
    newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/public', 'packages/shared/src'].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const configFiles = ['apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json'].map((f) => path.join(root, f)).filter((f) => fs.existsSync(f));
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime), ...configFiles.map((f) => fs.statSync(f).mtimeMs));

if (process.env.SKIP_WEB_BUILD !== '1' && changedAt > builtAt) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log('Building the server…');
  // in a child process, so that esbuild's memory is not kept by the server's
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(pathToFileURL(SERVER_BUNDLE).href);
