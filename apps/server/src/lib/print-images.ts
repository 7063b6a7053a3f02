/**
 * Uploaded pictures (a school's logo, a student's passport photo) made small for printed PDFs: fitted
 * in PRINT_PIXELS, on white, as a baseline RGB JPEG, the form `PdfPage.images` draws. An upload is
 * never changed (a new logo or photo is a new upload with a new id), so each is read and encoded once
 * per process and kept, by id, in a small cache: a class's cards do not re-read the same logo.
 */
import fs from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { uploads } from '../db/schema';
import { uploadPath } from './uploads';

export interface PrintImage {
  /** The upload's id: the same picture on many pages of a file is stored once under it. */
  key: string;
  jpeg: Buffer;
  width: number;
  height: number;
}

/** About 170 dpi across the 30 mm a logo or passport photo takes on a card. */
const PRINT_PIXELS = 200;
const PRINT_QUALITY = 80;
/** Pictures kept (a few KB each): a school's logo and its largest classes' photos. */
const CACHE_SIZE = 512;
const cache = new Map<string, Promise<PrintImage | null>>();

async function encode(file: string, key: string): Promise<PrintImage | null> {
  try {
    const { data, info } = await sharp(await fs.readFile(file), { failOn: 'error' })
      .resize(PRINT_PIXELS, PRINT_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: PRINT_QUALITY, progressive: false, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { key, jpeg: data, width: info.width, height: info.height };
  } catch {
    // the file is gone from the disk or no longer decodes: the card prints without the picture
    return null;
  }
}

function remember(id: string, image: Promise<PrintImage | null>) {
  cache.set(id, image);
  // a picture that could not be read is asked for again next time (the file may be restored)
  const forget = () => {
    if (cache.get(id) === image) cache.delete(id);
  };
  image.then((found) => found ?? forget(), forget);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

/**
 * The school's uploads `ids` (null entries skipped) made small for print, by id; an id of another
 * school, without a row or without its file is left out. One query for those not cached.
 */
export async function printImages(app: FastifyInstance, schoolId: string, ids: Array<string | null>): Promise<Map<string, PrintImage>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const missing: string[] = [];
  for (const id of wanted) {
    const key = `${schoolId}:${id}`;
    const cached = cache.get(key);
    if (!cached) {
      missing.push(id);
      continue;
    }
    // used again: moved to the end, the last to be dropped
    cache.delete(key);
    cache.set(key, cached);
  }
  if (missing.length) {
    // one query (a drizzle query runs again at each `then`: awaited once here)
    const rows = (async () =>
      app.db
        .select({ id: uploads.id, storageKey: uploads.storageKey })
        .from(uploads)
        .where(and(eq(uploads.schoolId, schoolId), inArray(uploads.id, missing))))();
    for (const id of missing) {
      remember(
        `${schoolId}:${id}`,
        rows.then((found) => {
          const row = found.find((r) => r.id === id);
          return row ? encode(uploadPath(app, row.storageKey), id) : null;
        }),
      );
    }
  }
  const images = await Promise.all(wanted.map((id) => cache.get(`${schoolId}:${id}`) ?? Promise.resolve(null)));
  return new Map(images.filter((image): image is PrintImage => image !== null).map((image) => [image.key, image]));
}
