import { describe, expect, it } from 'vitest';
import { emptyUsage } from '@/lib/agent/messages';
import { call, echoTool, run, scriptedModel, textStep, toolOutputChunks, toolStep } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a tool waiting for the user (MCP forms and sampling)', () => {
  it('does not time out while its timeout is paused, and resumes it after', async () => {
    const patient = echoTool({
      timeoutMs: 100,
      execute: async (_input: unknown, { pauseTimeout }) => {
        const resume = pauseTimeout!();
        await sleep(300);
        resume();
        return 'answered';
      },
    });
    const stuck = echoTool({
      name: 'stuck',
      timeoutMs: 100,
      execute: async (_input: unknown, { pauseTimeout }) => {
        pauseTimeout!()();
        return new Promise(() => {});
      },
    });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' }), call('c2', 'stuck', { value: 'y' })), textStep('ok')]);
    const { chunks } = await run({ model, tools: [patient, stuck] });
    expect(toolOutputChunks(chunks)).toEqual([
      { type: 'tool-output-available', toolCallId: 'c1', output: 'answered' },
      { type: 'tool-output-error', toolCallId: 'c2', errorText: 'stuck timed out after 100 ms' },
    ]);
  });

  it("adds what the tool spent on the model to the run's usage", async () => {
    const sampling = echoTool({
      execute: async (_input: unknown, { addUsage }) => {
        addUsage!({ ...emptyUsage(), inputTokens: 1_000, outputTokens: 50 });
        return 'summary';
      },
    });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const withSampling = await run({ model, tools: [sampling] });
    const without = await run({ model: scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]), tools: [echoTool()] });
    expect(withSampling.result.usage.inputTokens - without.result.usage.inputTokens).toBe(1_000);
    expect(withSampling.result.usage.outputTokens - without.result.usage.outputTokens).toBe(50);
    expect(withSampling.message.metadata?.usage?.outputTokens).toBe(withSampling.result.usage.outputTokens);
  });
});
