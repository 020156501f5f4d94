import { expect, it, vi } from 'vitest';

/** The server's own credential variables are scrubbed from every log line, whatever their shape (no sk- prefix needed). */
it('never logs a credential-named environment value, even inside free text', async () => {
  const secret = 'plain-looking-value-9f3b7c2e';
  vi.stubEnv('EXAMPLE_SERVICE_TOKEN', secret);
  vi.stubEnv('SOME_DISPLAY_NAME', 'not-a-secret-value-123');
  vi.resetModules();
  const { createLogger } = await import('@/lib/log.mjs');
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) }).child({}, { level: 'info' });
  logger.info({ detail: `upstream said ${secret}` }, `calling with ${secret}`);
  logger.info(`name is not-a-secret-value-123`);
  vi.unstubAllEnvs();
  expect(lines.join('\n')).not.toContain(secret);
  expect(lines.join('\n')).toContain('not-a-secret-value-123');
});
