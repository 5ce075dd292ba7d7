/**
 * The demo's report schedule (apps/api/src/seed.ts runs this after the help tickets): the help
 * management report every Monday at 07:00 to the office user, made and run once through the same
 * functions as the routes, so the demo's schedules screen shows a schedule with a run.
 */
import { reportScheduleFields } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { createRecord } from '../../platform/record-routes.ts';
import { reportScheduleCreate, runNow } from './schedules.ts';

export async function seedReportSchedules(ctx: ApiContext, actor: Actor) {
  const values = reportScheduleFields.parse({
    name: 'Help tickets every Monday',
    list: 'help_tickets',
    report: 'management',
    format: 'xlsx',
    rhythm: { every: 'week', weekday: 1, at: '07:00' },
    recipients: { users: [actor.userId] },
    active: true,
  });
  const made = await createRecord(ctx, actor, { aggregate: 'report_schedule', create: reportScheduleCreate }, values);
  await runNow(ctx, actor, made.id);
}
