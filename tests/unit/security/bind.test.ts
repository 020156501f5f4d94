import { describe, expect, it } from 'vitest';
import { resolveBind } from '@/lib/security/bind.mjs';

describe('where the server listens', () => {
  it('binds 127.0.0.1 unless HOSTNAME is set', () => {
    expect(resolveBind({})).toMatchObject({ ok: true, host: '127.0.0.1', port: 3000, open: false });
    expect(resolveBind({ PORT: '4000' })).toMatchObject({ ok: true, port: 4000 });
  });

  it.each(['localhost', '::1', '127.0.0.2'])('accepts the loopback address %s', (HOSTNAME) => {
    expect(resolveBind({ HOSTNAME })).toMatchObject({ ok: true, open: false });
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', 'my-box'])('refuses %s without PLAYGROUND_ALLOW_OPEN, saying how', (HOSTNAME) => {
    const bind = resolveBind({ HOSTNAME });
    expect(bind.ok).toBe(false);
    if (!bind.ok) expect(bind.message).toMatch(/PLAYGROUND_ALLOW_OPEN=1/);
  });

  it('binds a public address with the override, with a loud warning', () => {
    const bind = resolveBind({ HOSTNAME: '0.0.0.0', PLAYGROUND_ALLOW_OPEN: '1' });
    expect(bind).toMatchObject({ ok: true, host: '0.0.0.0', open: true, warning: expect.stringMatching(/^WARNING/) });
  });

  it('still honours HOST, the name earlier versions documented', () => {
    expect(resolveBind({ HOST: '0.0.0.0' }).ok).toBe(false);
  });

  it('rejects a port that is not one', () => {
    expect(resolveBind({ PORT: 'abc' })).toMatchObject({ ok: false, message: expect.stringMatching(/PORT/) });
  });
});
