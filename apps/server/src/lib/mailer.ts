import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  organisationId?: string | null;
  schoolId?: string | null;
}

export interface Mailer {
  /** Records the message in the outbox (inside the caller's transaction) and returns its id. */
  queue(db: DbOrTx, message: MailMessage): Promise<string>;
  /** Sends a queued message over SMTP, or keeps it (printing it) when SMTP is not configured. */
  deliver(db: DbOrTx, id: string, message: MailMessage): Promise<void>;
}

export function createMailer(opts: { smtpUrl: string | null; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async queue(db, message) {
      const [row] = await db
        .insert(outbox)
        .values({
          to: message.to,
          subject: message.subject,
          body: message.body,
          organisationId: message.organisationId ?? null,
          schoolId: message.schoolId ?? null,
          status: transport ? 'pending' : 'kept',
        })
        .returning({ id: outbox.id });
      return row.id;
    },
    async deliver(db, id, message) {
      if (!transport) {
        opts.log.info({ to: message.to, subject: message.subject }, `mail kept in outbox (no SMTP):\n${message.body}`);
        return;
      }
      // The row by its school and id (ADR 0026); mail to an account of no school (a super administrator) has no
      // school until ADR 0026 moves those rows to organisation_outbox, so it is still found by id alone.
      const row = message.schoolId ? and(eq(outbox.schoolId, message.schoolId), eq(outbox.id, id)) : eq(outbox.id, id);
      try {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.body });
        await db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(row);
      } catch (err) {
        opts.log.error({ err, to: message.to }, 'mail delivery failed');
        await db
          .update(outbox)
          .set({ status: 'failed', error: String(err) })
          .where(row);
      }
    },
  };
}
