import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { toSafeText } from '@school/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unzipSync } from 'fflate';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from 'pdf-lib';
import sharp from 'sharp';
import type { DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import { badRequest } from './http-errors';
import { randomToken } from './tokens';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'docx';

export const MIME_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const KIND_LABELS: Record<FileKind, string> = { pdf: 'PDF', png: 'PNG', jpeg: 'JPEG', docx: 'DOCX' };

/** Which kind the first bytes claim, whatever the name or the browser says; that kind's parser then decides. */
export function sniffKind(bytes: Buffer): FileKind | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // a DOCX is a ZIP whose entries include word/document.xml (names are stored uncompressed)
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && bytes.includes(Buffer.from('word/'))) return 'docx';
  return null;
}

const EXTENSIONS: Record<FileKind, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', docx: 'docx' };

/** A 50-megapixel photo decodes; a small file declaring a huge canvas (a decompression bomb) does not. */
const MAX_IMAGE_PIXELS = 50_000_000;
/** The most word/document.xml may inflate to when a DOCX is checked. */
const MAX_DOCX_XML_BYTES = 64 * 1024 * 1024;
/** PDF keys that carry script, actions run on events (/AA), XFA forms or attached files. */
const PDF_ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'AA', 'XFA', 'EmbeddedFiles', 'EF']);
/** PDF action types (/S) that run script or launch a program. */
const PDF_ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch']);

/** The image decoded and encoded anew, so only pixels are stored (no trailing bytes, no EXIF such as GPS); null when it does not decode as that kind. */
async function reencodeImage(bytes: Buffer, kind: 'png' | 'jpeg'): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    if ((await image.metadata()).format !== kind) return null;
    const upright = image.autoOrient();
    return await (kind === 'png' ? upright.png() : upright.jpeg({ quality: 90 })).toBuffer();
  } catch {
    return null;
  }
}

/** A PDF name as a viewer reads it: pdf-lib leaves lower-case #xx escapes (/#4aS is /JS) undecoded. */
function plainName(name: PDFName): string {
  return name.decodeText().replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether any object in the file, referenced or not, holds script, an event action, a launch or an attached file. */
function hasActiveContent(doc: PDFDocument): boolean {
  const pending: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  for (let object = pending.pop(); object; object = pending.pop()) {
    const node = object instanceof PDFStream ? object.dict : object;
    if (node instanceof PDFArray) pending.push(...node.asArray());
    if (!(node instanceof PDFDict)) continue;
    for (const [key, value] of node.entries()) {
      const name = plainName(key);
      if (PDF_ACTIVE_KEYS.has(name)) return true;
      if (name === 'S' && value instanceof PDFName && PDF_ACTIVE_ACTIONS.has(plainName(value))) return true;
      pending.push(value);
    }
  }
  return false;
}

/** What a real PDF parser makes of the bytes: a document with pages and no script, one carrying script, or not a PDF at all. */
async function checkPdf(bytes: Buffer): Promise<'ok' | 'active' | 'unreadable'> {
  try {
    // strict: an object the parser cannot read may be one a lenient viewer reads as script
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
    if (doc.getPageCount() < 1) return 'unreadable';
    return hasActiveContent(doc) ? 'active' : 'ok';
  } catch {
    return 'unreadable';
  }
}

/** Whether the bytes are a ZIP whose word/document.xml inflates: a Word document, not a renamed file. */
function isDocx(bytes: Buffer): boolean {
  try {
    const entries = unzipSync(bytes, { filter: (entry) => entry.name === 'word/document.xml' && entry.originalSize <= MAX_DOCX_XML_BYTES });
    return (entries['word/document.xml']?.length ?? 0) > 0;
  } catch {
    return false;
  }
}

/** The bytes to store for a file of this kind (images re-encoded), or a 400 naming the field when the parser refuses them. */
async function parsedBytes(kind: FileKind, input: SaveUploadInput, notAllowed: string): Promise<Buffer> {
  const refuse = (message: string) => badRequest(message, { [input.field]: message });
  if (kind === 'png' || kind === 'jpeg') {
    const image = await reencodeImage(input.bytes, kind);
    if (!image) throw refuse(notAllowed);
    return image;
  }
  if (kind === 'docx') {
    if (!isDocx(input.bytes)) throw refuse(notAllowed);
    return input.bytes;
  }
  const verdict = await checkPdf(input.bytes);
  if (verdict === 'unreadable') throw refuse(notAllowed);
  if (verdict === 'active') throw refuse(`${input.label} must be a PDF without scripts, actions or attached files`);
  return input.bytes;
}

/** The name a download is saved under: the uploader's, with the checked kind's extension, so nothing opens it as another kind. */
export function downloadName(originalName: string, mimeType: string): string {
  const kind = (Object.keys(MIME_TYPES) as FileKind[]).find((k) => MIME_TYPES[k] === mimeType);
  const stem = originalName.replace(/\.[^.]*$/, '').replace(/[^\w\- ]+/g, '_') || 'file';
  return kind ? `${stem}.${EXTENSIONS[kind]}` : stem;
}

/** Reads the part whole, refusing it past maxBytes. */
export async function readLimited(file: MultipartFile, maxBytes: number, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file) {
    size += chunk.length;
    if (size > maxBytes) {
      file.file.resume();
      throw badRequest(`${label} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`, {
        [file.fieldname]: `${label} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`,
      });
    }
    chunks.push(chunk as Buffer);
  }
  if (file.file.truncated) throw badRequest(`${label} is too large`, { [file.fieldname]: `${label} is too large` });
  return Buffer.concat(chunks);
}

/**
 * The one file of a multipart request sent as `field` (read whole, refused past maxBytes); a 400 naming
 * the field when the request is not multipart, carries another file or none.
 */
export async function readFileField(
  request: FastifyRequest,
  spec: { field: string; maxBytes: number; label: string },
): Promise<{ bytes: Buffer; filename: string }> {
  const choose = `Choose a ${spec.label.toLowerCase()} to upload`;
  if (!request.isMultipart()) throw badRequest(choose, { [spec.field]: choose });
  let found: { bytes: Buffer; filename: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== spec.field || found) {
      part.file.resume();
      const message = `Only one ${spec.label.toLowerCase()} may be uploaded`;
      throw badRequest(message, { [part.fieldname]: message });
    }
    found = { bytes: await readLimited(part, spec.maxBytes, spec.label), filename: part.filename };
  }
  if (!found || (found.bytes.length === 0 && !found.filename)) throw badRequest(choose, { [spec.field]: choose });
  return found;
}

export interface SaveUploadInput {
  bytes: Buffer;
  field: string;
  originalName: string;
  purpose: string;
  allowed: FileKind[];
  maxBytes: number;
  label: string;
  organisationId: string;
  /** every upload is one school's (ADR 0026: the key of its table) */
  schoolId: string;
  uploadedByUserId: string | null;
}

/**
 * Checks the file's size and parses it as the kind its bytes claim (images are stored re-encoded,
 * PDFs only without script), writes it under a random name and records it (in the caller's
 * transaction). A file written but whose transaction fails is left as an orphan on disk,
 * never as a row pointing at nothing.
 */
export async function saveUpload(app: FastifyInstance, db: DbOrTx, input: SaveUploadInput) {
  const allowedText = input.allowed
    .map((k) => KIND_LABELS[k])
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
  if (input.bytes.length === 0) throw badRequest(`${input.label} is empty`, { [input.field]: `${input.label} is empty` });
  if (input.bytes.length > input.maxBytes) {
    const message = `${input.label} must be at most ${Math.round(input.maxBytes / 1024 / 1024)} MB`;
    throw badRequest(message, { [input.field]: message });
  }
  const notAllowed = `${input.label} must be a ${allowedText} file`;
  const kind = sniffKind(input.bytes);
  if (!kind || !input.allowed.includes(kind)) throw badRequest(notAllowed, { [input.field]: notAllowed });
  const stored = await parsedBytes(kind, input, notAllowed);
  const storageKey = `${randomToken(18)}.${EXTENSIONS[kind]}`;
  await fs.mkdir(app.config.uploadsDir, { recursive: true });
  await fs.writeFile(path.join(app.config.uploadsDir, storageKey), stored, { flag: 'wx' });
  const [row] = await db
    .insert(uploads)
    .values({
      organisationId: input.organisationId,
      schoolId: input.schoolId,
      uploadedByUserId: input.uploadedByUserId,
      purpose: input.purpose,
      // the browser's file name: PostgreSQL refuses a NUL in it, and a cut pair is no longer text
      originalName: toSafeText(input.originalName.slice(0, 200)),
      mimeType: MIME_TYPES[kind],
      sizeBytes: stored.length,
      storageKey,
    })
    .returning();
  return row;
}

const UPLOAD_URL = /^\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Where the browser fetches an upload whose id a row keeps (a photo_path, a logo_upload_id); null for none. */
export function uploadUrl(id: string | null | undefined): string | null {
  return id && UPLOAD_URL.test(`/api/uploads/${id}`) ? `/api/uploads/${id}` : null;
}

/** The upload id of a URL `uploadUrl` made (null for none). */
export function uploadIdOf(url: string | null | undefined): string | null {
  return url ? (UPLOAD_URL.exec(url)?.[1] ?? null) : null;
}

export function uploadPath(app: FastifyInstance, storageKey: string) {
  return path.join(app.config.uploadsDir, path.basename(storageKey));
}
