/**
 * The account's own settings (docs/settings.md) over HTTP against the real app: its
 * background picture and training video, the subscription catalogue, and the settings record that
 * holds them. Users and cancellation have their own file (account-users.test.ts), so cancelling an
 * account there cannot break this one.
 */
import { describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { jpegPicture, picture } from '../support/files.ts';
import { multipart, settingsTest } from '../support/settings.ts';

const { app, office, rival, db, eventCount } = settingsTest('api_settings_account');

describe('background picture and training video', () => {
  it('given no picture, when read, then url null', async () => {
    const r = await rival.get('/api/settings/background_picture/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: null, url: null, file: null, file_name: null });
  });

  it('given a picture, when uploaded then replaced, then one picture remains, the new one downloads for the owner and nobody else, and the old one is gone', async () => {
    const first = await office.put('/api/settings/background_picture/', multipart(picture('PNG-ONE'), 'image/png', 'yard.png', { background_picture_file_name: 'Yard photo.png' }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ file_name: 'Yard photo.png', content_type: 'image/png', size: picture('PNG-ONE').length });
    expect(first.body.url).toBe(`/api/files/${first.body.id}/${encodeURIComponent('Yard photo.png')}`);
    expect(first.body.file).toBe(first.body.url);
    const dl1 = await office.download(first.body.url);
    expect(dl1.status).toBe(200);
    expect(dl1.bytes).toEqual(picture('PNG-ONE'));
    expect(dl1.headers.get('content-type')).toContain('image/png');

    const second = await office.put('/api/settings/background_picture/', multipart(jpegPicture('JPEG-TWO!'), 'image/jpeg', 'crew.jpg'));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ file_name: 'crew.jpg', content_type: 'image/jpeg', size: jpegPicture('JPEG-TWO!').length });
    expect((await office.get('/api/settings/background_picture/')).body).toMatchObject({ id: second.body.id, url: second.body.url });
    expect((await office.download(second.body.url)).bytes).toEqual(jpegPicture('JPEG-TWO!'));
    expect((await office.get(first.body.url)).status).toBe(404);
    expect((await rival.get(second.body.url)).status).toBe(404);
    const account = (await office.get('/api/settings/account/')).body;
    expect(account.files.filter((f: { purpose: string }) => f.purpose === 'background_picture')).toHaveLength(1);
    expect(account.background_picture).toMatchObject({ id: second.body.id });
  });

  it.each([
    ['a text file', () => multipart('hello', 'text/plain', 'notes.txt')],
    ['a video', () => multipart('MP4', 'video/mp4', 'clip.mp4')],
    ['no file', () => { const f = new FormData(); f.set('background_picture_file_name', 'x.png'); return f; }],
  ])('given %s, when uploaded as the background picture, then 400 naming file and nothing is written', async (_what, body) => {
    await office.get('/api/settings/background_picture/');
    const before = await eventCount();
    const r = await office.put('/api/settings/background_picture/', body());
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });

  it('given a training video, when uploaded then replaced, then one video remains and it downloads only for the owner; the picture is untouched', async () => {
    const picture = (await office.get('/api/settings/background_picture/')).body;
    const before = (await office.get('/api/settings/how2s/videos/1/')).body;
    expect(before).toHaveProperty('url');
    const v1 = await office.put('/api/settings/how2s/videos/1/', multipart('MP4-ONE', 'video/mp4', 'howto.mp4', { file_name: 'How to.mp4' }));
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ file_name: 'How to.mp4', content_type: 'video/mp4' });
    const v2 = await office.put('/api/settings/how2s/videos/1/', multipart('WEBM-TWO', 'video/webm', 'howto2.webm'));
    expect(v2.status).toBe(200);
    const now = (await office.get('/api/settings/how2s/videos/1/')).body;
    expect(now).toMatchObject({ id: v2.body.id, file: v2.body.url, file_name: 'howto2.webm' });
    expect((await office.get(v2.body.url)).body).toBe('WEBM-TWO');
    expect((await office.get(v1.body.url)).status).toBe(404);
    expect((await rival.get(v2.body.url)).status).toBe(404);
    expect((await rival.get('/api/settings/how2s/videos/1/')).body.url).toBeNull();
    expect((await office.get('/api/settings/background_picture/')).body).toMatchObject({ id: picture.id });
    const account = (await office.get('/api/settings/account/')).body;
    expect(account.files.filter((f: { purpose: string }) => f.purpose === 'training_video')).toHaveLength(1);
  });

  it('given a picture, when uploaded as the training video, then 400 naming file and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.put('/api/settings/how2s/videos/1/', multipart('PNG', 'image/png', 'x.png'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });
});

describe('subscription catalogue', () => {
  it('given a new account, when the catalogue is read, then every item at quantity 0, a zero total, not cancelled', async () => {
    const r = await rival.get('/api/settings/catalog/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ monthly_total: 0, cancelled_at: null, version: expect.any(Number) });
    expect(r.body.items.length).toBeGreaterThan(0);
    for (const i of r.body.items) {
      expect(i).toMatchObject({ id: expect.any(String), code: expect.any(String), name: expect.any(String), description: expect.any(String), price: expect.any(Number), quantity: 0, subscribed: false });
      expect(['user', 'account']).toContain(i.unit);
    }
  });

  it('given the catalogue, when quantities are set, then the item and the monthly total follow, and the history shows old and new quantity', async () => {
    const items = (await office.get('/api/settings/catalog/')).body.items as { id: string; price: number; unit: string }[];
    const perUser = items.find((i) => i.unit === 'user')!;
    const wide = items.find((i) => i.unit === 'account')!;
    const a = await office.put(`/api/settings/catalog/${perUser.id}/`, { quantity: 3 });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ id: perUser.id, quantity: 3, subscribed: true, monthly_total: 3 * perUser.price });
    const b = await office.put(`/api/settings/catalog/${wide.id}/`, { quantity: '1' });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ quantity: 1, monthly_total: 3 * perUser.price + wide.price });
    expect((await office.get(`/api/settings/catalog/${perUser.id}/`)).body).toMatchObject({ id: perUser.id, quantity: 3, subscribed: true });
    expect((await office.get('/api/settings/catalog/')).body.monthly_total).toBe(3 * perUser.price + wide.price);
    const c = await office.put(`/api/settings/catalog/${perUser.id}/`, { quantity: 0 });
    expect(c.body).toMatchObject({ quantity: 0, subscribed: false, monthly_total: wide.price });
    const h = (await office.get('/api/settings/account/history/')).body.filter((e: { type: string }) => e.type === 'SubscriptionChanged');
    expect(h.at(-1).changes).toContainEqual({ field: 'quantity', old: 3, new: 0 });
    expect((await rival.get('/api/settings/catalog/')).body.monthly_total).toBe(0);
  });

  it.each([[{ quantity: -1 }], [{ quantity: 1.5 }], [{ quantity: 'many' }], [{}], [{ quantity: 10_001 }]])('given a per-user item, when the quantity is %j, then 400 naming quantity and nothing is written', async (body) => {
    await office.get('/api/settings/catalog/');
    const before = await eventCount();
    const r = await office.put('/api/settings/catalog/1/', body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('quantity');
    expect(await eventCount()).toBe(before);
  });

  it('given an account-wide item, when the quantity is 2, then 400 naming quantity and nothing is written', async () => {
    const wide = ((await office.get('/api/settings/catalog/')).body.items as { id: string; unit: string }[]).find((i) => i.unit === 'account')!;
    const before = await eventCount();
    const r = await office.put(`/api/settings/catalog/${wide.id}/`, { quantity: 2 });
    expect(r.status).toBe(400);
    expect(r.body.fields.quantity).toMatch(/0 to 1/);
    expect(await eventCount()).toBe(before);
  });

  it('given an unknown item, when read or set, then 404 and nothing is written', async () => {
    const before = await eventCount();
    expect((await office.get('/api/settings/catalog/99/')).status).toBe(404);
    expect((await office.put('/api/settings/catalog/99/', { quantity: 1 })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('the settings record', () => {
  it('given a new account, when the settings screen loads everything at once, then each one-of record is opened once', async () => {
    const fresh = await Client.signUp(app.url, 'Fresh');
    const paths = [
      '/api/settings/account/',
      '/api/settings/catalog/',
      '/api/settings/background_picture/',
      '/api/settings/how2s/videos/1/',
      '/api/settings/account/history/',
      '/api/settings/jobs/sva_rate_sheet/',
      '/api/settings/jobs/sva_codes/',
      '/api/settings/current_number/',
      '/api/settings/current_number/job/',
      '/api/settings/current_number/job/work_order/',
    ];
    const results = await Promise.all(paths.map((p) => fresh.get(p)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const accountId = (await fresh.get('/api/auth/me')).body.user.account_id;
    const { rows } = await db.query('select count(*)::int as n from account_records where account_id = $1', [accountId]);
    expect(rows[0].n).toBe(8); // settings, rate sheet, six counters
    // A request that lost the race to open a record wrote nothing: one opening event per record.
    const opened = await db.query(
      `select type, count(*)::int as n from events where account_id = $1 and type in ('AccountSettingsOpened', 'SvaRateSheetOpened', 'DocumentCounterOpened') group by type order by type`,
      [accountId],
    );
    expect(opened.rows).toEqual([
      { type: 'AccountSettingsOpened', n: 1 },
      { type: 'DocumentCounterOpened', n: 6 },
      { type: 'SvaRateSheetOpened', n: 1 },
    ]);
  });

  it('given an account, when its settings are read, then files, subscriptions and its version; its history and as_of work', async () => {
    const r = await office.get('/api/settings/account/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^\d+$/), cancelled_at: null, monthly_total: expect.any(Number), version: expect.any(Number) });
    expect(r.body).toHaveProperty('background_picture');
    expect(r.body).toHaveProperty('training_video');
    expect(Array.isArray(r.body.items)).toBe(true);
    expect(r.headers.get('etag')).toBe(`"${r.body.version}"`);
    const h = (await office.get('/api/settings/account/history/')).body;
    expect(h[0]).toMatchObject({ type: 'AccountSettingsOpened', version: 1 });
    const then = await office.get(`/api/settings/account/?as_of=${encodeURIComponent(h[0].at)}`);
    expect(then.body).toMatchObject({ version: 1, files: [], monthly_total: 0 });
    expect((await office.get('/api/settings/account/?as_of=soon')).status).toBe(400);
  });

  it('given two accounts, when each reads its settings, then each has its own record', async () => {
    const mine = (await office.get('/api/settings/account/')).body;
    const theirs = (await rival.get('/api/settings/account/')).body;
    expect(mine.id).not.toBe(theirs.id);
    expect((await rival.get('/api/settings/account/history/')).body.every((e: { type: string }) => e.type !== 'AccountFileAdded')).toBe(true);
  });
});
