#!/usr/bin/env node
// `npm start`: build the web app and the server's bundle when their sources changed since the last
// build, then run the server in this process (it migrates the database and seeds the demo school into
// a new embedded database). The server runs as plain JavaScript, not through tsx (ADR 0025, addendum of
// 2026-11-27); `npm run dev` runs the TypeScript sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, serverBuildIsStale } from './build-server.mjs';
import { webBuildIsStale } from './lib/built.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
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
