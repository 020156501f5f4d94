import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedGet, MAX_REDIRECTS } from '@/lib/net/guarded-get';
import { blockedAddressReason, BlockedUrlError, pinnedLookup, resolvePublicAddresses, type Resolver } from '@/lib/net/ssrf-guard';

/** A resolver that never touches DNS: public names get a public (documentation-free) address. */
const fakeResolver =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw new BlockedUrlError(`Could not resolve ${hostname}: ENOTFOUND`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('blockedAddressReason', () => {
  const blocked: Array<[string, RegExp]> = [
    ['127.0.0.1', /loopback/],
    ['127.1.2.3', /loopback/],
    ['10.0.0.1', /private/],
    ['10.255.255.255', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.254', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local.*metadata/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.100.100.200', /carrier-grade NAT/], // Alibaba Cloud metadata
    ['0.0.0.0', /unspecified/],
    ['255.255.255.255', /broadcast/],
    ['224.0.0.1', /multicast/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    // Every IPv6 form that embeds an IPv4 address, whichever address it embeds.
    ['::ffff:127.0.0.1', /IPv4-mapped.*embeds an IPv4/],
    ['::ffff:7f00:1', /IPv4-mapped/],
    ['::ffff:169.254.169.254', /IPv4-mapped/],
    ['::ffff:10.0.0.1', /IPv4-mapped/],
    ['::ffff:8.8.8.8', /IPv4-mapped/],
    ['::a9fe:a9fe', /IPv4-compatible/], // ::169.254.169.254
    ['::169.254.169.254', /IPv4-(compatible|mapped)/],
    ['::7f00:1', /IPv4-compatible/],
    ['::8.8.8.8', /IPv4-(compatible|mapped)/],
    ['::ffff:0:a9fe:a9fe', /IPv4-translated/],
    ['64:ff9b::a9fe:a9fe', /NAT64/],
    ['64:ff9b:1::a9fe:a9fe', /NAT64/],
    ['2002:a9fe:a9fe::1', /6to4/],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /Teredo/],
    ['fc00::1', /unique-local/],
    ['fd00:ec2::254', /unique-local/], // AWS metadata over IPv6
    ['fe80::1', /link-local/],
    ['febf::1', /link-local/],
    ['64:ff9b::7f00:1', /NAT64/], // NAT64 can embed any IPv4
    ['2002:7f00:1::', /6to4/], // 6to4 embeds an IPv4
  ];
  for (const [address, reason] of blocked) {
    it(`refuses ${address}`, () => {
      expect(blockedAddressReason(address)).toMatch(reason);
    });
  }

  it('allows public addresses, including the edges of the private ranges', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001:80e::200e']) {
      expect(blockedAddressReason(address), address).toBeUndefined();
    }
  });
});

describe('resolvePublicAddresses', () => {
  const resolve = fakeResolver({ 'example.com': ['93.184.215.14'], 'evil.test': ['93.184.215.14', '127.0.0.1'], 'rebind.test': ['10.1.2.3'], 'v6.test': ['::1'] });

  it('refuses loopback, private and metadata IP literals in URLs', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1.2.3:8080/x',
      'http://10.0.0.5/',
      'http://172.16.4.4/',
      'http://172.31.0.1/',
      'http://192.168.0.10/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.1.1/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::a9fe:a9fe]/latest/meta-data/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:a9fe:a9fe::]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[fe80::1]/',
    ]) {
      await expect(resolvePublicAddresses(url, { resolve }), url).rejects.toThrow(BlockedUrlError);
    }
  });

  it('refuses decimal, octal and hex spellings of loopback', async () => {
    for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.0.0.1/', 'http://0x7f000001/', 'http://127.1/', 'http://017700000001/']) {
      await expect(resolvePublicAddresses(url, { resolve }), url).rejects.toThrow(/loopback/);
    }
  });

  it('refuses a host name that resolves to loopback or a private address, checked after resolution', async () => {
    const localhost = fakeResolver({ localhost: ['127.0.0.1'], 'internal.corp': ['10.0.0.7'] });
    await expect(resolvePublicAddresses('http://localhost:3000/', { resolve: localhost })).rejects.toThrow('localhost resolves to 127.0.0.1, a loopback address');
    await expect(resolvePublicAddresses('https://internal.corp/', { resolve: localhost })).rejects.toThrow(/private network/);
    await expect(resolvePublicAddresses('http://v6.test/', { resolve })).rejects.toThrow(/loopback/);
  });

  it('refuses a host when any one of its addresses is private', async () => {
    await expect(resolvePublicAddresses('http://evil.test/', { resolve })).rejects.toThrow('evil.test resolves to 127.0.0.1');
  });

  it('returns the checked addresses of a public host', async () => {
    expect(await resolvePublicAddresses('https://example.com/page', { resolve })).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  it('refuses schemes other than http and https, and URLs with credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'data:text/html,hi', 'javascript:alert(1)']) {
      await expect(resolvePublicAddresses(url, { resolve }), url).rejects.toThrow(/Only http and https/);
    }
    await expect(resolvePublicAddresses('http://user:pw@example.com/', { resolve })).rejects.toThrow(/credentials/);
    await expect(resolvePublicAddresses('not a url', { resolve })).rejects.toThrow(/not a valid URL/);
  });

  it('lets a test allow one private address only through the injected allowance', async () => {
    await expect(resolvePublicAddresses('http://127.0.0.1:1/')).rejects.toThrow(BlockedUrlError);
    await expect(resolvePublicAddresses('http://127.0.0.1:1/', { allowPrivateAddressForTests: (a) => a === '127.0.0.1' })).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(resolvePublicAddresses('http://10.0.0.1/', { allowPrivateAddressForTests: (a) => a === '127.0.0.1' })).rejects.toThrow(BlockedUrlError);
  });
});

describe('pinnedLookup', () => {
  it('answers only with the checked addresses, whatever name is asked', async () => {
    const lookup = pinnedLookup([{ address: '93.184.215.14', family: 4 }]);
    const one = await new Promise((resolve) => lookup('other.example', {}, (...args: unknown[]) => resolve(args)));
    expect(one).toEqual([null, '93.184.215.14', 4]);
    const all = await new Promise((resolve) => lookup('other.example', { all: true }, (...args: unknown[]) => resolve(args)));
    expect(all).toEqual([null, [{ address: '93.184.215.14', family: 4 }]]);
    const v6 = await new Promise((resolve) => lookup('x', { family: 6 }, (...args: unknown[]) => resolve(args)));
    expect((v6 as [Error])[0]).toBeInstanceOf(Error);
  });
});

describe('guardedGet against a local server', () => {
  let server: http.Server;
  let origin: string;
  const hits: string[] = [];
  const allowLocal = { allowPrivateAddressForTests: (address: string) => address === '127.0.0.1' };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url!);
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url.pathname === '/to-private-name') return void res.writeHead(301, { location: 'http://internal.corp/admin' }).end();
      if (url.pathname === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (url.pathname === '/hop') {
        const n = Number(url.searchParams.get('n'));
        return void res.writeHead(302, { location: n > 0 ? `/hop?n=${n - 1}` : '/ok' }).end();
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { ...allowLocal, maxBytes: 1000, timeoutMs: 5000, resolve: fakeResolver({ 'internal.corp': ['10.0.0.7'] }) };

  it('follows redirects and reports them', async () => {
    const response = await guardedGet(`${origin}/hop?n=2`, options);
    expect(response).toMatchObject({ status: 200, url: `${origin}/ok`, truncated: false });
    expect(response.redirects).toEqual([`${origin}/hop?n=1`, `${origin}/hop?n=0`, `${origin}/ok`]);
    expect(response.body.toString()).toBe('ok');
  });

  it('refuses a redirect to a private address, before connecting to it', async () => {
    await expect(guardedGet(`${origin}/to-metadata`, options)).rejects.toThrow(/169\.254\.169\.254.*link-local/);
    await expect(guardedGet(`${origin}/to-private-name`, options)).rejects.toThrow('internal.corp resolves to 10.0.0.7');
    await expect(guardedGet(`${origin}/to-file`, options)).rejects.toThrow(/Only http and https/);
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    // hop?n=N redirects N + 1 times before /ok answers.
    const exactlyMax = await guardedGet(`${origin}/hop?n=${MAX_REDIRECTS - 1}`, options);
    expect(exactlyMax.redirects).toHaveLength(MAX_REDIRECTS);
    await expect(guardedGet(`${origin}/hop?n=${MAX_REDIRECTS}`, options)).rejects.toThrow(/Too many redirects/);
  });

  it('refuses the local server without the test allowance', async () => {
    hits.length = 0;
    await expect(guardedGet(`${origin}/ok`, { maxBytes: 1000, timeoutMs: 5000 })).rejects.toThrow(/loopback/);
    expect(hits).toEqual([]);
  });
});
