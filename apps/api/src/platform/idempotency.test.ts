/** What makes two requests with one Idempotency-Key the same request (docs/offline.md "Never twice"). */
import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint, type FingerprintParts } from './idempotency.ts';

const create: FingerprintParts = { method: 'POST', path: '/api/bids/', body: { name: 'Creek crossing', items: [{ qty: 2, price: '10.00' }] } };
const photo = (bytes: string, name = 'site.png'): FingerprintParts => ({ method: 'POST', path: '/api/tickets/7/photos', body: { file_name: name }, file: { buffer: Buffer.from(bytes), originalname: name } });

describe('canonical JSON', () => {
  it('given objects whose keys come in another order, at any depth, then they are spelt the same; arrays keep their order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('given a key holding undefined, then it is left out as JSON leaves it out', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });
});

describe('the request fingerprint', () => {
  it('given the same request with its body keys reordered and a trailing slash dropped, then the fingerprint is the same', () => {
    const reordered = { ...create, path: '/api/bids', body: { items: [{ price: '10.00', qty: 2 }], name: 'Creek crossing' } };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(create));
  });

  it('given another method, path, body value, query, If-Match, then each is another request', () => {
    const base = requestFingerprint(create);
    for (const other of [
      { ...create, method: 'PUT' },
      { ...create, path: '/api/jobs/' },
      { ...create, body: { ...(create.body as object), name: 'Creek Crossing' } },
      { ...create, query: { do: 'approve' } },
      { ...create, ifMatch: '3' },
    ]) expect(requestFingerprint(other), JSON.stringify(other)).not.toBe(base);
  });

  it("given an upload, then the file's bytes and name are part of it", () => {
    expect(requestFingerprint(photo('one'))).toBe(requestFingerprint(photo('one')));
    expect(requestFingerprint(photo('one'))).not.toBe(requestFingerprint(photo('two')));
    expect(requestFingerprint(photo('one'))).not.toBe(requestFingerprint(photo('one', 'other.png')));
  });
});
