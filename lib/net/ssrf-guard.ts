import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard: a URL the agent asks the server to fetch may only reach the
 * public internet. The host name is resolved here, every address it resolves
 * to must be public, and the connection then goes to the checked address (a
 * pinned `lookup`), so a DNS answer that changes between check and connect
 * (DNS rebinding) cannot slip through. Redirects are checked the same way by
 * the caller, hop by hop.
 */

export class BlockedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedUrlError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (injectable, so tests need no DNS). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardOptions {
  resolve?: Resolver;
  /**
   * TEST ONLY: addresses that may be reached even though they are not public
   * (e.g. a local test server on 127.0.0.1). Production code never passes it,
   * and nothing reads it from the environment.
   */
  allowPrivateAddressForTests?: (address: string) => boolean;
}

const ALLOWED_PROTOCOLS = ['http:', 'https:'] as const;

/** Only these ipaddr.js ranges are the public internet; every other named range is refused. */
const PUBLIC_RANGE = 'unicast';

/** Plain words for the refused ranges, for the error the model reads. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  linkLocal: 'a link-local address (this includes cloud metadata endpoints such as 169.254.169.254)',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  unspecified: 'an unspecified address',
  uniqueLocal: 'a unique-local IPv6 address (fc00::/7)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/**
 * IPv6 forms that carry an IPv4 address inside them. A host, a gateway or the operating
 * system on the way may turn them into that IPv4 address (a NAT64 gateway, a 6to4 relay,
 * a Teredo tunnel, the kernel's dual stack), so none is fetched, whatever it embeds:
 * `64:ff9b::a9fe:a9fe` is the metadata endpoint behind a NAT64 gateway, and even a public
 * embedded address is refused, because the public internet is reachable through plain
 * IPv4 and native IPv6 and nothing legitimate needs these forms. Each form is a named
 * prefix, checked before the generic ranges.
 */
interface EmbeddedIpv4Form {
  words: string;
  prefix: [ipaddr.IPv6, number];
  /** The IPv4 address inside, for the error the model reads. */
  embedded: (parts: number[]) => [number, number];
}

const lastTwo = (parts: number[]): [number, number] => [parts[6], parts[7]];

const EMBEDDED_IPV4_FORMS: EmbeddedIpv4Form[] = [
  { words: 'an IPv4-mapped IPv6 address (::ffff:0:0/96)', prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), embedded: lastTwo },
  { words: 'an IPv4-translated IPv6 address (::ffff:0:0:0/96)', prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), embedded: lastTwo },
  // :: (unspecified) and ::1 (loopback) are in ::/96 too; blockedAddressReason names them first.
  { words: 'an IPv4-compatible IPv6 address (::/96)', prefix: ipaddr.IPv6.parseCIDR('::/96'), embedded: lastTwo },
  { words: 'a NAT64 address (64:ff9b::/96)', prefix: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), embedded: lastTwo },
  // RFC 8215 local-use NAT64: where the IPv4 address sits depends on the operator's prefix length; the last 32 bits for a /96.
  { words: 'a local-use NAT64 address (64:ff9b:1::/48)', prefix: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), embedded: lastTwo },
  { words: 'a 6to4 address (2002::/16)', prefix: ipaddr.IPv6.parseCIDR('2002::/16'), embedded: (parts) => [parts[1], parts[2]] },
  // Teredo carries the client's IPv4 address in the last 32 bits, inverted (RFC 4380). Blocked whatever it carries.
  { words: 'a Teredo address (2001::/32)', prefix: ipaddr.IPv6.parseCIDR('2001::/32'), embedded: (parts) => [parts[6] ^ 0xffff, parts[7] ^ 0xffff] },
];

function ipv4Text([high, low]: [number, number]): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Why an IPv6 address that embeds an IPv4 address may not be fetched, or undefined for any other. */
function embeddedIpv4Reason(address: ipaddr.IPv6): string | undefined {
  const form = EMBEDDED_IPV4_FORMS.find(({ prefix }) => address.match(prefix));
  if (!form) return undefined;
  return `${form.words}, which embeds an IPv4 address (${ipv4Text(form.embedded(address.parts))})`;
}

/** Why an IP address may not be fetched, or undefined when it is public. */
export function blockedAddressReason(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return `"${address}" is not an IP address`;
  }
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && range !== 'unspecified' && range !== 'loopback') {
    const embedded = embeddedIpv4Reason(parsed as ipaddr.IPv6);
    if (embedded) return embedded;
  }
  if (range === PUBLIC_RANGE) return undefined;
  return RANGE_WORDS[range] ?? `an address in the special-purpose range "${range}"`;
}

/** All addresses of a host name, via the system resolver (like the connection itself would use). */
const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(new BlockedUrlError(`Could not resolve ${hostname}: ${error.code ?? error.message}`));
      else resolve(addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 })));
    });
  });

/** The URL, parsed, when its scheme may be fetched at all. */
export function parseFetchableUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new BlockedUrlError(`"${String(input)}" is not a valid URL.`);
  }
  if (!(ALLOWED_PROTOCOLS as readonly string[]).includes(url.protocol)) {
    throw new BlockedUrlError(`Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username || url.password) throw new BlockedUrlError('URLs with credentials (user:password@) are not fetched.');
  return url;
}

/**
 * Checks a URL's scheme and every address its host resolves to. Returns the
 * checked addresses: connect only to these (see pinnedLookup).
 * The WHATWG URL parser has already turned decimal, octal and hex IPv4 forms
 * (2130706433, 0177.0.0.1, 0x7f.1) into dotted decimal, so they are checked as IPs.
 */
export async function resolvePublicAddresses(input: string | URL, options: GuardOptions = {}): Promise<ResolvedAddress[]> {
  const url = parseFetchableUrl(input);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new BlockedUrlError('The URL has no host.');

  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    const parsed = ipaddr.parse(host);
    addresses = [{ address: parsed.toString(), family: parsed.kind() === 'ipv6' ? 6 : 4 }];
  } else {
    addresses = await (options.resolve ?? systemResolver)(host);
    if (addresses.length === 0) throw new BlockedUrlError(`${host} did not resolve to any address.`);
  }

  for (const { address } of addresses) {
    const reason = blockedAddressReason(address);
    if (reason && !options.allowPrivateAddressForTests?.(address)) {
      throw new BlockedUrlError(
        `Refused to fetch ${url.origin}: ${host === address ? 'it is' : `${host} resolves to ${address},`} ${reason}. Only public internet addresses can be fetched.`,
      );
    }
  }
  return addresses;
}

/**
 * A `lookup` for http.request that answers only with the checked addresses,
 * so the socket connects to exactly what was checked.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    const wanted = options?.family === 4 || options?.family === 'IPv4' ? 4 : options?.family === 6 || options?.family === 'IPv6' ? 6 : undefined;
    const matching = wanted ? addresses.filter((entry) => entry.family === wanted) : [...addresses];
    if (matching.length === 0) {
      callback(Object.assign(new Error('No checked address of the requested family'), { code: 'ENOTFOUND' }));
      return;
    }
    if (options?.all) callback(null, matching.map(({ address, family }) => ({ address, family })));
    else callback(null, matching[0].address, matching[0].family);
  }) as LookupFunction;
}
