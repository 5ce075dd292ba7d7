/** @trenchline/domain: pure business code. No IO, no clock, no randomness. */
export * from './shared/decider.ts';
export * from './shared/changes.ts';
export * from './shared/concurrency.ts';
export * from './shared/collections.ts';
export * from './shared/line-sections.ts';
export * from './shared/fields.ts';
export * from './shared/history.ts';
export * from './shared/trail.ts';
export * from './audit/reports.ts';
export * from './shared/choices.ts';
export * from './shared/dates.ts';
export * from './shared/date-order.ts';
export * from './shared/rules.ts';
export * from './shared/work-types.ts';
export * from './shared/colours.ts';
export * from './shared/list-columns.ts';
export * from './shared/line-figures.ts';
export * from './shared/line-numbers.ts';
export * from './shared/files.ts';
export * from './shared/file-hash.ts';
export * from './shared/text-files.ts';
export * from './shared/images.ts';
export * from './shared/file-names.ts';
export * from './shared/standard-collections.ts';
export * from './shared/catalog-records.ts';
export * from './shared/aggregates.ts';
export * from './shared/record-decider.ts';
export * from './shared/record-aggregate.ts';
export * from './shared/report-catalogue.ts';
export * from './shared/report-columns.ts';
export * from './shared/formats.ts';

export * from './bids/rules.ts';
export * from './bids/commands.ts';
export * from './bids/events.ts';
export * from './bids/collections.ts';
export * from './bids/bid.ts';
export * from './bids/view.ts';

export * from './jobs/rules.ts';
export * from './jobs/commands.ts';
export * from './jobs/events.ts';
export * from './jobs/collections.ts';
export * from './jobs/base-collections.ts';
export * from './jobs/job.ts';
export * from './jobs/view.ts';
export * from './jobs/tasks.ts';
export * from './jobs/cibe.ts';
export * from './jobs/orca-import.ts';
export * from './jobs/permits.ts';
export * from './jobs/billing.ts';
export * from './jobs/dashboard.ts';
export * from './jobs/reports.ts';
export * from './jobs/report-rows.ts';
export * from './jobs/orca-report-rows.ts';
export * from './jobs/ticket-production.ts';

export * from './settings/rules.ts';
export * from './settings/roles.ts';
export * from './settings/commands.ts';
export * from './settings/events.ts';
export * from './settings/catalogs.ts';
export * from './settings/collections.ts';
export * from './settings/account-settings.ts';
export * from './settings/sva-rate-sheet.ts';
export * from './settings/document-counter.ts';
export * from './settings/view.ts';
export * from './settings/user-activity.ts';

export * from './projects/rules.ts';
export * from './projects/commands.ts';
export * from './projects/events.ts';
export * from './projects/collections.ts';
export * from './projects/project.ts';
export * from './projects/view.ts';
export * from './projects/reports.ts';

export * from './locates/rules.ts';
export * from './locates/commands.ts';
export * from './locates/events.ts';
export * from './locates/collections.ts';
export * from './locates/locate.ts';
export * from './locates/locate-settings.ts';
export * from './locates/view.ts';
export * from './locates/reports.ts';
export * from './locates/report-rows.ts';

export * from './help/rules.ts';
export * from './help/commands.ts';
export * from './help/events.ts';
export * from './help/collections.ts';
export * from './help/help-ticket.ts';
export * from './help/view.ts';
export * from './help/reports.ts';
export * from './help/report-rows.ts';

export * from './orders/rules.ts';
export * from './orders/commands.ts';
export * from './orders/events.ts';
export * from './orders/collections.ts';
export * from './orders/order.ts';
export * from './orders/view.ts';
export * from './orders/reports.ts';
export * from './orders/report-rows.ts';

export * from './tickets/rules.ts';
export * from './tickets/commands.ts';
export * from './tickets/events.ts';
export * from './tickets/collections.ts';
export * from './tickets/ticket.ts';
export * from './tickets/signatures.ts';
export * from './tickets/view.ts';
export * from './tickets/reports.ts';

export * from './rfqs/rules.ts';
export * from './rfqs/commands.ts';
export * from './rfqs/events.ts';
export * from './rfqs/collections.ts';
export * from './rfqs/rfq.ts';
export * from './rfqs/view.ts';
export * from './rfqs/reports.ts';
export * from './rfqs/rfq-job.ts';
export * from './rfqs/report-rows.ts';

export * from './sales/rules.ts';
export * from './sales/commands.ts';
export * from './sales/events.ts';
export * from './sales/collections.ts';
export * from './sales/organization.ts';
export * from './sales/view.ts';
export * from './tickets/report-rows.ts';

export * from './reports/rules.ts';
export * from './reports/commands.ts';
export * from './reports/events.ts';
export * from './reports/report.ts';
export * from './reports/view.ts';
export * from './shared/time-zones.ts';
export * from './reports/schedule-rules.ts';
export * from './reports/schedule.ts';

export * from './routines/rules.ts';
export * from './routines/commands.ts';
export * from './routines/events.ts';
export * from './routines/collections.ts';
export * from './routines/routine.ts';
export * from './routines/do-routine.ts';
export * from './routines/view.ts';

export * from './bulk/rules.ts';
export * from './bulk/commands.ts';
export * from './bulk/events.ts';
export * from './bulk/bulk-operation.ts';
export * from './bulk/view.ts';

export * from './registry.ts';

export * from './notifications/kinds.ts';
export * from './notifications/commands.ts';
export * from './notifications/events.ts';
export * from './notifications/notification-rules.ts';
export * from './notifications/rules.ts';
export * from './webhooks/rules.ts';
export * from './webhooks/commands.ts';
export * from './webhooks/events.ts';
export * from './webhooks/webhook.ts';
export * from './webhooks/view.ts';
