import { describe, expect, it } from 'vitest';
import { decide, withoutMoney, type AccessPolicy } from './access.ts';

const all = { office: true, field: true, auditor: true };
const office = { office: true, field: false, auditor: false };
const policy: AccessPolicy = {
  areas: { bids: { noun: 'bids', read: { ...office, auditor: true }, write: office, paths: [{ path: /^\/bids\/:id\/notes$/, write: all, what: 'write notes' }] } },
  everywhere: [{ path: /\/search_dates$/, read: all, write: all }],
  fallback: { noun: 'this', read: office, write: office },
  theirs: { open: [], assigned: { aggregate: 'job', table: 'jobs', column: 'assigned_users' } },
};

describe('the access rule a route falls under', () => {
  it('given an area rule, then reads and writes take it; a GET that writes is a write', () => {
    expect(decide(policy, 'bids', { method: 'get', path: '/bids' })).toMatchObject({ grant: { auditor: true }, what: 'see bids' });
    expect(decide(policy, 'bids', { method: 'get', path: '/bids/award_bid', writes: true })).toMatchObject({ grant: office, what: 'change bids' });
  });

  it('given a path rule for writes only, then writes take it and reads keep the area rule; a rule of every area comes after', () => {
    expect(decide(policy, 'bids', { method: 'post', path: '/bids/:id/notes' })).toMatchObject({ grant: all, what: 'write notes' });
    expect(decide(policy, 'bids', { method: 'get', path: '/bids/:id/notes' }).grant.auditor).toBe(true);
    expect(decide(policy, 'bids', { method: 'put', path: '/bids/search_dates' }).grant).toEqual(all);
  });

  it('given an area the policy does not name, then its fallback', () => {
    expect(decide(policy, 'newarea', { method: 'get', path: '/newarea' })).toMatchObject({ grant: office, what: 'see this' });
  });
});

describe('a field user\'s answer without money', () => {
  it('given money at any depth and a history change of it, then they are gone and the rest is kept', () => {
    const names = new Set(['total_job', 'price']);
    const answer = { id: '1', title: 'Job', total_job: 10, items: [{ id: '2', price: 3, qty: 1 }], history: [{ changes: [{ field: 'price', old: 1, new: 2 }, { field: 'qty', old: 1, new: 2 }] }] };
    expect(withoutMoney(answer, names)).toEqual({ id: '1', title: 'Job', items: [{ id: '2', qty: 1 }], history: [{ changes: [{ field: 'qty', old: 1, new: 2 }] }] });
  });
});
