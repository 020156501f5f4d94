import { describe, expect, it } from 'vitest';
import { waitTool } from '@/lib/tools/wait';
import { zodInput } from '../../support/zod-input';

describe('wait tool', () => {
  it('waits for the requested time', async () => {
    const started = Date.now();
    const result = await waitTool().execute({ seconds: 0.05 }, { toolCallId: 'c', signal: new AbortController().signal, emit: () => {} });
    expect(result.waitedMs).toBeGreaterThanOrEqual(45);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops at once when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = waitTool().execute({ seconds: 30 }, { toolCallId: 'c', signal: controller.signal, emit: () => {} });
    setTimeout(() => controller.abort(new Error('operation cancelled by user')), 20);
    await expect(pending).rejects.toThrow('cancelled');
  });

  it('refuses waits longer than 30 seconds', () => {
    expect(waitTool().inputSchema).toBeDefined();
    const schema = zodInput(waitTool().inputSchema);
    expect(schema.safeParse({ seconds: 31 }).success).toBe(false);
    expect(schema.safeParse({ seconds: 3 }).success).toBe(true);
  });
});
