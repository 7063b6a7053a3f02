/** What the system endpoints (health, the test outbox) answer. */
import { z } from 'zod';

/** GET /api/health */
export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/dev/outbox: the newest messages (at most 20), for tests and local demos. */
export const outboxResponse = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      body: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;
