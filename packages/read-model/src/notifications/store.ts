/**
 * The notifications table and the users' notification preferences (docs/notifications.md), read and
 * written by the worker's scan and the API's routes alike.
 */
import type { Knex } from 'knex';
import { DEFAULT_NOTIFICATION_PREFERENCES, LASTING_KINDS, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationPreferences } from '@trenchline/domain';
import { whereAny } from '@trenchline/platform';
import type { NotificationRow } from '../tables.ts';

/** The user_preferences row that keeps a user's channel per kind (what is saved over the defaults). */
export const NOTIFICATION_PREFERENCES = 'notifications';

/** A saved set read back: only known kinds and channels count; the rest take the default. */
export function preferencesFrom(saved: unknown): NotificationPreferences {
  const s = (saved && typeof saved === 'object' ? saved : {}) as Record<string, unknown>;
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, (NOTIFICATION_CHANNELS as readonly unknown[]).includes(s[k]) ? (s[k] as NotificationChannel) : DEFAULT_NOTIFICATION_PREFERENCES[k]]),
  ) as NotificationPreferences;
}

/** Each user's channel per kind. */
export async function preferencesOf(db: Knex, userIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
  const rows = userIds.length ? await whereAny(db('user_preferences'), 'user_id', userIds).where({ name: NOTIFICATION_PREFERENCES }).select('user_id', 'value') : [];
  const saved = new Map(rows.map((r) => [String(r.user_id), r.value]));
  return new Map(userIds.map((id) => [id, preferencesFrom(saved.get(id))]));
}

export async function savePreferences(db: Knex, userId: string, prefs: NotificationPreferences, now: Date) {
  await db('user_preferences').insert({ user_id: userId, name: NOTIFICATION_PREFERENCES, value: JSON.stringify(prefs), updated_at: now }).onConflict(['user_id', 'name']).merge();
}

export type NewNotification = Omit<NotificationRow, 'id' | 'created_at' | 'read_at' | 'cleared_at' | 'emailed_at' | 'digested_at'>;

/** Tells each condition once: a row already told and not cleared (same user and key) inserts nothing. The rows inserted. */
export async function tellOnce(db: Knex, rows: readonly NewNotification[], now: Date): Promise<NotificationRow[]> {
  const inserted: NotificationRow[] = [];
  // A statement takes at most 65,535 parameters: a large account's first scan tells thousands at once.
  for (let i = 0; i < rows.length; i += TELL_BATCH) {
    const batch = rows.slice(i, i + TELL_BATCH).map((r) => ({ ...r, created_at: now }));
    inserted.push(...((await db('notifications').insert(batch).onConflict(db.raw('(user_id, key) where cleared_at is null')).ignore().returning('*')) as NotificationRow[]));
  }
  return inserted;
}

/** Notifications one insert tells (13 parameters each). */
const TELL_BATCH = 1000;

/** Claims the account's digest of one local day: true for the one pass that gets it, false for any other. */
export async function claimDigestDay(db: Knex, accountId: string, localDate: string, now: Date): Promise<boolean> {
  const rows = await db('notification_digests').insert({ account_id: accountId, local_date: localDate, claimed_at: now }).onConflict(['account_id', 'local_date']).ignore().returning('account_id');
  return rows.length === 1;
}

/** Gives a day's claim back (its mail failed), so the next hour's pass mails what is still waiting. */
export async function releaseDigestDay(db: Knex, accountId: string, localDate: string): Promise<void> {
  await db('notification_digests').where({ account_id: accountId, local_date: localDate }).delete();
}

/** The account's told conditions that may clear (not the lasting kinds), still open. */
export async function openConditions(db: Knex, accountId: string): Promise<Pick<NotificationRow, 'id' | 'user_id' | 'key'>[]> {
  return db('notifications').where({ account_id: accountId }).whereNull('cleared_at').whereRaw('not (kind = any(?::text[]))', [[...LASTING_KINDS]]).select('id', 'user_id', 'key');
}

/** Clears told conditions that no longer hold; the users whose count may have changed. */
export async function clearNotifications(db: Knex, ids: readonly string[], now: Date): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await whereAny(db('notifications'), 'id', ids).whereNull('cleared_at').update({ cleared_at: now }).returning('user_id');
  return [...new Set(rows.map((r: { user_id: string }) => String(r.user_id)))];
}

/** Shown to its user: not cleared. Unread: also not read. */
const shown = (db: Knex, userId: string) => db('notifications').where({ user_id: userId }).whereNull('cleared_at');

export async function unreadCount(db: Knex, userId: string): Promise<number> {
  const [{ n }] = await shown(db, userId).whereNull('read_at').count({ n: '*' });
  return Number(n);
}

/** The user's notifications, newest first, a page at a time. */
export async function notificationsOf(db: Knex, userId: string, o: { unread?: boolean; offset: number; limit: number }) {
  const q = () => (o.unread ? shown(db, userId).whereNull('read_at') : shown(db, userId));
  const [{ n }] = await q().count({ n: '*' });
  const rows = (await q().orderBy('id', 'desc').offset(o.offset).limit(o.limit).select('*')) as NotificationRow[];
  return { count: Number(n), rows };
}

/** Marks the user's own notification read; false when it is not theirs (or not there). */
export async function markRead(db: Knex, userId: string, id: string, now: Date): Promise<NotificationRow | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const found = (await db('notifications').where({ id, user_id: userId }).first()) as NotificationRow | undefined;
  if (!found) return null;
  if (found.read_at) return found;
  const [row] = await db('notifications').where({ id, user_id: userId }).update({ read_at: now }).returning('*');
  return row as NotificationRow;
}

export async function markAllRead(db: Knex, userId: string, now: Date): Promise<number> {
  return shown(db, userId).whereNull('read_at').update({ read_at: now });
}

/** A notification as its user sees it. */
export function notificationView(r: NotificationRow) {
  return {
    id: String(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    record: { aggregate: r.aggregate, id: r.record_id, number: r.record_number },
    created_at: r.created_at.toISOString(),
    read_at: r.read_at ? r.read_at.toISOString() : null,
    read: r.read_at !== null,
  };
}
