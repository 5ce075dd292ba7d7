/**
 * The mail a test app sent (its mail_outbox table, as no SMTP_URL is set in tests): startTestApp (or a
 * benchmark) records each app's database by its url, so a client that only knows the url can read its mail.
 */
import pg from 'pg';

const databaseOfApp = new Map<string, string>();

export const registerMailbox = (appUrl: string, databaseUrl: string) => void databaseOfApp.set(appUrl, databaseUrl);
export const forgetMailbox = (appUrl: string) => void databaseOfApp.delete(appUrl);

export interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  body: string;
}

/** Every mail the app at `appUrl` sent to `to`, oldest first. */
export async function mailTo(appUrl: string, to: string): Promise<OutboxMail[]> {
  const databaseUrl = databaseOfApp.get(appUrl);
  if (!databaseUrl) throw new Error(`no mailbox for ${appUrl}: start it with startTestApp or registerMailbox(url, databaseUrl)`);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<OutboxMail>('select "to", kind, subject, body from mail_outbox where lower("to") = lower($1) order by id', [to]);
    return rows;
  } finally {
    await c.end();
  }
}

/** The code of the latest sign-up mail to `to` (it is in the outbox before the sign-up answers). */
export async function signupCode(appUrl: string, to: string): Promise<string> {
  const mail = (await mailTo(appUrl, to)).filter((m) => m.kind === 'signup_code').at(-1);
  const code = mail?.body.match(/\b(\d{8})\b/)?.[1];
  if (!code) throw new Error(`no sign-up code was mailed to ${to}`);
  return code;
}
