/**
 * The demo's notification rules (apps/api/src/seed.ts): permits warned 10 days ahead instead of 7, set
 * through the same command as Settings > Notifications, so the demo's rules have a history; the
 * worker's scan then tells the demo's users what holds (expiring locates and permits, tickets waiting).
 */
import { notificationRulesFields } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand } from '../../platform/records.ts';
import { singletonId } from '../../platform/singletons.ts';

export async function seedNotificationRules(ctx: ApiContext, actor: Actor) {
  const id = await singletonId(ctx, actor, 'notification_rules');
  await executeCommand(ctx, actor, 'notification_rules', id, { type: 'ReviseNotificationRules', values: notificationRulesFields.partial().parse({ permit_days: 10 }) });
}
