import { describe, expect, it } from 'vitest';
import { helpTicketDecider, type HelpTicketState } from './help-ticket.ts';
import type { HelpTicketCommand } from './commands.ts';
import { helpTicketView } from './view.ts';
import { helpManagementRows, latestUpdateText, priorityCounts } from './report-rows.ts';
import { meta } from '../shared/testing.ts';

let nextLine = 900;

/** A ticket built through the decider, its view as the help list stores it. */
function ticket(id: string, values: Record<string, unknown>, updates: Record<string, unknown>[] = [], revise?: Record<string, unknown>) {
  let state: HelpTicketState = helpTicketDecider.initialState;
  const run = (c: HelpTicketCommand) => {
    for (const e of helpTicketDecider.decide(c, state, meta())) state = helpTicketDecider.evolve(state, e, meta());
  };
  run({ type: 'RaiseHelpTicket', helpTicketId: id, values, submitter: { id: '7', name: 'Pat Office' } });
  for (const u of updates) run({ type: 'AddLine', collection: 'help_updates', lineId: String(nextLine++), values: u });
  if (revise) run({ type: 'ReviseHelpTicket', values: revise });
  return helpTicketView(state) as Record<string, unknown>;
}

const old = ticket('8', { subject: 'Invoice total off', ticket_type: 'Billing Issue', priority: 'Urgent', submitter_mood: 'Unhappy', completion_date: '2026-12-01' }, [
  { update: 'Looking into it', update_status: 'Working on it' },
  { update: 'Fixed in the next release', update_status: 'Done' },
]);
const closed = ticket('12', { subject: 'Love the map', ticket_type: 'Kudos!', priority: 'Low', submitter_mood: 'Yay!' }, [], { ticket_status: 'Closed' });
const newest = ticket('30', { subject: 'App crashes on save', ticket_type: 'App Issue', priority: 'Critical', submitter_mood: 'Grrr' });
const unset = ticket('9', { subject: 'Question' });

describe('the help management report rows', () => {
  it('given tickets in any order, when shaped, then newest first (the list’s order) with each ticket’s fields', () => {
    const { rows } = helpManagementRows([old, closed, unset, newest]);
    expect(rows.map((r) => r.id)).toEqual(['30', '12', '9', '8']);
    expect(rows[3]).toEqual({
      id: '8',
      subject: 'Invoice total off',
      ticket_type: 'Billing Issue',
      priority: 'Urgent',
      submitter_mood: 'Unhappy',
      ticket_status: 'New',
      submitter_status: 'New',
      our_status: 'New',
      submitted_by: 'Pat Office',
      created: old.created_at,
      completion_date: '2026-12-01',
      updates: 2,
      latest_update: 'Pat Office (Done): Fixed in the next release',
      open: true,
    });
    expect(rows[1]).toMatchObject({ ticket_status: 'Closed', updates: 0, latest_update: null, open: false });
  });

  it('given ids past 2^53, when shaped, then still newest first', () => {
    const ids = helpManagementRows([{ id: '9007199254740993' }, { id: '9007199254740995' }, { id: '10' }]).rows.map((r) => r.id);
    expect(ids).toEqual(['9007199254740995', '9007199254740993', '10']);
  });

  it('given tickets, when totalled, then the count, the open ones (not closed, not archived) and the count per priority, most pressing first', () => {
    const archived = ticket('40', { subject: 'Old', priority: 'Urgent', archived: true });
    const { totals, label, priorities } = helpManagementRows([old, closed, unset, newest, archived]);
    expect(totals).toEqual({
      tickets: 5,
      open: 3,
      updates: 2,
      by_priority: [
        { priority: 'Critical', count: 1 },
        { priority: 'Urgent', count: 2 },
        { priority: 'Low', count: 1 },
        { priority: null, count: 1 },
      ],
    });
    expect(label).toBe('Totals (5 tickets)');
    expect(priorities).toBe('Critical 1, Urgent 2, Low 1, None 1');
    expect(helpManagementRows([newest]).label).toBe('Totals (1 ticket)');
  });

  it('given nothing selected, then no rows and zero totals', () => {
    expect(helpManagementRows([])).toEqual({ rows: [], totals: { tickets: 0, open: 0, updates: 0, by_priority: [] }, label: 'Totals (0 tickets)', priorities: '' });
  });

  it('given a priority outside the list, then it is counted after the known ones', () => {
    expect(priorityCounts([{ priority: 'Someday' }, { priority: 'Normal' }, { priority: null }])).toEqual([
      { priority: 'Normal', count: 1 },
      { priority: 'Someday', count: 1 },
      { priority: null, count: 1 },
    ]);
  });

  it('given a latest update with or without its author and status, then one cell says what is known', () => {
    expect(latestUpdateText({ text: 'On it', by: 'Dana', status: 'Read' })).toBe('Dana (Read): On it');
    expect(latestUpdateText({ text: 'On it', by: null, status: null })).toBe('On it');
    expect(latestUpdateText({ text: '', by: 'Dana', status: null })).toBe('Dana');
    expect(latestUpdateText(null)).toBeNull();
  });
});
