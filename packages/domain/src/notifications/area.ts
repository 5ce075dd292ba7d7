/** What the notifications area declares; packages/domain/src/registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { notificationRulesDecider, notificationRulesView, type NotificationRulesState } from './notification-rules.ts';

const notificationRulesAggregate: AggregateDef<NotificationRulesState> = {
  name: 'notification_rules', label: 'Notification rules', decider: notificationRulesDecider, view: (s) => notificationRulesView(s), listRow: sameRow, singleton: true,
};

export const notificationsArea: Area = { aggregates: [notificationRulesAggregate], collections: [] };
