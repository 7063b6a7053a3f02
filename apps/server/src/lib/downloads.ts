import type { FastifyReply } from 'fastify';

/** The type of every CSV the app answers. */
export const CSV_TYPE = 'text/csv; charset=utf-8';

export interface DownloadFile {
  type: string;
  /** the name the browser saves it under */
  name: string;
  body: unknown;
  /** `cache-control`, when the route says one (exports of live data: `no-store`) */
  cache?: string;
  /** `content-length`, for a stream */
  size?: number;
  /** shown in the browser (a letter to print) instead of saved */
  inline?: boolean;
}

/** Answers a file to download: its type, its name, and how it may be cached. */
export function sendDownload(reply: FastifyReply, file: DownloadFile) {
  reply.header('content-type', file.type).header('content-disposition', `${file.inline ? 'inline' : 'attachment'}; filename="${file.name}"`);
  if (file.cache) reply.header('cache-control', file.cache);
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply.send(file.body);
}
