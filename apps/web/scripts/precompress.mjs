// Writes .br and .gz beside every text asset of the build, so the server sends them without
// compressing on each request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../dist');
const compressible = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;
let files = 0;
for (const entry of fs.readdirSync(dist, { recursive: true })) {
  const file = path.join(dist, String(entry));
  if (!compressible.test(file) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} files in ${dist}`);
