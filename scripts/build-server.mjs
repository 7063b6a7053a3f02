#!/usr/bin/env node
// The server as `npm start` runs it: apps/server/src/main.ts and the shared package bundled by esbuild
// into one plain-JavaScript file, apps/server/dist/main.js, so that no TypeScript is transpiled at run
// time (ADR 0025, addendum of 2026-11-27: tsx's loader cost the running server ~85 MiB). Packages from
// node_modules stay imports (native ones like sharp and argon2 cannot be bundled). `npm start` runs this
// when the server's sources are newer than the bundle (see `serverBuildIsStale`); about a second.
//
// Usage: node scripts/build-server.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime } from './lib/built.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serverDir = path.join(root, 'apps/server');
/** Where the bundle goes: in apps/server/, one folder down, as src/main.ts is (config.ts finds the migrations from it). */
export const SERVER_BUNDLE = path.join(serverDir, 'dist/main.js');

/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = [path.join(serverDir, 'src'), path.join(root, 'packages/shared/src')];
const FILES = [path.join(serverDir, 'package.json'), path.join(root, 'packages/shared/package.json'), new URL(import.meta.url).pathname];

/** Whether the bundle is missing or older than a source file. */
export function serverBuildIsStale() {
  if (!fs.existsSync(SERVER_BUNDLE)) return true;
  const builtAt = fs.statSync(SERVER_BUNDLE).mtimeMs;
  const changedAt = Math.max(...[...SOURCES, ...FILES].map(newestMtime));
  return changedAt > builtAt;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  // every package stays an import, except the workspace's own TypeScript (@school/shared), which is bundled
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@school/'));
  const result = await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    write: false,
    logLevel: 'warning',
    legalComments: 'none',
    banner: { js: '// Built by scripts/build-server.mjs from apps/server/src; do not edit.' },
  });
  // written whole, then renamed: a server starting meanwhile reads the old bundle or the new one
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  const temporary = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, result.outputFiles[0].contents);
  fs.renameSync(temporary, SERVER_BUNDLE);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildServer();
  console.log(`Built ${path.relative(root, SERVER_BUNDLE)} in ${Math.round(performance.now() - started)} ms.`);
}
