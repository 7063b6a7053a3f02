import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { login } from './lib/load.mjs';
const base = 'http://127.0.0.1:3170';
const [email, path] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const cookie = await login(base, email);
await browser.setCookie({ name: 'sid', value: cookie.match(/(?:^|; )sid=([^;]+)/)[1], domain: '127.0.0.1', path: '/', httpOnly: true });
const page = await browser.newPage();
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(base + path, { waitUntil: 'networkidle0' });
await new Promise((r) => setTimeout(r, 800));
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
const maps = new Map();
const consumer = (url) => {
  const file = url.split('/assets/')[1];
  if (!file) return null;
  if (!maps.has(file)) maps.set(file, fs.existsSync(`/tmp/sm-dist/assets/${file}.map`) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`/tmp/sm-dist/assets/${file}.map`))) : null);
  return maps.get(file);
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const bySrc = new Map(), byFn = new Map();
let total = 0;
for (const [id, t] of self) {
  const n = byId.get(id); const cf = n.callFrame; total += t;
  let key = cf.url ? cf.url.replace(base, '') : cf.functionName || '(native)';
  let fn = key;
  const c = cf.url && consumer(cf.url);
  if (c) { const pos = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); if (pos.source) { key = pos.source.replace(/.*node_modules\//, 'nm/').replace(/^(nm\/(@[^/]+\/)?[^/]+).*/, '$1').replace(/.*\/src\//, 'src/'); fn = `${pos.source.replace(/.*\/(node_modules|src)\//, '')}:${pos.line} ${pos.name ?? ''}`; } }
  bySrc.set(key, (bySrc.get(key) ?? 0) + t); byFn.set(fn, (byFn.get(fn) ?? 0) + t);
}
const show = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, t]) => console.log((t / 1000).toFixed(0).padStart(6) + ' ms  ' + k));
console.log('total', (total / 1000).toFixed(0), 'ms'); show(bySrc, 22); console.log('---'); show(byFn, 25);
