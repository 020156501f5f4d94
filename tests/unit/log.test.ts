import { describe, expect, it } from 'vitest';
import { createLogger, withLogContext } from '@/lib/log.mjs';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, logger: createLogger(stream).child({}, { level: 'info' }) };
}

describe('structured logs', () => {
  it('carry the request, session and run ids of the context they were written in', async () => {
    const { lines, logger } = capture();
    await withLogContext({ requestId: 'req-1' }, async () => {
      await Promise.resolve();
      logger.child({ runId: 'run-1', sessionId: 's-1' }).info('step saved');
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({ level: 'info', requestId: 'req-1', runId: 'run-1', sessionId: 's-1', msg: 'step saved' });
    expect(lines[1].requestId).toBeUndefined();
  });

  it('never write a secret: credential fields, bearer tokens and keys quoted in messages or errors', () => {
    const { lines, logger } = capture();
    const key = 'sk-proj-abcdefghijklmnop1234';
    logger.error(
      {
        headers: { authorization: `Bearer ${key}`, cookie: 'session=abc', 'x-api-key': key },
        apiKey: key,
        provider: { apiKey: key, baseUrl: 'https://api.example.com' },
        err: new Error(`Incorrect API key provided: ${key}`),
      },
      `the provider refused Bearer ${key}`,
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain('abcdefghijklmnop1234');
    expect(text).not.toContain('session=abc');
    expect(lines[0]).toMatchObject({ apiKey: '[REDACTED]', provider: { apiKey: '[REDACTED]', baseUrl: 'https://api.example.com' } });
    expect(lines[0].err).toMatchObject({ type: 'Error', message: 'Incorrect API key provided: [REDACTED]' });
    expect(lines[0].msg).toBe('the provider refused [REDACTED]');
  });

  it("keep an error's class when they scrub its message", () => {
    const { lines, logger } = capture();
    logger.warn({ err: new TypeError('bad input sk-proj-abcdefghijklmnop1234') }, 'failed');
    expect(lines[0].err).toMatchObject({ type: 'TypeError', message: 'bad input [REDACTED]' });
    expect(String((lines[0].err as { stack: string }).stack)).toContain('TypeError');
  });
});

describe('console output', () => {
  it('goes through the logger as JSON lines, scrubbed, with errors serialized, and can be put back', async () => {
    const { routeConsoleToLogger } = await import('@/lib/log.mjs');
    const { lines, logger } = capture();
    const original = console.error;
    const restore = routeConsoleToLogger(logger);
    try {
      console.error(new Error('render failed with sk-proj-abcdefghijklmnop1234'));
      console.warn('deprecated %s', 'option');
      console.log('plain notice');
    } finally {
      restore();
    }
    expect(console.error).toBe(original);
    expect(lines[0]).toMatchObject({ level: 'error', source: 'console', err: { type: 'Error' } });
    expect(JSON.stringify(lines[0])).not.toContain('sk-proj-abcdefghijklmnop1234');
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'deprecated option' });
    expect(lines[2]).toMatchObject({ level: 'info', msg: 'plain notice' });
  });
});
