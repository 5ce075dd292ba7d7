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
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export const SMTP_URL = process.env.SMTP_URL || undefined;
export const MAIL_FROM = process.env.MAIL_FROM || 'Trenchline <no-reply@trenchline.app>';

export function outboxMailer(db: Knex, log: (line: string) => void = console.log): Mailer {
  return {
    async send(m) {
      await db('mail_outbox').insert({ to: m.to, kind: m.kind, subject: m.subject, body: m.text });
      log(`[mail] no SMTP_URL set; kept in mail_outbox. To: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`);
    },
    close: async () => undefined,
  };
}

export function smtpMailer(url: string, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, headers: { 'X-Trenchline-Mail': m.kind } });
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
