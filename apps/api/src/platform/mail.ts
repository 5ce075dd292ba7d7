/** The mailer is the platform's (packages/platform/src/mail.ts): the worker mails too (the daily history anchor). */
export * from '@trenchline/platform/mail.ts';
