/**
 * Where the server may send on a user's behalf (webhooks): only to public addresses, so an account
 * cannot point a webhook at this server, its database or the provider's metadata service (SSRF).
 * Checked twice: a URL naming such an address is refused when saved, and every connection is checked
 * at the address it actually resolved to (a public name that resolves to a private address, or is
 * re-pointed after the save, is refused then). WEBHOOK_PRIVATE_ADDRESSES=allow lifts both, for a
 * receiver on the same private network (and the tests' local receivers).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Read when used: a test or an operator may change it without restarting. */
export const privateAddressesAllowed = () => process.env.WEBHOOK_PRIVATE_ADDRESSES === 'allow';

/** Why `address` is no public unicast address (loopback, private, link-local, ...), or null when it is one, or is no address at all. */
export function nonPublicAddress(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  let parsed = ipaddr.parse(bare);
  // ::ffff:10.0.0.1 reaches 10.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? null : `${bare} is a ${range} address`;
}

/** What is wrong with a webhook URL's host when saved (localhost, a literal address that is not public), or null. */
export function refusedOutboundHost(host: string): string | null {
  if (privateAddressesAllowed()) return null;
  const h = host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return 'must be a public address, not localhost';
  const why = nonPublicAddress(h);
  return why ? `must be a public address (${why})` : null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for sockets (net, tls, undici's connector) that fails a name resolving to an address that is not public. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (!privateAddressesAllowed()) {
      for (const a of addresses) {
        const why = nonPublicAddress(a.address);
        if (why) return callback(new Error(`refused: ${hostname} resolves to ${why}, not a public one`), []);
      }
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
