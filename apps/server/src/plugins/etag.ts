import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Validators on API reads (issue 17): a 200 answer to a GET under /api/ carries a weak ETag, the
 * hash of its body, and `Cache-Control: private, no-cache`, so the browser keeps it and asks again
 * with If-None-Match; when the body would be the same, the answer is a 304 without it. The answer is
 * still computed (the body decides the tag), but not sent again: a warm page re-downloads nothing
 * that did not change. `private`: answers depend on who is signed in and are never kept by a proxy.
 *
 * Registered before compression, so the tag is that of the JSON itself, whatever the encoding.
 * Files (PDF, CSV) keep their own headers: only JSON bodies are tagged.
 */
export default fp(async function etag(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || !request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const tag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', tag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (matches(request.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
});

/** Whether an If-None-Match header names the tag (weak comparison, as for GET). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = tag.slice(2);
  return header.split(',').some((t) => {
    const value = t.trim();
    return value === tag || value === bare;
  });
}
