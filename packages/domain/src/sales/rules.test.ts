import { describe, expect, it } from 'vitest';
import { contactName, orgTypeSent, weeklyHours, weekStart } from './rules.ts';
import { salesOrganizationDecider, type SalesOrganizationState } from './organization.ts';
import type { SalesOrganizationCommand } from './commands.ts';
import { meta, refusedWith } from '../shared/testing.ts';

describe('a contact’s name', () => {
  it('given a name, then it is shown; else first and last name; else none', () => {
    expect(contactName({ id: '1', name: ' Dana Reyes ', first_name: 'D', last_name: 'R' })).toBe('Dana Reyes');
    expect(contactName({ id: '1', name: '', first_name: 'Sam', last_name: 'Ortiz' })).toBe('Sam Ortiz');
    expect(contactName({ id: '1', first_name: 'Sam', last_name: null })).toBe('Sam');
    expect(contactName({ id: '1' })).toBeNull();
  });
});

describe('the week of a day', () => {
  it('given any day, then its week starts on the Monday', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    // Sunday belongs to the week that began six days before.
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-03-01')).toBe('2026-02-23');
  });
});

describe('the weekly hours', () => {
  it('given activities of two users, when summed for a week, then each user’s hours per day Monday to Sunday and the total, by name; other weeks and non-numbers left out', () => {
    const week = weeklyHours(
      [
        { user: 'Pat Office', activity_date: '2026-11-23', hours: 1.5 },
        { user: 'Pat Office', activity_date: '2026-11-23', hours: '0.1' },
        { user: 'Pat Office', activity_date: '2026-11-29', hours: 0.2 },
        { user: 'Dana Sales', activity_date: '2026-11-25', hours: 3 },
        { user: 'Dana Sales', activity_date: '2026-11-30', hours: 8 },
        { user: 'Dana Sales', activity_date: null, hours: 2 },
        { user: null, activity_date: '2026-11-24', hours: 'lots' },
        { user: null, activity_date: '2026-11-24', hours: 1 },
      ],
      '2026-11-23',
    );
    expect(week.week).toBe('2026-11-23');
    expect(week.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(week.users).toEqual([
      { user: 'Dana Sales', days: [0, 0, 3, 0, 0, 0, 0], total: 3 },
      { user: 'Pat Office', days: [1.6, 0, 0, 0, 0, 0, 0.2], total: 1.8 },
      { user: 'Unknown', days: [0, 1, 0, 0, 0, 0, 0], total: 1 },
    ]);
  });
});

/** An organisation built through the decider. */
function organization(commands: SalesOrganizationCommand[]) {
  let state: SalesOrganizationState = salesOrganizationDecider.initialState;
  for (const c of commands) for (const e of salesOrganizationDecider.decide(c, state, meta())) state = salesOrganizationDecider.evolve(state, e, meta());
  return state;
}
const add = (collection: string, lineId: string, values: Record<string, unknown>) => ({ type: 'AddLine', collection, lineId, values }) as SalesOrganizationCommand;

describe('the organisation’s line numbers', () => {
  it('given e-mails, calls and meetings added without numbers, then each kind is numbered 1, 2, … in order, after the highest sent', () => {
    const s = organization([
      { type: 'CreateSalesOrganization', organizationId: '80', values: { name: 'Acme Utility' } },
      add('sales_phonecalls', '81', { name: 'Dana' }),
      add('sales_phonecalls', '82', { name: 'Dana again' }),
      add('sales_meetings', '83', { meeting_line_number: 7, name: 'Demo' }),
      add('sales_meetings', '84', { name: 'Follow-up' }),
      add('sales_emails', '85', { subject: 'Hello' }),
    ]);
    expect(s.lines.sales_phonecalls['81'].phonecall_line_number).toBe(1);
    expect(s.lines.sales_phonecalls['82'].phonecall_line_number).toBe(2);
    expect(s.lines.sales_meetings['83'].meeting_line_number).toBe(7);
    expect(s.lines.sales_meetings['84'].meeting_line_number).toBe(8);
    expect(s.lines.sales_emails['85'].email_line_number).toBe(1);
  });

  it('given a new organisation with nothing sent, then it is a Lead, New and not archived', () => {
    expect(organization([{ type: 'CreateSalesOrganization', organizationId: '80', values: { name: 'Acme Utility' } }]).fields).toMatchObject({ name: 'Acme Utility', org_type: 'Lead', status: 'New', archived: false });
  });
});

describe('the type under the spec\'s name (issue 28)', () => {
  it('given only one of type and org_type, then that one; neither, nothing', () => {
    expect(orgTypeSent({ type: 'Contact' })).toBe('Contact');
    expect(orgTypeSent({ org_type: 'Contact' })).toBe('Contact');
    expect(orgTypeSent({})).toBeUndefined();
  });

  it('given both, then the one that differs from the type its author saw is the edit; otherwise type', () => {
    expect(orgTypeSent({ org_type: 'Lead', type: 'Contact' }, 'Lead')).toBe('Contact');
    expect(orgTypeSent({ org_type: 'Contact', type: 'Lead' }, 'Lead')).toBe('Contact');
    expect(orgTypeSent({ org_type: 'Lead', type: 'Contact' }, 'Subscriber')).toBe('Contact');
    expect(orgTypeSent({ org_type: 'Lead', type: 'Contact' })).toBe('Contact');
    expect(orgTypeSent({ org_type: 'Lead', type: null }, 'Lead')).toBeNull();
    // The same kept object saved again after its own edit of type: the author saw Lead, so type is still the edit.
    expect(orgTypeSent({ org_type: 'Lead', type: 'Contact' }, 'Lead')).toBe('Contact');
  });
});

describe('an activity is always dated (issue 28)', () => {
  const org = { type: 'CreateSalesOrganization', organizationId: '80', values: { name: 'Acme Utility' } } as SalesOrganizationCommand;

  it('given an activity added without a date, then it takes the day of the write\'s clock; one sent stands', () => {
    const s = organization([org, add('sales_activities', '90', { hours: 2, activity_date: '' }), add('sales_activities', '91', { hours: 1, activity_date: '2026-11-18' })]);
    expect(s.lines.sales_activities['90'].activity_date).toBe('2026-11-20');
    expect(s.lines.sales_activities['91'].activity_date).toBe('2026-11-18');
  });

  it('given a dated activity, when an edit takes its date away, then refused naming activity_date; changing it is fine', () => {
    const s = organization([org, add('sales_activities', '90', { hours: 2 })]);
    const e = refusedWith(() => salesOrganizationDecider.decide({ type: 'ReviseLine', collection: 'sales_activities', lineId: '90', values: { activity_date: null } } as SalesOrganizationCommand, s, meta()));
    expect(e.fields).toEqual({ activity_date: 'an activity needs its date' });
    expect(salesOrganizationDecider.decide({ type: 'ReviseLine', collection: 'sales_activities', lineId: '90', values: { activity_date: '2026-11-19', hours: 3 } } as SalesOrganizationCommand, s, meta())).toHaveLength(1);
  });
});

