import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOP_SETTINGS, resolveSettings } from '@/lib/agent';
import { call, echoTool, fakeClock, run, scriptedModel, textStep, toolStep } from './harness';

describe('limits', () => {
  it('has named defaults', () => {
    expect(DEFAULT_LOOP_SETTINGS).toMatchObject({
      maxIterations: 50,
      maxWallClockMs: 600_000,
      maxCompactionAttempts: 3,
      maxRetries: 3,
      retryBaseDelayMs: 500,
      retryMaxDelayMs: 30_000,
      modelIdleTimeoutMs: 60_000,
      toolTimeoutMs: 120_000,
      maxToolResultChars: 30_000,
      hookTimeoutMs: 5_000,
      loopGuardRepeatLimit: 5,
      loopGuardSameToolLimit: 10,
      loopGuardMaxNudges: 5,
      requireDoneTool: false,
    });
    expect(resolveSettings({ maxIterations: 3, maxRetries: undefined }).maxRetries).toBe(3);
  });

  it('stops at the wall-clock limit before the next iteration', async () => {
    const clock = fakeClock();
    const slowTool = echoTool({
      execute: async () => {
        clock.advance(2_000);
        return 'ok';
      },
    });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('never')]);
    const { result, message } = await run({ model, clock, tools: [slowTool], settings: { maxWallClockMs: 1_000 } });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(result.end.reason).toBe('wall-clock');
    expect(result.end.message).toMatch(/time limit/);
    expect(message.metadata?.stopped).toBeUndefined();
  });

  it('aborts a model call that runs past the wall-clock deadline', async () => {
    const model = scriptedModel([{ chunks: textStep('slow answer'), delayMs: 100 }]);
    const { result } = await run({ model, settings: { maxWallClockMs: 30 } });
    expect(result.end.reason).toBe('wall-clock');
  });
});
