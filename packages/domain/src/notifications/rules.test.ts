import { describe, expect, it } from 'vitest';
import { given } from '../shared/testing.ts';
import { DEFAULT_LOCATE_RULES } from '../locates/rules.ts';
import { DEFAULT_NOTIFICATION_RULES, notificationRulesDecider, notificationRulesOf } from './notification-rules.ts';
import { notificationPreferencesFields, notificationWords } from './kinds.ts';
import { addressed, finishedConditions, helpConditions, jobUsers, locateConditions, permitConditions, ticketConditions, type JobRow, type LocateRow } from './rules.ts';

const job: JobRow = { id: '10', account_job_number: 'J-1', crew_string: 'Crew A', segment_plan_feet: 0, segment_total_feet: 0, work_status: 'In Progress', archived: false, permit_expiration_date: null };
const locate: LocateRow = { id: '20', current_ticket_number: 'T-1', current_date_expiration: '2026-12-01', locate_status: 'Active', archived: false, job_ref: '10' };
const working = { ...DEFAULT_LOCATE_RULES, ticket_life_basis: 'working' as const };

describe('notification rules (the account N)', () => {
  it('given a new record, then the defaults; given a revision, then the new N, and empty goes back to the default', () => {
    const opened = given(notificationRulesDecider, []).then({ type: 'OpenRecord', id: '5' });
    expect(notificationRulesOf(opened.state)).toEqual(DEFAULT_NOTIFICATION_RULES);
    const revised = given(notificationRulesDecider, opened.events).then({ type: 'ReviseNotificationRules', values: { permit_days: 14, locate_working_days: null } as never });
    expect(notificationRulesOf(revised.state)).toEqual({ locate_working_days: 2, permit_days: 14, ticket_approval_days: 3 });
  });
});

describe('which conditions hold', () => {
  it('given a locate on planned work expiring in 2 working days (a weekend between), then it holds with its expiry in the key; 3 working days away, not', () => {
    const jobs = new Map([['10', job]]);
    // Thursday 2026-11-26: two working days on is Monday 2026-11-30.
    expect(locateConditions([{ ...locate, current_date_expiration: '2026-11-30' }], jobs, working, 2, '2026-11-26').map((c) => c.key)).toEqual(['locate_expiring:20:2026-11-30']);
    expect(locateConditions([{ ...locate, current_date_expiration: '2026-12-01' }], jobs, working, 2, '2026-11-26')).toEqual([]);
    expect(locateConditions([{ ...locate, current_date_expiration: '2026-11-20' }], jobs, working, 2, '2026-11-26')[0].facts).toMatchObject({ daysLeft: -6 });
  });

  it('given no planned work on its job, or a completed locate, then no condition', () => {
    expect(locateConditions([{ ...locate, current_date_expiration: '2026-11-27' }], new Map([['10', { ...job, crew_string: null }]]), working, 2, '2026-11-26')).toEqual([]);
    expect(locateConditions([{ ...locate, current_date_expiration: '2026-11-27', locate_status: 'Completed' }], new Map([['10', job]]), working, 2, '2026-11-26')).toEqual([]);
  });

  it('given a permit 7 days out and a ticket 4 days unapproved, then both hold; an approved ticket does not', () => {
    expect(permitConditions([{ ...job, permit_expiration_date: '2026-12-03' }], [{ job_id: '10', line_id: '11', task_id: 'T7', task_permit_expiration_date: '2026-12-04' }], 7, '2026-11-26').map((c) => c.key)).toEqual(['permit_expiring:job:10:2026-12-03']);
    const ticket = { id: '30', account_ticket_number: '1001', ticket_status: 'New', created_date: '2026-11-22', archived: false };
    expect(ticketConditions([ticket], 3, '2026-11-26').map((c) => c.key)).toEqual(['ticket_awaiting_approval:30']);
    expect(ticketConditions([{ ...ticket, ticket_status: 'Approved' }], 3, '2026-11-26')).toEqual([]);
  });

  it('given a help ticket awaiting its submitter, then its submitter; reports older than a day are left', () => {
    const help = { id: '40', subject: 'Login', submitted_by: '7', ticket_status: 'Open', submitter_status: 'New', our_status: 'Awaiting Submitter Response', archived: false };
    expect(helpConditions([help])[0].to).toEqual({ users: ['7'] });
    expect(helpConditions([{ ...help, our_status: 'Read' }])).toEqual([]);
    const now = new Date('2026-11-26T12:00:00Z');
    const rows = [{ id: '1', requested_by: '7', label: 'Jobs', failed: false, ended_at: '2026-11-26T11:00:00Z', message: null }, { id: '2', requested_by: '7', label: 'Old', failed: true, ended_at: '2026-11-25T11:00:00Z', message: 'x' }];
    expect(finishedConditions('report_finished', rows, now).map((c) => c.key)).toEqual(['report_finished:1']);
  });
});

describe("a job's users and the words", () => {
  const users = [
    { id: '1', email: 'boss@x.example', role: 'admin', active: true },
    { id: '2', email: 'Coord@x.example', role: 'field', active: true },
    { id: '3', email: 'crew@x.example', role: 'field', active: true },
  ];
  it('given assigned users and a coordinator who is a user, then them; given neither, the office and admin users', () => {
    expect(jobUsers({ assigned_user_ids: ['3'], coordinator_email: 'coord@x.example ' }, users).sort()).toEqual(['2', '3']);
    expect(jobUsers({ assigned_user_ids: [], coordinator_email: null }, users)).toEqual(['1']);
    const [c] = locateConditions([{ ...locate, current_date_expiration: '2026-11-27' }], new Map([['10', job]]), working, 2, '2026-11-26');
    expect(addressed([c], () => ['3', '3'], ['1'])).toEqual([{ condition: c, userId: '3' }]);
    expect(notificationWords(c.record, c.facts)).toEqual({ title: 'Locate T-1 expiring', body: 'The locate on job J-1 expires 11/27/2026, in 1 day, and work is planned there. Re-up it.' });
  });

  it('given preferences naming an unknown kind or channel, then refused naming it', () => {
    expect(notificationPreferencesFields.safeParse({ locate_expiring: 'email' }).success).toBe(true);
    expect(notificationPreferencesFields.safeParse({ locate_expiring: 'sms' }).error?.issues[0].path).toEqual(['locate_expiring']);
    expect(notificationPreferencesFields.safeParse({ weather: 'app' }).error?.issues[0].path).toEqual(['weather']);
  });
});
