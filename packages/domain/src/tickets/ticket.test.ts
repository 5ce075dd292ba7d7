import { describe, expect, it } from 'vitest';
import { ticketAlongside, ticketDecider } from './ticket.ts';
import type { TicketEvent } from './events.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { ticketProductions } from './collections.ts';
import { contentFingerprint, signedContent } from './signatures.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { dataUrlOf, pngBytes } from '../shared/image-testing.ts';

type Any = TicketEvent | DomainEvent;
const created: Any = { type: 'TicketCreated', data: { id: '9', values: { form_type: 'base_ticket', ticket_status: 'New', title: 'Bore', job: '5', account_ticket_number: '1001', archived: false, public: false, approved: false, approval_date: null } } };
/** A drawn signature as the pad sends it: a real PNG data URL. */
const png = dataUrlOf(pngBytes(300, 90));
const add = (collection: string, lineId: string, values: Record<string, unknown>) => ({ type: 'AddLine' as const, collection, lineId, values });

/** The state after the given events and each command in turn. */
function run(events: Any[], ...commands: object[]) {
  let all = [...events];
  for (const c of commands) all = [...all, ...given(ticketDecider, all as TicketEvent[]).when(c as never)];
  return { events: all, state: given(ticketDecider, all as TicketEvent[]).state };
}

describe('creating a ticket', () => {
  it('given no ticket, when created, then New with the counter\'s number and today as created_date, not approved', () => {
    const [e] = given(ticketDecider, []).when({ type: 'CreateTicket', ticketId: '9', values: { form_type: 'base_ticket', title: 'Bore', job: '5', account_ticket_number: '77' } as never, ticketNumber: '1001', today: '2026-11-20' });
    expect(e.type).toBe('TicketCreated');
    expect((e.data as { values: object }).values).toMatchObject({ ticket_status: 'New', account_ticket_number: '1001', created_date: '2026-11-20', approved: false, approval_date: null, title: 'Bore', job: '5' });
  });
});

describe('approving a ticket', () => {
  it('given a New ticket, when approved, then Approved, approved, dated today and by who approved', () => {
    const { state } = run([created], { type: 'ApproveTicket', today: '2026-11-21' });
    expect(state.fields).toMatchObject({ ticket_status: 'Approved', approved: true, approval_date: '2026-11-21', approved_by: 'Pat Office' });
  });

  it('given an approved ticket, when approved again, then nothing happens', () => {
    const { events } = run([created], { type: 'ApproveTicket', today: '2026-11-21' });
    expect(given(ticketDecider, events as TicketEvent[]).when({ type: 'ApproveTicket', today: '2026-11-22' })).toEqual([]);
  });

  it('given a ticket, when revised to status Approved, then approved and dated; to Edit Requested, then un-approved', () => {
    const approved = run([created], { type: 'ReviseTicket', values: { ticket_status: 'Approved' }, today: '2026-11-21' });
    expect(approved.state.fields).toMatchObject({ ticket_status: 'Approved', approved: true, approval_date: '2026-11-21' });
    const back = run(approved.events, { type: 'RequestTicketEdit' });
    expect(back.state.fields).toMatchObject({ ticket_status: 'Edit Requested', approved: false });
    const revisedBack = run(approved.events, { type: 'ReviseTicket', values: { ticket_status: 'Edit Requested' } });
    expect(revisedBack.state.fields).toMatchObject({ ticket_status: 'Edit Requested', approved: false });
  });

  it('given an approved ticket, when invoiced, then it stays approved with its date', () => {
    const approved = run([created], { type: 'ApproveTicket', today: '2026-11-21' }, { type: 'ReviseTicket', values: { ticket_status: 'Invoiced' }, today: '2026-11-25' });
    expect(approved.state.fields).toMatchObject({ ticket_status: 'Invoiced', approved: true, approval_date: '2026-11-21' });
  });

  it('given a client sending approved or approval_date, then they are ignored', () => {
    const { state } = run([created], { type: 'ReviseTicket', values: { approved: true, approval_date: '2026-01-01', title: 'Plow' } });
    expect(state.fields).toMatchObject({ approved: false, title: 'Plow' });
    expect(state.fields.approval_date).toBeNull();
  });
});

describe('production lines', () => {
  const three = [created, ...run([created], add('ticket_productions', '41', { line_number: 1, work_type: 'Dirt-Bore', feet: 100 }), add('ticket_productions', '42', { line_number: 2, work_type: 'Handhole', qty: 1 })).events.slice(1)];

  it('given lines 1 and 2, when a line is added at number 1, then it is inserted there, marked line_inserted, and the others move down', () => {
    const { state } = run(three, add('ticket_productions', '43', { line_number: 1, work_type: 'Splice', qty: 2 }));
    const lines = linesOfCollection(state.lines, ticketProductions);
    expect(lines.map((l) => [l.id, l.line_number, l.line_inserted])).toEqual(expect.arrayContaining([['43', 1, true], ['41', 2, false], ['42', 3, false]]));
  });

  it('given a line with feet, when zeroed, then qty and feet are 0', () => {
    const { state } = run(three, { type: 'ReviseLine', collection: 'ticket_productions', lineId: '41', values: { line_zeroed: true } });
    expect(state.lines.ticket_productions['41']).toMatchObject({ line_zeroed: true, feet: 0, qty: 0 });
  });

  it('given a line added zeroed, then its qty and feet are 0', () => {
    const { state } = run(three, add('ticket_productions', '44', { work_type: 'Splice', qty: 5, line_zeroed: true }));
    expect(state.lines.ticket_productions['44']).toMatchObject({ line_zeroed: true, feet: 0, qty: 0, line_number: 3 });
  });
});

describe('signatures', () => {
  it('given no name or no image, then refused naming the field', () => {
    expect(refusedWith(() => run([created], add('ticket_customer_signatures', '81', { signature_image: png }))).fields).toHaveProperty('signer_name');
    expect(refusedWith(() => run([created], add('ticket_worker_signatures', '81', { signer_name: 'Sam' }))).fields).toHaveProperty('signature_image');
  });

  it.each([
    ['4000x4000 pixels (a few KB compressed)', dataUrlOf(pngBytes(4000, 4000, { rows: new Uint8Array(8) })), 'is 4000x4000 pixels; a signature may be at most 2000x1000'],
    ['an SVG wrapped as a PNG data URL', `data:image/png;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`, 'must be a PNG image'],
  ])('given a signature image of %s, when signed, then refused naming signature_image', (_what, image, why) => {
    expect(refusedWith(() => run([created], add('ticket_customer_signatures', '81', { signer_name: 'Sam', signature_image: image }))).fields).toEqual({ signature_image: why });
  });

  it('given a ticket with a line, when signed, then the signature carries the content and its fingerprint', () => {
    const withLine = run([created], add('ticket_productions', '41', { line_number: 1, work_type: 'Dirt-Bore', feet: 100 }));
    const { state } = run(withLine.events, add('ticket_customer_signatures', '81', { signer_name: 'Sam', signature_image: png }));
    const sig = state.lines.ticket_customer_signatures['81'];
    const content = signedContent(withLine.state.fields as Record<string, unknown>, withLine.state.lines);
    expect(sig.signed_content).toEqual(content);
    expect(sig.fingerprint).toBe(contentFingerprint(content));
  });

  describe('signed on a device (offline): the content the signer saw', () => {
    const withLine = run([created], add('ticket_productions', '41', { line_number: 1, work_type: 'Dirt-Bore', feet: 100 }));
    const seen = signedContent(withLine.state.fields as Record<string, unknown>, withLine.state.lines);
    const sign = (signed_content: unknown) => add('ticket_customer_signatures', '81', { signer_name: 'Sam', signature_image: png, signed_content });
    const changedMeanwhile = run(withLine.events, { type: 'ReviseLine', collection: 'ticket_productions', lineId: '41', values: { feet: 150 } });

    it('given the content the signer saw is the ticket as it stands, when signed, then it is recorded with the server\'s fingerprint and marked signed on the device', () => {
      const sig = run(withLine.events, sign(seen)).state.lines.ticket_customer_signatures['81'];
      expect(sig.signed_content).toEqual(seen);
      expect(sig.fingerprint).toBe(contentFingerprint(seen));
      expect(sig.signed_on_device).toBe(true);
    });

    it('given a line changed by someone else after the signer saw it, when the signature arrives, then it records what the signer saw, not the ticket now', () => {
      const sig = run(changedMeanwhile.events, sign(seen)).state.lines.ticket_customer_signatures['81'];
      expect(sig.signed_content).toEqual(seen);
      expect(sig.fingerprint).not.toBe(contentFingerprint(signedContent(changedMeanwhile.state.fields as Record<string, unknown>, changedMeanwhile.state.lines)));
    });

    it('given no signed_content (the spec\'s client), when signed, then the ticket as it stands, as before', () => {
      const sig = run(changedMeanwhile.events, sign(undefined)).state.lines.ticket_customer_signatures['81'];
      expect(sig.signed_content).toEqual(signedContent(changedMeanwhile.state.fields as Record<string, unknown>, changedMeanwhile.state.lines));
      expect(sig.signed_on_device).toBeUndefined();
    });

    it('given a device that left out what it did not hold (the number, a collection, a field), then those are the ticket\'s as it stands', () => {
      const { account_ticket_number: _n, ...fields } = seen.fields;
      const sig = run(withLine.events, sign({ fields, lines: { ticket_productions: { 41: { line_number: '1', work_type: 'Dirt-Bore', feet: '100' } } } })).state.lines.ticket_customer_signatures['81'];
      expect(sig.signed_content).toEqual(seen);
      expect(run(withLine.events, sign({ ...seen, fields: { ...seen.fields, account_ticket_number: null } })).state.lines.ticket_customer_signatures['81'].fingerprint).toBe(contentFingerprint(seen));
    });

    it.each([
      ['an unknown field', { ...seen, fields: { ...seen.fields, notes: 'x' } }, /fields Unrecognized key/],
      ['an unknown collection', { ...seen, lines: { ...seen.lines, ticket_notes: {} } }, /lines Unrecognized key/],
      ['a value that is not text', { ...seen, lines: { ...seen.lines, ticket_productions: { 41: { feet: 100 } } } }, /ticket_productions\.41\.feet must be text or null/],
      ['no lines', { fields: seen.fields }, /lines/],
      ['not an object', 'all of it', /must be the content the signer saw/],
      ['another ticket\'s number', { ...seen, fields: { ...seen.fields, account_ticket_number: '77' } }, /is of ticket 77, not of ticket 1001/],
      ['a line the server has not made', { ...seen, lines: { ...seen.lines, ticket_productions: { 'tmp-0b7c1c5e-6a4f-4a43-9c8e-1d2f3a4b5c6d': { feet: '3' } } } }, /has not made yet/],
    ])('given signed_content with %s, when signed, then refused naming signed_content and nothing recorded', (_what, content, why) => {
      const e = refusedWith(() => run(withLine.events, sign(content)));
      expect(Object.keys(e.fields ?? {})).toEqual(['signed_content']);
      expect(e.fields?.signed_content).toMatch(why);
    });
  });

  it('given a signature, when edited, then refused; deleting it is allowed', () => {
    const signed = run([created], add('ticket_worker_signatures', '81', { signer_name: 'Sam', signature_image: png }));
    const e = refusedWith(() => run(signed.events, { type: 'ReviseLine', collection: 'ticket_worker_signatures', lineId: '81', values: { signer_name: 'Kim' } }));
    expect(e.fields).toEqual({ signer_name: 'a signature cannot be changed' });
    expect(run(signed.events, { type: 'RemoveLine', collection: 'ticket_worker_signatures', lineId: '81' }).state.lines.ticket_worker_signatures?.['81']).toBeUndefined();
  });
});

describe('approval always says who and when (issue 28)', () => {
  const sam = meta({ userName: 'Sam Super', at: '2026-11-23T09:00:00.000Z' });
  /** Each command in turn, decided with `m`. */
  function runAs(m: typeof sam, events: Any[], ...commands: object[]) {
    let all = [...events];
    for (const c of commands) all = [...all, ...given(ticketDecider, all as TicketEvent[], m).when(c as never)];
    return { events: all, state: given(ticketDecider, all as TicketEvent[], m).state };
  }

  it.each(['Approved', 'Invoiced', 'Paid', 'Resolved'])('given a ticket created %s, then approved by its writer on the server\'s day, whatever the client sent', (status) => {
    const [e] = given(ticketDecider, [], sam).when({ type: 'CreateTicket', ticketId: '9', values: { form_type: 'base_ticket', ticket_status: status, approved_by: 'Mallory', approval_date: '2020-01-01', approved: false } as never, ticketNumber: '1001', today: '2026-11-23' });
    expect((e.data as { values: object }).values).toMatchObject({ ticket_status: status, approved: true, approval_date: '2026-11-23', approved_by: 'Sam Super' });
  });

  it('given a ticket created New, then nobody approved it', () => {
    const [e] = given(ticketDecider, [], sam).when({ type: 'CreateTicket', ticketId: '9', values: { form_type: 'base_ticket', approved_by: 'Mallory' } as never, ticketNumber: '1001', today: '2026-11-23' });
    expect((e.data as { values: object }).values).toMatchObject({ approved: false, approval_date: null, approved_by: null });
  });

  it('given a New ticket, when a save sets its status Approved, then who saved it approved it, today; a stale approved_by sent is ignored', () => {
    const { state } = runAs(sam, [created], { type: 'ReviseTicket', values: { ticket_status: 'Approved', approved_by: 'Mallory', approval_date: '2020-01-01' } });
    expect(state.fields).toMatchObject({ ticket_status: 'Approved', approved: true, approval_date: '2026-11-23', approved_by: 'Sam Super' });
  });

  it('given an approved ticket, when it leaves the approved statuses (by save or by request_edit), then who and when are cleared, and the event keeps the old values', () => {
    const approved = run([created], { type: 'ApproveTicket', today: '2026-11-21' });
    for (const c of [{ type: 'ReviseTicket', values: { ticket_status: 'Issue' } }, { type: 'RequestTicketEdit' }]) {
      const back = runAs(sam, approved.events, c);
      expect(back.state.fields).toMatchObject({ approved: false, approval_date: null, approved_by: null });
      expect((back.events.at(-1)!.data as { changes: object }).changes).toMatchObject({ approval_date: { old: '2026-11-21', new: null }, approved_by: { old: 'Pat Office', new: null } });
    }
  });

  it('given a ticket approved by one user, when another moves it to Paid and then approves it again, then the first approval stands', () => {
    const approved = run([created], { type: 'ApproveTicket', today: '2026-11-21' });
    const again = runAs(sam, approved.events, { type: 'ReviseTicket', values: { ticket_status: 'Paid' } }, { type: 'ApproveTicket', today: '2026-11-23' });
    expect(again.state.fields).toMatchObject({ ticket_status: 'Approved', approved: true, approval_date: '2026-11-21', approved_by: 'Pat Office' });
  });

  it('given a command without the api\'s today, then the day is the date of the write\'s own clock', () => {
    const { state } = runAs(sam, [created], { type: 'ReviseTicket', values: { ticket_status: 'Resolved' } });
    expect(state.fields).toMatchObject({ approval_date: '2026-11-23', approved_by: 'Sam Super' });
  });
});

describe('what a ticket write brings to its job (ticketAlongside)', () => {
  const withLines = run(
    [created],
    { type: 'ReviseTicket', values: { segment_number: '3' } },
    add('ticket_productions', '41', { line_number: 1, work_type: 'Dirt-Bore', feet: 100, job_orca_cibe: '300' }),
    add('ticket_productions', '42', { line_number: 2, work_type: 'Handhole', qty: 2, job_orca_cibe: '301' }),
  );
  const approved = run(withLines.events, { type: 'ApproveTicket', today: '2026-11-21' });
  const count = (job: string, c: object | null) => ({ aggregate: 'job', id: job, command: { type: 'CountTicketProduction', ticket: '9', account_ticket_number: '1001', count: c } });
  const counted = { cibe: { 300: 100, 301: 2 }, segment_ref: null, segment_number: '3', feet: 100 };

  it('given a ticket not approved, when its lines change, then nothing goes to the job', () => {
    expect(ticketAlongside(given(ticketDecider, [created] as TicketEvent[]).state, withLines.state)).toEqual([]);
  });

  it('given a ticket, when approved, then its job counts each CIBE line\'s quantity and the feet', () => {
    expect(ticketAlongside(withLines.state, approved.state)).toEqual([count('5', counted)]);
  });

  it('given an approved ticket, when a line is edited, then the job counts the new figures', () => {
    const edited = run(approved.events, { type: 'ReviseLine', collection: 'ticket_productions', lineId: '41', values: { feet: 150 } });
    expect(ticketAlongside(approved.state, edited.state)).toEqual([count('5', { ...counted, cibe: { 300: 150, 301: 2 }, feet: 150 })]);
  });

  it('given an approved ticket, when only a note changes, then nothing goes to the job', () => {
    const noted = run(approved.events, { type: 'ReviseLine', collection: 'ticket_productions', lineId: '41', values: { notes: 'rock' } });
    expect(ticketAlongside(approved.state, noted.state)).toEqual([]);
  });

  it('given an approved ticket, when moved to another job, then the old job takes it out and the new one counts it', () => {
    const moved = run(approved.events, { type: 'ReviseTicket', values: { job: '6' } });
    expect(ticketAlongside(approved.state, moved.state)).toEqual([count('5', null), count('6', counted)]);
  });

  it('given an approved ticket, when deleted or un-approved, then the job takes out what it counted', () => {
    const deleted = run(approved.events, { type: 'DeleteTicket' });
    expect(ticketAlongside(approved.state, deleted.state)).toEqual([count('5', null)]);
    const unapproved = run(approved.events, { type: 'RequestTicketEdit' });
    expect(ticketAlongside(approved.state, unapproved.state)).toEqual([count('5', null)]);
  });

  it('given a ticket created Approved with production on a job, then the create counts it once, and saving Approved then approving changes nothing more', () => {
    const born = given(ticketDecider, []).then({ type: 'CreateTicket', ticketId: '9', values: { form_type: 'base_ticket', ticket_status: 'Approved', job: '5', segment_number: '3' }, ticketNumber: '1001', today: '2026-11-20' });
    expect(ticketAlongside(given(ticketDecider, []).state, born.state)).toEqual([count('5', { cibe: {}, segment_ref: null, segment_number: '3', feet: 0 })]);
    const lined = run(born.events as Any[], add('ticket_productions', '41', { line_number: 1, work_type: 'Dirt-Bore', feet: 100, job_orca_cibe: '300' }));
    const saved = run(lined.events, { type: 'ReviseTicket', values: { ticket_status: 'Approved' } }, { type: 'ApproveTicket', today: '2026-11-21' });
    expect(saved.events).toHaveLength(lined.events.length);
    expect(ticketAlongside(lined.state, saved.state)).toEqual([]);
  });
});
