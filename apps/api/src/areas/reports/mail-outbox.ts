/**
 * What would have been mailed, for an install without SMTP_URL (the mailer keeps it in mail_outbox):
 * an admin reads the account's users' and recipients' mail and opens its attachments (a scheduled
 * report). With SMTP the mail was sent, so there is nothing here (404).
 */
import { Readable } from 'node:stream';
import { SMTP_URL } from '../../platform/mail.ts';
import { defineRoutes, reply } from '../../platform/routes.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor, ApiContext } from '../../platform/context.ts';

/** The outbox is the install's, not one account's: an admin sees the mail to the account's users and the outside addresses its schedules name. */
async function addressesOf(ctx: ApiContext, actor: Actor): Promise<string[]> {
  const users = await ctx.db('users').where({ account_id: actor.accountId }).pluck('email');
  const outside = await ctx.db('report_schedules').where({ account_id: actor.accountId }).select(ctx.db.raw("jsonb_array_elements_text(view->'recipients'->'emails') as email"));
  return [...new Set([...users, ...outside.map((r: { email: string }) => r.email)].map((e) => String(e).toLowerCase()))];
}

function requireOutbox() {
  if (SMTP_URL) throw notFound('Mail outbox (mail is sent by SMTP)');
}

export const mailOutboxRoutes = defineRoutes('mail_outbox', [
  {
    method: 'get',
    path: '/mail_outbox',
    summary: 'Mail kept instead of sent (no SMTP_URL), newest first, to the account\'s users and its schedules\' addresses, with each attachment\'s download URL',
    handle: async ({ actor }, ctx) => {
      requireOutbox();
      const to = await addressesOf(ctx, actor);
      const mails = await ctx.db('mail_outbox').whereRaw('lower("to") = any(?)', [to]).orderBy('id', 'desc').limit(200).select('id', 'to', 'kind', 'subject', 'body', 'created_at');
      const files = mails.length ? await ctx.db('mail_outbox_attachments').whereRaw('mail_id = any(?::bigint[])', [mails.map((m) => m.id)]).orderBy('id').select('id', 'mail_id', 'file_name', 'content_type', 'size') : [];
      return mails.map((m) => ({
        ...m,
        id: String(m.id),
        attachments: files.filter((f) => String(f.mail_id) === String(m.id)).map((f) => ({ id: String(f.id), file_name: f.file_name, content_type: f.content_type, size: f.size, url: `/api/mail_outbox/${m.id}/attachments/${f.id}/` })),
      }));
    },
  },
  {
    method: 'get',
    path: '/mail_outbox/:id/attachments/:attachment',
    ids: { id: null, attachment: null },
    summary: 'One attachment of a kept mail, as it would have been sent',
    handle: async ({ actor, params }, ctx) => {
      requireOutbox();
      if (!/^\d{1,18}$/.test(params.id) || !/^\d{1,18}$/.test(params.attachment)) throw notFound('Attachment');
      const to = await addressesOf(ctx, actor);
      const f = await ctx.db('mail_outbox_attachments as a').join('mail_outbox as m', 'm.id', 'a.mail_id').where({ 'a.id': params.attachment, 'm.id': params.id }).whereRaw('lower(m."to") = any(?)', [to]).first('a.file_name', 'a.content_type', 'a.size', 'a.content');
      if (!f) throw notFound('Attachment');
      return reply({ file: { stream: Readable.from([f.content as Buffer]), contentType: f.content_type, name: f.file_name, size: f.size } });
    },
  },
]);
