/** The notifications' words in the web (pure; tested beside it). */
import { NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_CHANNELS, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '@trenchline/domain';

/** The bell's badge: the count, 99+ past 99. */
export const countText = (n: number) => (n > 99 ? '99+' : String(n));

export const bellLabel = (n: number) => (n === 0 ? 'Notifications: none unread' : `Notifications: ${n} unread`);

/** The preferences panel's rows and choices, in the domain's order and words. */
export const kindRows = NOTIFICATION_KINDS.map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind] }));
export const channelChoices = NOTIFICATION_CHANNELS.map((value) => ({ value, label: NOTIFICATION_CHANNEL_LABELS[value] }));
