import { describe, expect, it } from 'vitest';
import { helpTicketDecider } from './help-ticket.ts';
import type { HelpTicketEvent } from './events.ts';
import { given } from '../shared/testing.ts';
import { helpTicketView } from './view.ts';
import { awaiting, withArchiveOnClose } from './rules.ts';

const raised: HelpTicketEvent = { type: 'HelpTicketRaised', data: { id: '50', values: { subject: 'Report hangs', ticket_status: 'New', submitter_status: 'New', our_status: 'New', archived: false, submitted_by: '7', submitted_by_name: 'Pat Office' } } };

describe('help ticket decider', () => {
  it('given none, when raised, then New in all three statuses, not archived, with its submitter', () => {
    const [e] = given(helpTicketDecider, []).when({ type: 'RaiseHelpTicket', helpTicketId: '50', values: { subject: 'Report hangs', priority: 'Urgent' }, submitter: { id: '7', name: 'Pat Office' } });
    expect(e.data).toEqual({ id: '50', values: { subject: 'Report hangs', priority: 'Urgent', ticket_status: 'New', submitter_status: 'New', our_status: 'New', archived: false, submitted_by: '7', submitted_by_name: 'Pat Office' } });
  });

  it('given a ticket, when saved with submitter status Closed, then it is archived in the same change', () => {
    const [e] = given(helpTicketDecider, [raised]).when({ type: 'ReviseHelpTicket', values: { submitter_status: 'Closed' } });
    expect(e.data).toEqual({ changes: { submitter_status: { old: 'New', new: 'Closed' }, archived: { old: false, new: true } } });
  });

  it('given a ticket, when saved with ticket status Closed, then archived; raised Closed is archived at once', () => {
    expect(given(helpTicketDecider, [raised]).when({ type: 'ReviseHelpTicket', values: { ticket_status: 'Closed' } })[0].data).toEqual({ changes: { ticket_status: { old: 'New', new: 'Closed' }, archived: { old: false, new: true } } });
    const [e] = given(helpTicketDecider, []).when({ type: 'RaiseHelpTicket', helpTicketId: '51', values: { ticket_status: 'Closed' } });
    expect((e.data as { values: { archived: boolean } }).values.archived).toBe(true);
  });

  it('given a closed ticket, when another field is saved, then it stays archived and nothing else changes', () => {
    const closed = given(helpTicketDecider, [raised, { type: 'HelpTicketRevised', data: { changes: { ticket_status: { old: 'New', new: 'Closed' }, archived: { old: false, new: true } } } }]);
    expect(closed.when({ type: 'ReviseHelpTicket', values: { priority: 'Low' } })[0].data).toEqual({ changes: { priority: { old: null, new: 'Low' } } });
    expect(withArchiveOnClose({ ticket_status: 'Open', archived: false }, { archived: false })).toEqual({ archived: false });
  });

  it('given updates, then the view counts them and says who the ticket awaits', () => {
    const { state } = given(helpTicketDecider, [raised]).then({ type: 'AddLine', collection: 'help_updates', lineId: '60', values: { update: 'Looking into it', update_status: 'Working on it' } });
    expect(helpTicketView(state)).toMatchObject({ update_count: 1, latest_update: { text: 'Looking into it', by: 'Pat Office', status: 'Working on it' }, awaiting: 'office' });
    expect(awaiting({ our_status: 'Awaiting Submitter Response' })).toBe('submitter');
    expect(awaiting({ our_status: 'Done' })).toBeNull();
    expect(awaiting({ our_status: 'Read', submitter_status: 'Closed' })).toBeNull();
  });
});
