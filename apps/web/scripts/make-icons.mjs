// Draws the app's install icons (issue 21) from the shapes of public/favicon.svg — the purple tile,
// the white cap and the blue band — into PNGs under public/icons, with no image library: the
// shapes are polygons, each pixel is sampled 4×4 times, and the PNG is written with node:zlib.
// Run `node apps/web/scripts/make-icons.mjs` after changing the shapes; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const PURPLE = [0x3c, 0x12, 0x63];
const WHITE = [0xff, 0xff, 0xff];
const BLUE = [0x45, 0xa2, 0xe5];

// the favicon's paths in its 32×32 box
const cap = [
  [16, 7],
  [5, 12.5],
  [16, 18],
  [25, 13.5],
  [25, 21],
  [27, 21],
  [27, 12.5],
];
const band = [
  [9.5, 17.2],
  [9.5, 21.5],
];
for (let i = 0; i <= 24; i++) {
  const a = Math.PI - (i / 24) * Math.PI; // the lower half of an ellipse, left to right
  band.push([16 + 6.5 * Math.cos(a), 21.5 + 3.5 * Math.sin(a)]);
}
band.push([22.5, 17.2], [16, 20.4]);

/** @param {number[][]} poly @param {number} x @param {number} y */
function inside(poly, x, y) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** Inside the tile: a rounded square (radius 8 of 32), or the whole square for a maskable icon. */
/** @param {number} x @param {number} y @param {boolean} rounded */
function inTile(x, y, rounded) {
  if (!rounded) return true;
  const r = 8;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/**
 * RGBA pixels of the icon at `size`; `scale` shrinks the glyph toward the centre (maskable safe zone).
 * @param {number} size @param {{ rounded: boolean, scale: number }} shape
 */
function draw(size, { rounded, scale }) {
  const px = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const u = ((x + (sx + 0.5) / n) / size) * 32;
          const v = ((y + (sy + 0.5) / n) / size) * 32;
          if (!inTile(u, v, rounded)) continue;
          const gu = 16 + (u - 16) / scale;
          const gv = 16 + (v - 16) / scale;
          const colour = inside(band, gu, gv) ? BLUE : inside(cap, gu, gv) ? WHITE : PURPLE;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 255;
        }
      }
      const covered = a / 255;
      const o = (y * size + x) * 4;
      px[o] = covered ? Math.round(r / covered) : 0;
      px[o + 1] = covered ? Math.round(g / covered) : 0;
      px[o + 2] = covered ? Math.round(b / covered) : 0;
      px[o + 3] = Math.round(a / (n * n));
    }
  }
  return px;
}

const crcTable = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** @param {Buffer} buf */
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** @param {number} size @param {Buffer} rgba */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../public/icons');
fs.mkdirSync(out, { recursive: true });
const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  // maskable: the tile fills the square and the glyph keeps to the safe zone (the middle 80%)
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.8 },
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, scale: 0.9 },
];
for (const icon of icons) {
  fs.writeFileSync(path.join(out, icon.file), png(icon.size, draw(icon.size, icon)));
  console.log(`wrote public/icons/${icon.file}`);
}
