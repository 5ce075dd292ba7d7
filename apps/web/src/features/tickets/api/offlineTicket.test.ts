import { describe, expect, it } from 'vitest';
import { tempId } from '../../../lib/offline/outboxLogic';
import { addedLabel, localProductions, localSignature, localTicket, madeLabel, savedLabel, savedOver, signedLabel, withoutTempVersions } from './offlineTicket';
import type { TicketDetail } from './ticketDetailTypes';

const T1 = tempId('11111111-1111-4111-8111-111111111111');
const ticket = { id: 't1', version: 4, account_ticket_number: '12', title: 'Old', ticket_productions: [{ id: 'p1', line_number: 1, feet: 10, version: 2 }, { id: 'p2', line_number: 2, feet: 5, version: 3 }] } as unknown as TicketDetail;

describe('a ticket saved offline shows its change at once', () => {
  it('given a saved field and an edited line, then the ticket shows both and keeps its versions', () => {
    const shown = savedOver(ticket, { title: 'New', ticket_productions: [{ id: 'p2', feet: 50, version: 3 }] });
    expect(shown.title).toBe('New');
    expect(shown.version).toBe(4);
    expect(shown.ticket_productions).toEqual([{ id: 'p1', line_number: 1, feet: 10, version: 2 }, { id: 'p2', line_number: 2, feet: 50, version: 3 }]);
  });

  it('given lines added offline, then they are numbered after the last under their temporary ids', () => {
    expect(localProductions(ticket, [{ work_type: 'Dirt-Bore' }, { work_type: 'Splice', line_number: 1 }], [T1, 'tmp-2']).map((l) => [l.id, l.line_number])).toEqual([
      [T1, 3],
      ['tmp-2', 1],
    ]);
  });

  it('given an edit of a line added offline, then it is sent with no version (the server has none of it yet)', () => {
    expect(withoutTempVersions({ ticket_productions: [{ id: T1, feet: 3, version: 0 }, { id: 'p1', feet: 1, version: 2 }] })).toEqual({ ticket_productions: [{ id: T1, feet: 3 }, { id: 'p1', feet: 1, version: 2 }] });
  });

  it('given a kept command, then its label says what it does in words', () => {
    expect(savedLabel(ticket, { title: 'x', ticket_productions: [] })).toBe('Ticket 12: saved Title and production lines');
    expect(addedLabel(undefined, 2)).toBe('New ticket: 2 production lines added');
  });
});

describe('a ticket made offline shows on the device until the server numbers it', () => {
  it('given its job, task and title, then it is on its job, unnumbered, unsigned, no lines, version 0', () => {
    const t = localTicket(T1, { form_type: 'attorca_ticket', ticket_status: 'New', title: 'Day 2', job: 'j1', job_task_ref: 'k1' });
    expect([t.id, t.version, t.account_ticket_number, t.job_ref_id, t.job_task_ref, t.title, t.signature_status, t.feet_total]).toEqual([T1, 0, null, 'j1', 'k1', 'Day 2', 'unsigned', 0]);
    expect(t.ticket_productions).toBeUndefined();
    expect(madeLabel({ title: 'Day 2' })).toBe('New ticket Day 2 made');
    expect(madeLabel({})).toBe('New ticket made');
  });
});

describe('a signature taken offline', () => {
  it('given a signature on the pad, then it shows at once under its temporary id, taken by this user now, with no fingerprint yet; its label names who signed', () => {
    const line = localSignature(T1, { signer_name: 'Cass Ames', signature_image: 'data:image/png;base64,x' }, 'Frank Field', '2026-11-27T18:00:00.000Z');
    expect(line).toMatchObject({ id: T1, signer_name: 'Cass Ames', signer_title: null, signed_by: 'Frank Field', signed_at: '2026-11-27T18:00:00.000Z', fingerprint_short: null, changes_since: [] });
    expect(signedLabel(ticket, 'customer_signatures', 'Cass Ames')).toBe('Ticket 12: customer signature of Cass Ames');
    expect(signedLabel(undefined, 'worker_signatures', 'Wes')).toBe('New ticket: worker signature of Wes');
  });
});
