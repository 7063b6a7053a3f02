import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client';
import { organisationOutbox, outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** every account is of an organisation */
  organisationId: string;
  /** the school the mail is about or from; none for an account of no school (a super administrator) */
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
      const values = {
        to: message.to,
        subject: message.subject,
        body: message.body,
        organisationId: message.organisationId,
        status: transport ? 'pending' : 'kept',
      };
      // a school's mail in its outbox, the organisation's own in organisation_outbox (ADR 0026)
      const [row] = message.schoolId
        ? await db
            .insert(outbox)
            .values({ ...values, schoolId: message.schoolId })
            .returning({ id: outbox.id })
        : await db.insert(organisationOutbox).values(values).returning({ id: organisationOutbox.id });
      return row!.id;
    },
    async deliver(db, id, message) {
      if (!transport) {
        opts.log.info({ to: message.to, subject: message.subject }, `mail kept in outbox (no SMTP):\n${message.body}`);
        return;
      }
      // the row by its key (ADR 0026): the school's and its id, or the organisation's and its id
      const mark = (values: { status: string; sentAt?: Date; error?: string }) =>
        message.schoolId
          ? db
              .update(outbox)
              .set(values)
              .where(and(eq(outbox.schoolId, message.schoolId), eq(outbox.id, id)))
          : db
              .update(organisationOutbox)
              .set(values)
              .where(and(eq(organisationOutbox.organisationId, message.organisationId), eq(organisationOutbox.id, id)));
      try {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.body });
        await mark({ status: 'sent', sentAt: new Date() });
      } catch (err) {
        opts.log.error({ err, to: message.to }, 'mail delivery failed');
        await mark({ status: 'failed', error: String(err) });
      }
    },
  };
}
