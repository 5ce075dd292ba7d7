import { describe, expect, it } from 'vitest';
import { accountSettingsDecider } from './account-settings.ts';
import type { AccountSettingsEvent } from './events.ts';
import type { AccountUserFields } from './commands.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { accountFiles } from './collections.ts';
import { accountFileOf, accountSettingsView, subscriptionView } from './view.ts';

const opened: AccountSettingsEvent = { type: 'AccountSettingsOpened', data: { id: '60' } };
const file = (purpose: string, over: Record<string, unknown> = {}) => ({
  purpose,
  file_name: 'yard.png',
  content_type: 'image/png',
  sha256: 'b'.repeat(64),
  size: 1234,
  ...over,
});
const fileAdded = (id: string, purpose: string, over: Record<string, unknown> = {}): AccountSettingsEvent => ({
  type: 'AccountFileAdded',
  data: { id, line: { id, account_settings: '60', ...file(purpose, over) } },
});
const subscribed = (item: string, quantity: number, previous = 0): AccountSettingsEvent => ({ type: 'SubscriptionChanged', data: { item, name: 'x', quantity, previous } });
const cancelled: AccountSettingsEvent = { type: 'AccountCancelled', data: { reason: null } };

const user = (over: Partial<AccountUserFields> = {}): AccountUserFields => ({ display_name: 'Sam Field', email: 'sam@example.com', active: true, ...over });


describe('account settings decider: the record', () => {
  it('given no settings, when opened, then AccountSettingsOpened; opening again changes nothing', () => {
    const { events, state } = given(accountSettingsDecider, []).then({ type: 'OpenRecord', id: '60' });
    expect(events).toEqual([{ type: 'AccountSettingsOpened', data: { id: '60' } }]);
    expect(state).toMatchObject({ id: '60', created_at: meta().at, cancelled_at: null, subscriptions: {} });
    expect(given(accountSettingsDecider, [opened]).when({ type: 'OpenRecord', id: '61' })).toEqual([]);
  });

  it('given no settings, when a subscription changes, then not_found', () => {
    expect(refusedWith(() => given(accountSettingsDecider, []).when({ type: 'ChangeSubscription', item: '1', quantity: 1 })).code).toBe('not_found');
  });
});

describe('account settings decider: files', () => {
  it('given no picture, when a background picture is added, then AccountFileAdded and the view shows its url', () => {
    const { events, state } = given(accountSettingsDecider, [opened]).then({ type: 'AddLine', collection: 'account_files', lineId: '62', values: file('background_picture') });
    expect(events.map((e) => e.type)).toEqual(['AccountFileAdded']);
    expect(accountFileOf(state, 'background_picture')).toEqual({ id: '62', url: '/api/files/62/yard.png', file: '/api/files/62/yard.png', file_name: 'yard.png', content_type: 'image/png', size: 1234 });
    expect(accountFileOf(state, 'training_video')).toEqual({ id: null, url: null, file: null, file_name: null, content_type: null, size: null });
  });

  it('given a background picture, when a new one is added, then the old one is removed first and only the new one remains', () => {
    const { events, state } = given(accountSettingsDecider, [opened, fileAdded('62', 'background_picture')]).then({
      type: 'AddLine',
      collection: 'account_files',
      lineId: '63',
      values: file('background_picture', { file_name: 'new.jpg', content_type: 'image/jpeg' }),
    });
    expect(events).toEqual([
      { type: 'AccountFileRemoved', data: { id: '62' } },
      expect.objectContaining({ type: 'AccountFileAdded', data: expect.objectContaining({ id: '63' }) }),
    ]);
    expect(linesOfCollection(state.lines, accountFiles).map((f) => f.id)).toEqual(['63']);
    expect(accountSettingsView(state).background_picture).toMatchObject({ id: '63', file_name: 'new.jpg' });
  });

  it('given a training video, when a background picture is added, then the video stays', () => {
    const { events, state } = given(accountSettingsDecider, [opened, fileAdded('62', 'training_video', { file_name: 'howto.mp4' })]).then({
      type: 'AddLine',
      collection: 'account_files',
      lineId: '63',
      values: file('background_picture'),
    });
    expect(events.map((e) => e.type)).toEqual(['AccountFileAdded']);
    expect(accountSettingsView(state)).toMatchObject({ training_video: { id: '62', file_name: 'howto.mp4' }, background_picture: { id: '63' } });
  });

  it('given settings, when a file is added without a purpose or with an unknown one, then invalid naming purpose', () => {
    const g = given(accountSettingsDecider, [opened]);
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'account_files', lineId: '64', values: { file_name: 'x' } })).fields).toHaveProperty('purpose');
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'account_files', lineId: '64', values: file('logo') })).fields).toHaveProperty('purpose');
  });
});

describe('account settings decider: subscriptions', () => {
  it('given no subscriptions, when 3 office users are taken, then SubscriptionChanged with the item name and previous 0', () => {
    const { events, state } = given(accountSettingsDecider, [opened]).then({ type: 'ChangeSubscription', item: '1', quantity: 3 });
    expect(events).toEqual([{ type: 'SubscriptionChanged', data: { item: '1', name: 'Office user', quantity: 3, previous: 0 } }]);
    expect(state.subscriptions).toEqual({ '1': 3 });
  });

  it('given 3 office users, when changed to 5, then previous is 3', () => {
    const [e] = given(accountSettingsDecider, [opened, subscribed('1', 3)]).when({ type: 'ChangeSubscription', item: '1', quantity: 5 });
    expect(e.data).toMatchObject({ quantity: 5, previous: 3 });
  });

  it('given 3 office users, when set to 3 again, then no event', () => {
    expect(given(accountSettingsDecider, [opened, subscribed('1', 3)]).when({ type: 'ChangeSubscription', item: '1', quantity: 3 })).toEqual([]);
  });

  it('given an account-wide item, when quantity 1 then 0, then subscribed then unsubscribed; 2 is invalid naming quantity', () => {
    const g = given(accountSettingsDecider, [opened]);
    expect(g.when({ type: 'ChangeSubscription', item: '3', quantity: 1 })[0].data).toMatchObject({ quantity: 1 });
    expect(given(accountSettingsDecider, [opened, subscribed('3', 1)]).when({ type: 'ChangeSubscription', item: '3', quantity: 0 })[0].data).toMatchObject({ quantity: 0, previous: 1 });
    const e = refusedWith(() => g.when({ type: 'ChangeSubscription', item: '3', quantity: 2 }));
    expect(e.code).toBe('invalid');
    expect(e.fields).toHaveProperty('quantity');
  });

  it.each([[-1], [0.5], ['2'], [null]])('given settings, when the quantity is %j, then invalid naming quantity', (q) => {
    const e = refusedWith(() => given(accountSettingsDecider, [opened]).when({ type: 'ChangeSubscription', item: '1', quantity: q }));
    expect(e.fields).toHaveProperty('quantity');
  });

  it('given settings, when an unknown item is subscribed, then not_found', () => {
    expect(refusedWith(() => given(accountSettingsDecider, [opened]).when({ type: 'ChangeSubscription', item: '42', quantity: 1 })).code).toBe('not_found');
  });

  it('given subscriptions, when shown, then each item has its quantity and subscribed flag, and the monthly total is in dollars to the cent', () => {
    const state = given(accountSettingsDecider, [opened, subscribed('1', 3), subscribed('2', 2), subscribed('3', 1), subscribed('2', 0, 2)]).state;
    const view = subscriptionView(state);
    expect(view.items.map((i) => [i.id, i.quantity, i.subscribed])).toEqual([
      ['1', 3, true],
      ['2', 0, false],
      ['3', 1, true],
      ['4', 0, false],
    ]);
    expect(view.monthly_total).toBe(3 * 49 + 99);
  });
});

describe('account settings decider: cancellation', () => {
  it('given settings, when the account is cancelled with a reason, then AccountCancelled with the trimmed reason and cancelled_at set', () => {
    const { events, state } = given(accountSettingsDecider, [opened]).then({ type: 'CancelAccount', reason: '  Closing down  ' });
    expect(events).toEqual([{ type: 'AccountCancelled', data: { reason: 'Closing down' } }]);
    expect(state.cancelled_at).toBe(meta().at);
  });

  it('given settings, when cancelled with a blank reason, then the reason is null', () => {
    expect(given(accountSettingsDecider, [opened]).when({ type: 'CancelAccount', reason: '  ' })[0].data).toEqual({ reason: null });
  });

  it('given a cancelled account, when anything else is asked of it, then conflict', () => {
    const g = given(accountSettingsDecider, [opened, cancelled]);
    for (const c of [
      { type: 'CancelAccount' as const },
      { type: 'ChangeSubscription' as const, item: '1', quantity: 1 },
      { type: 'RecordUserAdded' as const, user: { id: '9', display_name: 'X', email: 'x@example.com' } },
      { type: 'AddLine' as const, collection: 'account_files', lineId: '65', values: file('background_picture') },
    ]) {
      expect(refusedWith(() => g.when(c)).code).toBe('conflict');
    }
  });
});

describe('account settings decider: users audit', () => {
  it('given settings, when a user is added, then AccountUserAdded names them', () => {
    expect(given(accountSettingsDecider, [opened]).when({ type: 'RecordUserAdded', user: { id: '9', display_name: 'Sam Field', email: 'sam@example.com' } })).toEqual([
      { type: 'AccountUserAdded', data: { user_id: '9', display_name: 'Sam Field', email: 'sam@example.com' } },
    ]);
  });

  it('given an office user, when made auditor, then AccountUserRoleChanged with the role\'s old and new value', () => {
    const events = given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: '9', before: user({ role: 'office' }), after: user({ role: 'auditor' }), adminsLeft: 1 });
    expect(events).toEqual([{ type: 'AccountUserRoleChanged', data: { user_id: '9', display_name: 'Sam Field', changes: { role: { old: 'office', new: 'auditor' } } } }]);
  });

  it('given the last active admin, when demoted or deactivated, then conflict naming role or active; with another admin left, the change is made', () => {
    const admin = user({ role: 'admin' });
    const demoted = refusedWith(() => given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: '9', before: admin, after: user({ role: 'field' }), adminsLeft: 0 }));
    expect([demoted.code, Object.keys(demoted.fields)]).toEqual(['conflict', ['role']]);
    const gone = refusedWith(() => given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: '9', before: admin, after: user({ role: 'admin', active: false }), adminsLeft: 0 }));
    expect([gone.code, Object.keys(gone.fields)]).toEqual(['conflict', ['active']]);
    expect(given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: '9', before: admin, after: user({ role: 'office' }), adminsLeft: 1 }).map((e) => e.type)).toEqual(['AccountUserRoleChanged']);
  });

  it('given an active user, when another user deactivates them, then AccountUserDeactivated', () => {
    const events = given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: '9', before: user(), after: user({ active: false }) });
    expect(events).toEqual([{ type: 'AccountUserDeactivated', data: { user_id: '9', display_name: 'Sam Field' } }]);
  });

  it('given the acting user, when they deactivate themselves, then invalid naming active', () => {
    const e = refusedWith(() => given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: meta().userId, before: user(), after: user({ active: false }) }));
    expect(e.code).toBe('invalid');
    expect(e.fields).toHaveProperty('active');
  });

  it('given the acting user, when they rename themselves, then AccountUserRevised (only deactivating yourself is refused)', () => {
    const events = given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: meta().userId, before: user(), after: user({ display_name: 'Sam Q Field' }) });
    expect(events).toEqual([{ type: 'AccountUserRevised', data: { user_id: meta().userId, changes: { display_name: { old: 'Sam Field', new: 'Sam Q Field' } } } }]);
  });

  it('given an inactive user, when reactivated, then AccountUserReactivated', () => {
    const events = given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: '9', before: user({ active: false }), after: user() });
    expect(events.map((e) => e.type)).toEqual(['AccountUserReactivated']);
  });

  it('given a user, when the e-mail, the password and active all change, then revised, password changed and deactivated, in that order', () => {
    const events = given(accountSettingsDecider, [opened]).when({
      type: 'RecordUserChanged',
      userId: '9',
      before: user(),
      after: user({ email: 'sam.field@example.com', active: false }),
      passwordChanged: true,
    });
    expect(events).toEqual([
      { type: 'AccountUserRevised', data: { user_id: '9', changes: { email: { old: 'sam@example.com', new: 'sam.field@example.com' } } } },
      { type: 'AccountUserPasswordChanged', data: { user_id: '9', display_name: 'Sam Field' } },
      { type: 'AccountUserDeactivated', data: { user_id: '9', display_name: 'Sam Field' } },
    ]);
  });

  it('given a user, when saved with nothing changed, then no event', () => {
    expect(given(accountSettingsDecider, [opened]).when({ type: 'RecordUserChanged', userId: '9', before: user(), after: user() })).toEqual([]);
  });

  it('given user audit events, when folded, then only last_updated moves', () => {
    const { state } = given(accountSettingsDecider, [opened]).then({ type: 'RecordUserAdded', user: { id: '9', display_name: 'A', email: 'a@example.com' } });
    expect(state).toMatchObject({ id: '60', subscriptions: {}, cancelled_at: null, lines: {}, last_updated: meta().at });
  });
});

describe('account settings decider: history anchors', () => {
  const anchor = { position: '900:41', hash: 'ab'.repeat(32), events: 41, streams: 7 };
  it('given a cancelled account, when its history is anchored, then HistoryAnchored keeps the anchor and whom it was mailed to, and the settings are unchanged', () => {
    const g = given(accountSettingsDecider, [opened, cancelled]);
    const { events, state } = g.then({ type: 'RecordHistoryAnchor', anchor, mailedTo: ['admin@example.com'] });
    expect(events).toEqual([{ type: 'HistoryAnchored', data: { ...anchor, mailed_to: ['admin@example.com'] } }]);
    expect(state).toEqual(g.state);
  });

  it('given no settings, when anchored, then not_found', () => {
    expect(refusedWith(() => given(accountSettingsDecider, []).when({ type: 'RecordHistoryAnchor', anchor, mailedTo: [] })).code).toBe('not_found');
  });
});
