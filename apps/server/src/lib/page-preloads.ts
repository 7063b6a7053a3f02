import fs from 'node:fs';
import path from 'node:path';

/*
 * The index.html answered for a URL of the web app names the code of that URL's page (issue 17).
 * Without it the browser learns which chunks a page needs only after it has downloaded and run the
 * app's own code, and fetches them then: a second round of 20-30 requests through the browser's six
 * connections, after the first. The build writes dist/route-preloads.json (apps/web/vite.config.ts:
 * each URL pattern of the route table with the chunks and CSS of its layouts and page, beyond those
 * index.html already names); here each pattern gets its own copy of index.html with those files as
 * `modulepreload` / `preload` links, made once, and a request is answered the copy of the pattern
 * that React Router would match. A browser without a session cookie gets no preloads for the
 * signed-in area (it is about to be sent to the login page).
 */

export type RoutePreload = { path: string; files: string[]; signedIn?: boolean };

type Compiled = { segments: string[]; score: number; order: number; html: Buffer };

// React Router's ranking (its computeScore): more segments, and static before dynamic before splat.
const STATIC = 10;
const DYNAMIC = 3;
const SPLAT_PENALTY = -2;

function scoreOf(segments: string[]) {
  let score = segments.length;
  for (const s of segments) score += s === '*' ? SPLAT_PENALTY : s.startsWith(':') ? DYNAMIC : STATIC;
  return score;
}

function matches(pattern: string[], segments: string[]) {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p === '*') return true;
    const s = segments[i];
    if (s === undefined) return false;
    if (p.startsWith(':') ? s === '' : p.toLowerCase() !== s.toLowerCase()) return false;
  }
  return pattern.length === segments.length;
}

const splitPath = (p: string) => p.split('/').filter(Boolean);

function linkOf(file: string) {
  const href = file.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return file.endsWith('.css') ? `<link rel="preload" as="style" href="${href}">` : `<link rel="modulepreload" crossorigin href="${href}">`;
}

/**
 * Answers, for a request's path and whether it carries a session cookie, the index.html to send.
 * @param indexHtml the built index.html
 * @param preloads the build's route-preloads.json (none: every path gets `indexHtml` as it is)
 */
export function pageIndexes(indexHtml: Buffer, preloads: RoutePreload[]) {
  const source = indexHtml.toString('utf8');
  const at = source.indexOf('</head>');
  const compiled = new Map<boolean, Compiled[]>([
    [true, []],
    [false, []],
  ]);
  preloads.forEach((route, order) => {
    const segments = splitPath(route.path);
    const links = route.files.map(linkOf).join('\n    ');
    const html = at < 0 || !links ? indexHtml : Buffer.from(`${source.slice(0, at)}  ${links}\n  ${source.slice(at)}`);
    const entry = { segments, score: scoreOf(segments), order, html };
    compiled.get(true)!.push(entry);
    compiled.get(false)!.push(route.signedIn ? { ...entry, html: indexHtml } : entry);
  });
  for (const list of compiled.values()) list.sort((a, b) => b.score - a.score || a.order - b.order);

  return (pathname: string, signedIn: boolean): Buffer => {
    let segments: string[];
    try {
      segments = splitPath(decodeURIComponent(pathname));
    } catch {
      return indexHtml;
    }
    return compiled.get(signedIn)!.find((c) => matches(c.segments, segments))?.html ?? indexHtml;
  };
}

/** Reads `root`'s index.html and route-preloads.json; a build without the latter preloads nothing. */
export function loadPageIndexes(root: string) {
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'));
  const file = path.join(root, 'route-preloads.json');
  const preloads = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreload[]) : [];
  return pageIndexes(indexHtml, preloads);
}
