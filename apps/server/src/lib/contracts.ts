import { z } from 'zod';

/**
 * A response that is a file, not JSON (CSV, PDF, an uploaded image): documented with its media type.
 * The handler sets that content type and sends a string or Buffer, which Fastify passes through unserialised.
 */
export function fileResponse(mediaType: string, description: string) {
  // documented as a binary string; typed as what a handler may send (text or bytes)
  const schema = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<string | Buffer>;
  return { description, content: { [mediaType]: { schema } } };
}
