import type { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * A response that is a file, not JSON (CSV, PDF, an uploaded image): documented with its media type.
 * The handler sets that content type and sends a string, a Buffer or a stream, which Fastify passes through unserialised.
 */
export function fileResponse(mediaType: string, description: string) {
  // documented as a binary string; typed as what a handler may send (text, bytes or a stream of bytes)
  const schema = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<string | Buffer | Readable>;
  return { description, content: { [mediaType]: { schema } } };
}
