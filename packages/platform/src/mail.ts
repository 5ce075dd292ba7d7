/**
 * The one way the api and the worker send mail: a Mailer port with two adapters. SMTP when SMTP_URL is set; otherwise
 * the `mail_outbox` table, each mail also printed to the api log, so a local install can still sign up.
 */
import nodemailer from 'nodemailer';
import type { Knex } from 'knex';

export interface Mail {
  to: string;
  /** What the mail is for ('signup_code', 'signup_existing'): kept in the outbox, so it can be found. */
  kind: string;
  subject: string;
  text: string;
  /** Files sent with it (a scheduled report under REPORT_ATTACH_MAX_BYTES); the outbox keeps them too. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  file_name: string;
  content_type: string;
  content: Buffer;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export const SMTP_URL = process.env.SMTP_URL || undefined;
/** The address links in mails start with (APP_URL), as users reach the api; read when used, so a test may set it. */
export const appUrl = () => (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
export const MAIL_FROM = process.env.MAIL_FROM || 'Trenchline <no-reply@trenchline.app>';

export function outboxMailer(db: Knex, log: (line: string) => void = console.log): Mailer {
  return {
    async send(m) {
      await db.transaction(async (trx) => {
        const [{ id }] = await trx('mail_outbox').insert({ to: m.to, kind: m.kind, subject: m.subject, body: m.text }).returning('id');
        if (m.attachments?.length) await trx('mail_outbox_attachments').insert(m.attachments.map((a) => ({ mail_id: id, file_name: a.file_name, content_type: a.content_type, size: a.content.length, content: a.content })));
      });
      const files = m.attachments?.length ? `\nAttached: ${m.attachments.map((a) => `${a.file_name} (${a.content.length} bytes)`).join(', ')}` : '';
      log(`[mail] no SMTP_URL set; kept in mail_outbox. To: ${m.to}\nSubject: ${m.subject}\n\n${m.text}${files}\n`);
    },
    close: async () => undefined,
  };
}

export function smtpMailer(url: string, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        headers: { 'X-Trenchline-Mail': m.kind },
        attachments: m.attachments?.map((a) => ({ filename: a.file_name, contentType: a.content_type, content: a.content })),
      });
    },
    async close() {
      transport.close();
    },
  };
}

export const createMailer = (db: Knex, o: { smtpUrl?: string; log?: (line: string) => void } = {}): Mailer => {
  const url = o.smtpUrl ?? SMTP_URL;
  return url ? smtpMailer(url) : outboxMailer(db, o.log);
};
