/**
 * Notifications (docs/notifications.md): the caller's own list, unread count and marks; their channel
 * per kind; and the account's N per kind (Settings > Notifications, admins, with history). The worker's
 * scan makes the notifications; nothing here tells one.
 */
import { z } from 'zod';
import { flag, notificationPreferencesFields, notificationRulesFields } from '@trenchline/domain';
import { markAllRead, markRead, notificationsOf, notificationView, preferencesFrom, preferencesOf, savePreferences, unreadCount } from '@trenchline/read-model';
import { defineRoutes, type RouteDef } from '../../platform/routes.ts';
import { singletonEditRoute, singletonRoutes } from '../../platform/record-routes.ts';
import { DEFAULT_PAGE_SIZE, pagingShape, pageUrl } from '../../platform/lists.ts';
import { notFound } from '../../platform/errors.ts';
import type { ApiContext } from '../../platform/context.ts';

/** The user's unread count, also pushed to their room so every open tab's bell follows (as the worker's scan does). */
async function pushUnread(ctx: ApiContext, userId: string) {
  const unread = await unreadCount(ctx.db, userId);
  ctx.toUser(userId, 'notifications', { unread });
  return unread;
}

const listQuery = z.object({ unread: flag().optional(), ...pagingShape });

const own: RouteDef[] = [
  {
    method: 'get',
    path: '/notifications',
    summary: "The caller's notifications, newest first, paged: {results, count, next, previous}; ?unread=t only the unread. Cleared ones (their condition no longer holds) are not shown",
    query: listQuery,
    handle: async ({ actor, query, raw }, ctx) => {
      const page = query.page ?? 1;
      const size = query.page_size ?? DEFAULT_PAGE_SIZE;
      const { rows, count } = await notificationsOf(ctx.db, actor.userId, { unread: query.unread === true, offset: (page - 1) * size, limit: size });
      return { results: rows.map(notificationView), count, next: page * size < count ? pageUrl(raw, page + 1) : null, previous: page > 1 ? pageUrl(raw, page - 1) : null };
    },
  },
  {
    method: 'get',
    path: '/notifications/count',
    summary: "The caller's unread notifications: {unread}",
    handle: async ({ actor }, ctx) => ({ unread: await unreadCount(ctx.db, actor.userId) }),
  },
  {
    method: 'post',
    path: '/notifications/read_all',
    summary: "Marks every notification of the caller read: {marked, unread: 0}; the caller's other tabs are told the count",
    handle: async ({ actor }, ctx) => {
      const marked = await markAllRead(ctx.db, actor.userId, ctx.now());
      return { marked, unread: await pushUnread(ctx, actor.userId) };
    },
  },
  {
    method: 'post',
    path: '/notifications/:id/read',
    summary: "Marks one of the caller's notifications read: the notification and {unread} (also told to the caller's other tabs); another user's is a 404",
    ids: { id: null },
    handle: async ({ actor, params }, ctx) => {
      const row = await markRead(ctx.db, actor.userId, params.id, ctx.now());
      if (!row) throw notFound('Notification');
      return { ...notificationView(row), unread: await pushUnread(ctx, actor.userId) };
    },
  },
  {
    method: 'get',
    path: '/notification_preferences',
    summary: "The caller's channel per kind of notification: {<kind>: 'app' | 'digest' | 'email' | 'off'} (default app)",
    handle: async ({ actor }, ctx) => (await preferencesOf(ctx.db, [actor.userId])).get(actor.userId),
  },
  {
    method: 'put',
    path: '/notification_preferences',
    summary: "Sets the caller's channel of the kinds given (the whole object may come back); a bad kind or channel is a 400 naming it. Answers every kind",
    body: notificationPreferencesFields,
    handle: async ({ actor, body }, ctx) => {
      const next = preferencesFrom({ ...(await preferencesOf(ctx.db, [actor.userId])).get(actor.userId), ...(body as object) });
      await savePreferences(ctx.db, actor.userId, next, ctx.now());
      return next;
    },
  },
];

/** Settings > Notifications: the account's N per kind, with history. */
const settings: RouteDef[] = [
  ...singletonRoutes({ aggregate: 'notification_rules', path: '/settings/notifications' }),
  singletonEditRoute({
    aggregate: 'notification_rules',
    path: '/settings/notifications',
    summary: "Edits the account's notification rules {locate_working_days (0-30, in the ticket-life basis), permit_days (0-120), ticket_approval_days (0-120)}; an empty value goes back to its default (2, 7, 3)",
    body: notificationRulesFields,
    revise: 'ReviseNotificationRules',
  }),
];

export const notificationRoutes = defineRoutes('notifications', [...own, ...settings]);
