import { describe, expect, it } from 'vitest';
import { ApiError } from '../http';
import { idsIn, inOrder, learnIds, nextOrder, outcomeOf, rewriteIds, settled, stops, tempId, waitsForId, type Entry } from './outboxLogic';

const T1 = tempId('11111111-1111-4111-8111-111111111111');
const T2 = tempId('22222222-2222-4222-8222-222222222222');
const entry = (order: number, more: Partial<Entry> = {}): Entry => ({ key: `k${order}`, owner: '7:1', createdAt: order, order, state: 'waiting', method: 'POST', url: '/api/x/', label: `x${order}`, ...more });
const refused = (status: number, body = {}) => new ApiError('PUT', '/api/x/', status, '', body, '');

describe('the outbox keeps the order the user made the changes in', () => {
  it('given entries read back in any order, then they go in the order made', () => {
    expect(inOrder([entry(3), entry(1), entry(2)]).map((e) => e.key)).toEqual(['k1', 'k2', 'k3']);
  });

  it('given two changes in the same millisecond, then the second still comes after', () => {
    const a = nextOrder(1000);
    expect(nextOrder(1000)).toBeGreaterThan(a);
  });
});

describe('a temporary id is replaced once the server names the record', () => {
  it('given a create answered with its id, then the later entries name the real ticket in their address and body', () => {
    const ids = learnIds(entry(1, { makes: [T1] }), { id: 'real-1', version: 1 });
    expect(ids).toEqual({ [T1]: 'real-1' });
    const later = rewriteIds(entry(2, { url: `/api/tickets/${T1}/productions/`, body: { ticket: T1, lines: [{ id: T1 }] } }), ids);
    expect(later.url).toBe('/api/tickets/real-1/productions/');
    expect(later.body).toEqual({ ticket: 'real-1', lines: [{ id: 'real-1' }] });
    expect(waitsForId(later)).toBe(false);
  });

  it('given lines added in one command, then each temporary id gets the answer line in its place', () => {
    expect(learnIds(entry(1, { makes: [T1, T2] }), { ticket_productions: [{ id: 'a' }, { id: 'b' }] })).toEqual({ [T1]: 'a', [T2]: 'b' });
    expect(idsIn(null)).toEqual([]);
  });

  it('given a photo form naming a temporary line, then its fields are rewritten and its file kept', () => {
    const file = new Blob(['x']);
    const e = rewriteIds(entry(1, { upload: { file, fileName: 'a.jpg', fileField: 'photo', fields: { line: T1 } } }), { [T1]: 'L9' });
    expect(e.upload).toEqual({ file, fileName: 'a.jpg', fileField: 'photo', fields: { line: 'L9' } });
  });

  it('given a signature keying lines by temporary id (what the signer saw), then those keys are rewritten too, and it waits until each is known', () => {
    const e = entry(3, { url: '/api/tickets/9/customer_signatures/', body: { signed_content: { fields: {}, lines: { ticket_productions: { [T1]: { feet: '3' }, p1: { feet: '1' } } } } } });
    expect(waitsForId(e)).toBe(true);
    expect(rewriteIds(e, { [T1]: '41' }).body).toEqual({ signed_content: { fields: {}, lines: { ticket_productions: { 41: { feet: '3' }, p1: { feet: '1' } } } } });
  });

  it('given an entry whose create is not sent yet, then it waits', () => {
    expect(waitsForId(entry(2, { url: `/api/tickets/${T1}/productions/` }))).toBe(true);
    expect(waitsForId(entry(2, { url: `/api/tickets/${T1}/productions/` }))).toBe(true);
  });
});

describe('after each send the sync decides to go on or stop', () => {
  it('given no answer at all, then it stops and waits for the network', () => {
    expect(outcomeOf(new TypeError('Failed to fetch'))).toBe('offline');
    expect(outcomeOf(refused(0))).toBe('offline');
    expect(stops('offline')).toBe(true);
  });

  it('given a 401, then it stops for the owner to sign in again', () => {
    expect(outcomeOf(refused(401))).toBe('signIn');
    expect(stops('signIn')).toBe(true);
  });

  it('given the server saying the session is another user\'s than the entry\'s maker, then it stops until the maker signs in', () => {
    expect(outcomeOf(refused(403, { error: 'another_user_signed_in' }))).toBe('anotherUser');
    expect(stops('anotherUser')).toBe(true);
    expect(outcomeOf(refused(403, { error: 'forbidden' }))).toBe('failed');
  });

  it('given a field someone else changed (409), then the entry is kept as a conflict and the others go on', () => {
    expect(outcomeOf(refused(409, { conflicts: [{ field: 'title' }] }))).toBe('conflict');
    expect(stops('conflict')).toBe(false);
  });

  it('given the same key still at work or a server that cannot answer now, then it stops and tries later', () => {
    expect(outcomeOf(refused(409, { error: 'idempotency_key_in_use' }))).toBe('later');
    expect(outcomeOf(refused(503))).toBe('later');
    expect(outcomeOf(refused(429))).toBe('later');
  });

  it('given a refusal (400, 404), then it is kept with the server\'s words and the others go on', () => {
    expect(outcomeOf(refused(400))).toBe('failed');
    expect(outcomeOf(new Error('a fault'))).toBe('failed');
    expect(stops('failed')).toBe(false);
  });
});

describe('a conflict the user settles is sent again', () => {
  const c = { message: '', current: { id: 't1', version: 7, title: 'Office title' }, fields: [{ field: 'title', yours: 'Mine', theirs: 'Office title', base: 'Old', by: 'Ada', by_id: '1', at: '2026-11-27T10:00:00Z', version: 6 }] };
  const kept = entry(4, { method: 'PUT', body: { title: 'Mine', notes: 'dug 40 ft' }, ifMatch: 5, state: 'conflict', answer: { status: 409, body: {} } });

  it('given mine kept, then the same fields go from the version as it now stands, waiting in the same place', () => {
    expect(settled(kept, c, { title: 'mine' })).toMatchObject({ body: { title: 'Mine', notes: 'dug 40 ft' }, ifMatch: 7, state: 'waiting', order: 4, answer: undefined });
  });

  it('given theirs taken, then that field leaves the change and the rest is sent', () => {
    expect(settled(kept, c, { title: 'theirs' })?.body).toEqual({ notes: 'dug 40 ft' });
  });

  it('given theirs taken for all the change held, then nothing is left to send', () => {
    expect(settled({ ...kept, body: { title: 'Mine' } }, c, { title: 'theirs' })).toBeNull();
  });
});
