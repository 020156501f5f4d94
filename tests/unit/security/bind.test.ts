import { describe, expect, it } from 'vitest';
import { resolveBind } from '@/lib/security/bind.mjs';

const SECRET = 'a'.repeat(32);

describe('where the server listens', () => {
  it('binds 127.0.0.1 unless HOSTNAME is set', () => {
    expect(resolveBind({})).toMatchObject({ ok: true, host: '127.0.0.1', port: 3000, open: false, accounts: false });
    expect(resolveBind({ PORT: '4000' })).toMatchObject({ ok: true, port: 4000 });
  });

  it.each(['localhost', '::1', '[::1]', '127.0.0.2'])('accepts the loopback address %s', (HOSTNAME) => {
    expect(resolveBind({ HOSTNAME })).toMatchObject({ ok: true, open: false });
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', 'my-box'])('refuses %s without accounts or PLAYGROUND_ALLOW_OPEN, naming both ways out', (HOSTNAME) => {
    const bind = resolveBind({ HOSTNAME });
    expect(bind.ok).toBe(false);
    if (!bind.ok) {
      expect(bind.message).toMatch(/PLAYGROUND_ALLOW_OPEN=1/);
      expect(bind.message).toMatch(/AUTH_SECRET \(at least 32 characters/);
    }
  });

  it('binds a public address without accounts only with the override, with a loud warning', () => {
    const bind = resolveBind({ HOSTNAME: '0.0.0.0', PLAYGROUND_ALLOW_OPEN: '1' });
    expect(bind).toMatchObject({ ok: true, host: '0.0.0.0', open: true, accounts: false, warning: expect.stringMatching(/^WARNING.*no accounts/) });
  });

  it.each(['0.0.0.0', '::', '10.0.0.7'])('binds %s with accounts on, with no override and no warning', (HOSTNAME) => {
    const bind = resolveBind({ HOSTNAME, AUTH_SECRET: SECRET });
    expect(bind).toEqual({ ok: true, host: HOSTNAME, port: 3000, open: true, accounts: true });
  });

  it('with accounts on and the override too, still warns about nothing', () => {
    expect(resolveBind({ HOSTNAME: '0.0.0.0', AUTH_SECRET: SECRET, PLAYGROUND_ALLOW_OPEN: '1' })).not.toHaveProperty('warning');
  });

  it.each([
    ['a public address', '0.0.0.0'],
    ['loopback', '127.0.0.1'],
  ])('refuses to start on %s when AUTH_SECRET is set but too short, saying so', (_, HOSTNAME) => {
    const bind = resolveBind({ HOSTNAME, AUTH_SECRET: 'short-secret', PLAYGROUND_ALLOW_OPEN: '1' });
    expect(bind).toEqual({ ok: false, message: expect.stringMatching(/^Refusing to start: AUTH_SECRET must be at least 32 characters/) });
  });

  it('treats a blank AUTH_SECRET as accounts off', () => {
    expect(resolveBind({ HOSTNAME: '0.0.0.0', AUTH_SECRET: '   ' }).ok).toBe(false);
    expect(resolveBind({ AUTH_SECRET: '   ' })).toMatchObject({ ok: true, accounts: false });
  });

  it('still honours HOST, the name earlier versions documented', () => {
    expect(resolveBind({ HOST: '0.0.0.0' }).ok).toBe(false);
    expect(resolveBind({ HOST: '0.0.0.0', AUTH_SECRET: SECRET })).toMatchObject({ ok: true, host: '0.0.0.0' });
  });

  it('rejects a port that is not one', () => {
    expect(resolveBind({ PORT: 'abc' })).toMatchObject({ ok: false, message: expect.stringMatching(/PORT/) });
    expect(resolveBind({ PORT: '70000' }).ok).toBe(false);
  });
});
