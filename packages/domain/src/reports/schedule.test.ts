import { describe, expect, it } from 'vitest';
import { instantWords, latestRunAt, nextRunAt, rhythmSchema, rhythmWords } from './schedule-rules.ts';
import { reportScheduleDecider, reportScheduleView } from './schedule.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';

const weekly = rhythmSchema.parse({ every: 'week', weekday: '1', at: '07:00' });
const zone = 'America/Chicago';

describe('nextRunAt', () => {
  it('given a weekly schedule at 07:00 Chicago, when the clocks go back (Nov 1 2026), then it still fires at 07:00 local: 12:00Z before, 13:00Z after', () => {
    const before = nextRunAt(weekly, zone, '2026-10-20T00:00:00Z');
    expect(before).toBe('2026-10-26T12:00:00.000Z');
    const after = nextRunAt(weekly, zone, before);
    expect(after).toBe('2026-11-02T13:00:00.000Z');
    expect(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short' }).format(new Date(after))).toBe('Mon 07:00');
  });

  it('given a daily 02:30 in the spring-forward gap (Mar 8 2026), then that day it runs at 03:30 local, the next day at 02:30 again', () => {
    const daily = rhythmSchema.parse({ every: 'day', at: '02:30' });
    expect(nextRunAt(daily, zone, '2026-03-08T00:00:00Z')).toBe('2026-03-08T08:30:00.000Z');
    expect(nextRunAt(daily, zone, '2026-03-08T08:30:00Z')).toBe('2026-03-09T07:30:00.000Z');
  });

  it('given a monthly schedule on the 31st, then a short month runs on its last day', () => {
    const monthly = rhythmSchema.parse({ every: 'month', month_day: 31, at: '06:00' });
    expect(nextRunAt(monthly, 'UTC', '2026-02-01T00:00:00Z')).toBe('2026-02-28T06:00:00.000Z');
    expect(nextRunAt(monthly, 'UTC', '2026-02-28T06:00:00Z')).toBe('2026-03-31T06:00:00.000Z');
  });

  it('given three weekly ticks missed, then the latest due tick is the one claimed', () => {
    expect(latestRunAt(weekly, zone, '2026-11-25T15:00:00Z')).toBe('2026-11-23T13:00:00.000Z');
    expect(rhythmWords(weekly, zone)).toBe('Mondays at 07:00 (America/Chicago)');
  });

  it('refuses a bad time and a weekly rhythm without its day, naming the field', () => {
    const bad = rhythmSchema.safeParse({ every: 'week', at: '25:00' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['at', 'weekday']);
    expect(rhythmSchema.safeParse({ every: 'week', at: '07:00' }).error!.issues[0].path).toEqual(['weekday']);
  });
});

const created = given(reportScheduleDecider, []).then({
  type: 'CreateReportSchedule',
  reportScheduleId: '40',
  timeZone: zone,
  values: { name: 'Weekly locates', list: 'locates', report: 'locates', format: 'xlsx', rhythm: { every: 'week', weekday: 1, at: '07:00' }, recipients: { emails: ['a@example.com'] } },
});

describe('instantWords', () => {
  it('given an instant, then it reads in words on the given zone\'s clock, naming the zone', () => {
    expect(instantWords('2026-11-23T13:00:30Z', zone)).toBe('Monday, November 23, 2026 at 7:00 AM (America/Chicago)');
    expect(instantWords('2026-11-23T13:00:30Z', 'Europe/Berlin')).toBe('Monday, November 23, 2026 at 2:00 PM (Europe/Berlin)');
  });
});

describe('report schedule decider', () => {
  it('given a new schedule, then its owner is whoever made it and its next run is the next Monday 07:00 local', () => {
    expect(reportScheduleView(created.state)).toMatchObject({ owner_id: meta().userId, time_zone: zone, next_run_at: '2026-11-23T13:00:00.000Z', rhythm_words: 'Mondays at 07:00 (America/Chicago)' });
  });

  it('given a claimed tick, when the same tick (or an earlier one) is claimed again, then it is refused: one run per tick', () => {
    const events = created.events;
    const claim = (runId: string, tick: string) => ({ type: 'ClaimScheduleTick' as const, runId, tick, timeZone: zone, recipients: ['a@example.com'] });
    const once = given(reportScheduleDecider, events).then(claim('41', '2026-11-23T13:00:00.000Z'));
    expect(once.events.map((e) => e.type)).toEqual(['ReportScheduleRunAdded', 'ReportScheduleRevised']);
    expect(reportScheduleView(once.state).next_run_at).toBe('2026-11-30T13:00:00.000Z');
    const again = given(reportScheduleDecider, [...events, ...once.events]);
    expect(refusedWith(() => again.when(claim('42', '2026-11-23T13:00:00.000Z'))).code).toBe('conflict');
    expect(refusedWith(() => again.when(claim('42', '2026-11-16T13:00:00.000Z'))).code).toBe('conflict');
    // Run now is no tick of the rhythm: it may run at any time and leaves the next run as it was.
    const now = again.then({ ...claim('43', '2026-11-23T13:00:00.000Z'), manual: true });
    expect(now.events.map((e) => e.type)).toEqual(['ReportScheduleRunAdded']);
  });

  it('given a schedule saved in Chicago, when revised with nothing but the account\'s new zone, then its zone and next run move to it', () => {
    const events = given(reportScheduleDecider, created.events).when({ type: 'ReviseReportSchedule', values: {}, timeZone: 'Europe/Berlin' }, { ...meta(), at: '2026-11-20T15:00:00Z' });
    expect(events).toEqual([{ type: 'ReportScheduleRevised', data: { changes: { time_zone: { old: zone, new: 'Europe/Berlin' }, next_run_at: { old: '2026-11-23T13:00:00.000Z', new: '2026-11-23T06:00:00.000Z' } } } }]);
  });

  it('refuses a client adding a run itself', () => {
    const g = given(reportScheduleDecider, created.events);
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'report_schedule_runs', lineId: '50', values: { tick: 'x', state: 'sent' } } as never)).code).toBe('invalid');
  });
});
