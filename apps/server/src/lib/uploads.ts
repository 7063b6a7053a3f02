import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
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

/** What the bytes are, whatever the name or the browser claims. */
export function sniffKind(bytes: Buffer): FileKind | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // a DOCX is a ZIP whose entries include word/document.xml (names are stored uncompressed)
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && bytes.includes(Buffer.from('word/'))) return 'docx';
  return null;
}

/** Reads the part whole, refusing it past maxBytes. */
export async function readLimited(file: MultipartFile, maxBytes: number, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file) {
    size += chunk.length;
    if (size > maxBytes) {
      file.file.resume();
      throw badRequest(`${label} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`, { [file.fieldname]: `${label} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB` });
    }
    chunks.push(chunk as Buffer);
  }
  if (file.file.truncated) throw badRequest(`${label} is too large`, { [file.fieldname]: `${label} is too large` });
  return Buffer.concat(chunks);
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
  schoolId: string | null;
  uploadedByUserId: string | null;
}

/**
 * Checks the file by content and size, writes it under a random name and records it (in the
 * caller's transaction). A file written but whose transaction fails is left as an orphan on disk,
 * never as a row pointing at nothing.
 */
export async function saveUpload(app: FastifyInstance, db: DbOrTx, input: SaveUploadInput) {
  const allowedText = input.allowed.map((k) => KIND_LABELS[k]).join(', ').replace(/, ([^,]*)$/, ' or $1');
  if (input.bytes.length === 0) throw badRequest(`${input.label} is empty`, { [input.field]: `${input.label} is empty` });
  if (input.bytes.length > input.maxBytes) {
    const message = `${input.label} must be at most ${Math.round(input.maxBytes / 1024 / 1024)} MB`;
    throw badRequest(message, { [input.field]: message });
  }
  const kind = sniffKind(input.bytes);
  if (!kind || !input.allowed.includes(kind)) {
    const message = `${input.label} must be a ${allowedText} file`;
    throw badRequest(message, { [input.field]: message });
  }
  const storageKey = `${randomToken(18)}.${kind === 'jpeg' ? 'jpg' : kind}`;
  await fs.mkdir(app.config.uploadsDir, { recursive: true });
  await fs.writeFile(path.join(app.config.uploadsDir, storageKey), input.bytes, { flag: 'wx' });
  const [row] = await db
    .insert(uploads)
    .values({
      organisationId: input.organisationId,
      schoolId: input.schoolId,
      uploadedByUserId: input.uploadedByUserId,
      purpose: input.purpose,
      originalName: input.originalName.slice(0, 200),
      mimeType: MIME_TYPES[kind],
      sizeBytes: input.bytes.length,
      storageKey,
    })
    .returning();
  return row;
}

export function uploadPath(app: FastifyInstance, storageKey: string) {
  return path.join(app.config.uploadsDir, path.basename(storageKey));
}
