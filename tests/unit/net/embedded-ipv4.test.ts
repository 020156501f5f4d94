/**
 * Every IPv6 form that embeds an IPv4 address is refused by the SSRF guard, with a
 * private address inside (what an attacker wants: loopback, the metadata endpoint, a
 * private network) and with a public one (refused too: see lib/net/ssrf-guard.ts and
 * docs/hardening.md), as a literal in the URL and as an answer from DNS.
 */
import { describe, expect, it } from 'vitest';
import { blockedAddressReason, BlockedUrlError, resolvePublicAddresses, type Resolver } from '@/lib/net/ssrf-guard';

const PRIVATE_IPV4 = ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'];
const PUBLIC_IPV4 = ['8.8.8.8', '93.184.215.14', '1.1.1.1'];

/** The 32 bits of a dotted IPv4 address as two hextets. */
function hextets(ipv4: string): [string, string] {
  const [a, b, c, d] = ipv4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/** Each form: its name in the refusal, and how an IPv4 address is written into it. */
const FORMS: Array<{ name: RegExp; embed: (ipv4: string) => string }> = [
  { name: /IPv4-mapped IPv6 address \(::ffff:0:0\/96\)/, embed: (ip) => `::ffff:${ip}` },
  { name: /IPv4-mapped/, embed: (ip) => `::ffff:${hextets(ip).join(':')}` },
  { name: /IPv4-translated IPv6 address \(::ffff:0:0:0\/96\)/, embed: (ip) => `::ffff:0:${hextets(ip).join(':')}` },
  { name: /IPv4-compatible IPv6 address \(::\/96\)/, embed: (ip) => `::${hextets(ip).join(':')}` },
  { name: /NAT64 address \(64:ff9b::\/96\)/, embed: (ip) => `64:ff9b::${ip}` },
  { name: /local-use NAT64 address \(64:ff9b:1::\/48\)/, embed: (ip) => `64:ff9b:1::${hextets(ip).join(':')}` },
  { name: /6to4 address \(2002::\/16\)/, embed: (ip) => `2002:${hextets(ip).join(':')}::1` },
  // Teredo: server 65.54.227.120, flags 0x8000, port 0x63bf, and the client's IPv4 address inverted in the last 32 bits.
  { name: /Teredo address \(2001::\/32\)/, embed: (ip) => `2001:0:4136:e378:8000:63bf:${hextets(ip).map((h) => (parseInt(h, 16) ^ 0xffff).toString(16)).join(':')}` },
];

describe('IPv6 forms that embed an IPv4 address', () => {
  for (const { name, embed } of FORMS) {
    for (const ipv4 of [...PRIVATE_IPV4, ...PUBLIC_IPV4]) {
      const address = embed(ipv4);
      // ::0.0.0.0 is the unspecified address itself; the form around it is not what refuses it.
      if (address === '::0:0') continue;
      it(`refuses ${address} (${ipv4} inside), naming the form and the address it carries`, () => {
        const reason = blockedAddressReason(address);
        expect(reason).toMatch(name);
        expect(reason).toContain(`embeds an IPv4 address (${ipv4})`);
      });
    }
  }

  it('reads the Teredo client address back from its inverted bits', () => {
    // The RFC 4380 example: client 192.0.2.45 behind the NAT, written as 3fff:fdd2.
    expect(blockedAddressReason('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toContain('(192.0.2.45)');
  });

  it('still names :: and ::1 for what they are, not as IPv4-compatible forms', () => {
    expect(blockedAddressReason('::')).toMatch(/unspecified/);
    expect(blockedAddressReason('::1')).toMatch(/loopback/);
  });

  it('leaves native public IPv6 alone, next to the embedding prefixes', () => {
    for (const address of ['2001:4860:4860::8888', '2001:db9::1', '2003::1', '64:ff9c::1', '2606:4700::1111']) {
      expect(blockedAddressReason(address), address).toBeUndefined();
    }
  });
});

describe('through a URL', () => {
  const noDns: Resolver = async (hostname) => {
    throw new BlockedUrlError(`unexpected lookup of ${hostname}`);
  };

  it('refuses every form as a bracketed literal (the URL parser rewrites dotted tails to hex first)', async () => {
    for (const { embed } of FORMS) {
      for (const ipv4 of ['127.0.0.1', '169.254.169.254', '8.8.8.8']) {
        const url = `http://[${embed(ipv4)}]:8080/latest/meta-data/`;
        await expect(resolvePublicAddresses(url, { resolve: noDns }), url).rejects.toThrow(/embeds an IPv4 address/);
      }
    }
  });

  it('refuses a host name whose DNS answer is one of these forms', async () => {
    const rebinding: Resolver = async () => [
      { address: '2606:4700::1111', family: 6 },
      { address: '64:ff9b::a9fe:a9fe', family: 6 },
    ];
    await expect(resolvePublicAddresses('https://innocent.example/', { resolve: rebinding })).rejects.toThrow(
      'innocent.example resolves to 64:ff9b::a9fe:a9fe, a NAT64 address (64:ff9b::/96), which embeds an IPv4 address (169.254.169.254)',
    );
  });
});
