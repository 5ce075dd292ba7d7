/** Webhook commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import { flag, isStorableText, text, UNSTORABLE_TEXT } from '../shared/fields.ts';
import { isWebhookUrl, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_TOPICS_MAX, WEBHOOK_URL_MAX } from './rules.ts';

/** `refusedHost`: what is wrong with a URL's host (the API's rule: no private address), or null. */
const url = (refusedHost?: (host: string) => string | null) =>
  z
    .string({ message: 'must be an http or https URL' })
    .trim()
    .max(WEBHOOK_URL_MAX, { message: `must be at most ${WEBHOOK_URL_MAX} characters` })
    .refine(isStorableText, UNSTORABLE_TEXT)
    .refine(isWebhookUrl, { message: 'must be an http or https URL' })
    .superRefine((v, c) => {
      const why = isWebhookUrl(v) ? refusedHost?.(new URL(v).hostname) : null;
      if (why) c.addIssue({ code: 'custom', message: why });
    })
    .optional();

/** The topics a webhook wants; `known` (the registry's topics) refuses any other, naming it. */
const topics = (known?: () => readonly string[]) =>
  z
    .array(z.string({ message: 'must be a list of topics' }).max(200), { message: 'must be a list of topics' })
    .max(WEBHOOK_TOPICS_MAX)
    .transform((t) => [...new Set(t)])
    .superRefine((t, c) => {
      if (!known) return;
      const all = new Set(known());
      const unknown = t.filter((x) => !all.has(x));
      if (unknown.length) c.addIssue({ code: 'custom', message: `unknown topic ${unknown.slice(0, 3).join(', ')}` });
    })
    .optional();

/** A webhook's editable fields; with `known`, topics outside it are refused (the API passes the registry's), with `refusedHost` URLs of such hosts. */
export const webhookFieldsOf = (known?: () => readonly string[], refusedHost?: (host: string) => string | null) =>
  z.object({
    url: url(refusedHost),
    description: text(WEBHOOK_DESCRIPTION_MAX),
    topics: topics(known),
    active: flag(),
  });

export const webhookFields = webhookFieldsOf();
export type WebhookFields = { url: string; description?: string | null; topics: string[]; active: boolean; secret: string };

export type WebhookCommand =
  /** `secret`: made by the server (the domain has no randomness). */
  | { type: 'CreateWebhook'; webhookId: string; values: Partial<WebhookFields>; secret: string }
  | { type: 'ReviseWebhook'; values: Partial<WebhookFields> }
  | { type: 'DeleteWebhook' }
  | { type: 'RotateWebhookSecret'; secret: string };
