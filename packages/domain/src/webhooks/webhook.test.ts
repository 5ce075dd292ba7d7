import { describe, expect, it } from 'vitest';
import { webhookDecider } from './webhook.ts';
import type { WebhookEvent } from './events.ts';
import { webhookFieldsOf } from './commands.ts';
import { webhookView } from './view.ts';
import { given, refusedWith } from '../shared/testing.ts';
import { historyEntryIn, MASKED_VALUE } from '../shared/history.ts';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const created: WebhookEvent = { type: 'WebhookCreated', data: { id: '90', values: { url: 'https://hooks.example/in', description: null, topics: ['LocateReUpped'], active: true, secret: SECRET } } };
const entry = (e: WebhookEvent) => historyEntryIn([], { ...e, position: '1:1', version: 1, meta: { at: '2026-11-20T15:00:00.000Z', userId: '7', userName: 'Pat' } });

describe('webhook decider', () => {
  it('given none, when created with a URL and topics, then it is active with the secret the server made', () => {
    const { state } = given(webhookDecider, []).then({ type: 'CreateWebhook', webhookId: '90', values: { url: ' https://hooks.example/in ', topics: ['LocateReUpped', 'LocateReUpped'] }, secret: SECRET });
    expect(webhookView(state)).toMatchObject({ id: '90', url: 'https://hooks.example/in', topics: ['LocateReUpped'], active: true, secret: SECRET, description: null });
  });

  it('given no URL, when created, then refused naming url', () => {
    const e = refusedWith(() => given(webhookDecider, []).when({ type: 'CreateWebhook', webhookId: '90', values: { topics: [] }, secret: SECRET }));
    expect(e.fields).toHaveProperty('url');
  });

  it('given a webhook, when revised with a secret among its values, then only the editable fields change', () => {
    const [e] = given(webhookDecider, [created]).when({ type: 'ReviseWebhook', values: { active: false, secret: 'mine-mine-mine-mine' } as never });
    expect(e).toEqual({ type: 'WebhookRevised', data: { changes: { active: { old: true, new: false } } } });
  });

  it('given a webhook, when its secret is rotated, then the new one holds and history shows neither', () => {
    const next = 'whsec_fedcba9876543210fedcba9876543210';
    const { events, state } = given(webhookDecider, [created]).then({ type: 'RotateWebhookSecret', secret: next });
    expect(state.fields.secret).toBe(next);
    expect(entry(events[0]).changes).toEqual([{ field: 'secret', old: MASKED_VALUE, new: MASKED_VALUE }]);
    expect(JSON.stringify(entry(created))).not.toContain(SECRET);
    expect(entry(created).changes).toContainEqual({ field: 'secret', old: null, new: MASKED_VALUE });
  });
});

describe('webhook fields', () => {
  const fields = webhookFieldsOf(() => ['LocateReUpped', 'notification.locate_expiring']);
  it('given a URL that is not http(s) or a topic not known, then each is refused naming its field', () => {
    const r = fields.safeParse({ url: 'ftp://x.example/', topics: ['LocateReUpped', 'Nope'] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path[0], i.message])).toEqual([['url', 'must be an http or https URL'], ['topics', 'unknown topic Nope']]);
    expect(fields.safeParse({ url: 'https://user:pw@x.example/' }).success).toBe(false);
    expect(fields.safeParse({ url: `https://x.example/${'a'.repeat(2000)}` }).success).toBe(false);
  });
});
