/** Webhooks reach public addresses only: the address rule, the saved URL's host, and a name resolved at connect time (real DNS of the machine: localhost). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nonPublicAddress, publicOnlyLookup, refusedOutboundHost } from './outbound.ts';

let allowed: string | undefined;
beforeEach(() => {
  allowed = process.env.WEBHOOK_PRIVATE_ADDRESSES;
  delete process.env.WEBHOOK_PRIVATE_ADDRESSES;
});
afterEach(() => {
  if (allowed === undefined) delete process.env.WEBHOOK_PRIVATE_ADDRESSES;
  else process.env.WEBHOOK_PRIVATE_ADDRESSES = allowed;
});

const resolve = (host: string) =>
  new Promise<{ err: Error | null; address: unknown }>((done) => publicOnlyLookup(host, {}, (err, address) => done({ err, address })));

describe('addresses a webhook may reach', () => {
  it('given loopback, private, link-local (the metadata service), unique-local and mapped addresses, then each is named as not public; a public one passes', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '172.16.5.5', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fc00::1', 'fe80::1', '::ffff:10.0.0.1', '[::1]']) expect(nonPublicAddress(a), a).toMatch(/is a \w+ address/);
    for (const a of ['8.8.8.8', '2606:4700:4700::1111', 'erp.example.com']) expect(nonPublicAddress(a), a).toBeNull();
  });

  it('given a saved URL host, when it is localhost or a literal private address, then it is refused with why; a name or public address passes', () => {
    expect(refusedOutboundHost('localhost')).toBe('must be a public address, not localhost');
    expect(refusedOutboundHost('LOCALHOST.')).toBe('must be a public address, not localhost');
    expect(refusedOutboundHost('[::1]')).toMatch(/::1 is a loopback address/);
    expect(refusedOutboundHost('169.254.169.254')).toMatch(/linkLocal/);
    expect(refusedOutboundHost('erp.example.com')).toBeNull();
    expect(refusedOutboundHost('93.184.215.14')).toBeNull();
  });

  it('given WEBHOOK_PRIVATE_ADDRESSES=allow, then a private host is saved and resolved', async () => {
    process.env.WEBHOOK_PRIVATE_ADDRESSES = 'allow';
    expect(refusedOutboundHost('127.0.0.1')).toBeNull();
    expect((await resolve('localhost')).err).toBeNull();
  });

  it('given a name that resolves to loopback, when a socket looks it up, then the lookup fails naming the address', async () => {
    const { err } = await resolve('localhost');
    expect(err?.message).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address, not a public one$/);
  });
});
