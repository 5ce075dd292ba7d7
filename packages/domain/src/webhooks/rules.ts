/** Webhook rules (docs/webhooks.md): where a webhook may point and what it may ask for. */

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_TOPICS_MAX = 300;

/** The notification kinds outside systems may subscribe to, as `notification.<kind>` (docs/notifications.md). */
export const NOTIFICATION_KINDS = ['locate_expiring', 'permit_expiring', 'ticket_awaiting_approval', 'invoice_disapproved', 'help_answered', 'report_finished', 'bulk_finished'] as const;
/** A report schedule's run delivered to its webhook as a signed link. */
export const REPORT_SCHEDULE_TOPIC = 'report_schedule.delivered';
/** The test delivery an admin sends from Settings > Webhooks; never subscribed to. */
export const PING_TOPIC = 'ping';

export const notificationTopic = (kind: string) => `notification.${kind}`;

/** The topics besides domain events: the notifications and the report schedules' deliveries. */
export const OTHER_TOPICS: readonly string[] = [...NOTIFICATION_KINDS.map(notificationTopic), REPORT_SCHEDULE_TOPIC];

/** An absolute http(s) URL with a host and no credentials in it (they would show in every log). */
export function isWebhookUrl(s: string): boolean {
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return false;
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username && !u.password;
}
