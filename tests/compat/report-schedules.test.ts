/**
 * The spec's client on report schedules (issue 33) and the account's time zone: it keeps what GET
 * answered, edits it and PUTs it back whole, twice, computed fields (next_run_at, runs, rhythm_words)
 * included, numbers as text. Calls: POST and GET report_schedules/, GET and PUT report_schedules/{id}/,
 * GET and PUT settings/time_zone/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, expectInvalid, missingNames, type Obj } from './specClient.ts';

const { office, eventCount } = apiTest('compat_report_schedules', { now: () => new Date('2026-11-20T15:00:00Z') });
const spec = new SpecClient(office);
let userId = '';
beforeAll(async () => {
  userId = (await office.get('/api/auth/me')).body.user.id;
});

describe('a report schedule as the spec client keeps it', () => {
  it('given a new schedule, when the screen PUTs the kept object back whole twice (numbers as text, computed fields sent back), then each save stands and the computed fields are the server\'s', async () => {
    const made = await spec.create('/api/report_schedules/', { name: 'Weekly help', list: 'help_tickets', report: 'management', format: 'xlsx', rhythm: { every: 'week', weekday: '1', at: '07:00' }, recipients: { users: [userId], emails: [] } });
    const kept: Obj = await spec.load(`/api/report_schedules/${made.id}/`);
    expect(missingNames(kept, 'id name list report format filter rhythm recipients active next_run_at rhythm_words runs time_zone')).toBe('');
    expect(kept.next_run_at).toBe('2026-11-23T13:00:00.000Z');
    const first = await spec.save(`/api/report_schedules/${made.id}/`, kept, { name: 'Monday help', next_run_at: '2030-01-01T00:00:00Z', runs: [{ id: '1', state: 'sent' }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ name: 'Monday help', next_run_at: '2026-11-23T13:00:00.000Z' });
    kept.rhythm = { ...kept.rhythm, weekday: '3' };
    const second = await spec.save(`/api/report_schedules/${made.id}/`, kept, { format: 'pdf' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ name: 'Monday help', format: 'pdf', rhythm_words: 'Wednesdays at 07:00 (America/Chicago)', next_run_at: '2026-11-25T13:00:00.000Z' });
    // The same object once more changes nothing.
    const before = await eventCount();
    expect((await spec.save(`/api/report_schedules/${made.id}/`, kept)).status).toBe(200);
    expect(await eventCount()).toBe(before);
    expectInvalid(await spec.save(`/api/report_schedules/${made.id}/`, kept, { rhythm: { every: 'month', at: '07:00' } }), 'rhythm.month_day');
    expect(await eventCount()).toBe(before);
  });
});

describe('the account time zone', () => {
  it('given the default zone, when it is PUT back changed, then the new zone stands and an unknown one is a 400 naming time_zone', async () => {
    const kept: Obj = await spec.load('/api/settings/time_zone/');
    expect(kept.time_zone).toBe('America/Chicago');
    const r = await spec.save('/api/settings/time_zone/', kept, { time_zone: 'America/Denver' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await spec.load('/api/settings/time_zone/')).time_zone).toBe('America/Denver');
    expectInvalid(await spec.save('/api/settings/time_zone/', kept, { time_zone: 'Mars/Olympus' }), 'time_zone');
    const history = (await office.get('/api/settings/account/history/')).body;
    expect(JSON.stringify(history)).toContain('America/Denver');
  });
});
