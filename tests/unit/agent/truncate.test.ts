import { describe, expect, it } from 'vitest';
import { truncateForModel, truncationMarker } from '@/lib/agent/truncate';
import { call, echoTool, nextTurnModelMessages, promptOf, run, scriptedModel, textStep, toolOutputChunks, toolStep } from './harness';

const big = 'x'.repeat(100);

describe('tool output truncation', () => {
  it('cuts long output with a marker that says how much was shown', () => {
    expect(truncateForModel(big, 'dump', 40)).toEqual({
      text: `${'x'.repeat(40)}\n[OUTPUT TRUNCATED: showing 40 of 100 characters from dump]`,
      truncated: true,
      originalChars: 100,
    });
    expect(truncateForModel('short', 'dump', 40)).toMatchObject({ text: 'short', truncated: false });
    expect(truncationMarker(1, 2, 't')).toBe('[OUTPUT TRUNCATED: showing 1 of 2 characters from t]');
  });

  it('sends the model a truncated result while the chunk carries the full output', async () => {
    const dump = echoTool({ name: 'dump', execute: async () => big });
    const model = scriptedModel([toolStep(call('c1', 'dump', { value: 'x' })), textStep('ok')]);
    const { chunks, message, result } = await run({ model, tools: [dump], settings: { maxToolResultChars: 40 } });
    expect(toolOutputChunks(chunks)[0]).toEqual({ type: 'tool-output-available', toolCallId: 'c1', output: big });
    const toolMessage = promptOf(model, 1).find((m) => m.role === 'tool')!;
    expect(toolMessage.content[0]).toMatchObject({
      type: 'tool-result',
      output: { type: 'text', value: `${'x'.repeat(40)}\n[OUTPUT TRUNCATED: showing 40 of 100 characters from dump]` },
    });
    expect(result.steps[0].tools[0].truncated).toBe(true);

    // The next turn, rebuilt from the stored UI message, truncates the same way.
    const history = await nextTurnModelMessages(message, [{ ...dump, maxResultChars: 40 }]);
    const rebuilt = history.find((m) => m.role === 'tool')!;
    expect(rebuilt.content[0]).toMatchObject({ output: { type: 'text', value: expect.stringContaining('[OUTPUT TRUNCATED: showing 40 of 100') } });
  });

  it('honours a per-tool limit', async () => {
    const dump = echoTool({ name: 'dump', maxResultChars: 10, execute: async () => big });
    const model = scriptedModel([toolStep(call('c1', 'dump', { value: 'x' })), textStep('ok')]);
    await run({ model, tools: [dump] });
    const toolMessage = promptOf(model, 1).find((m) => m.role === 'tool')!;
    expect(toolMessage.content[0]).toMatchObject({ output: { value: expect.stringContaining('showing 10 of 100') } });
  });

  it('sends short structured output as JSON', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'hi' })), textStep('ok')]);
    await run({ model, tools: [echoTool()] });
    const toolMessage = promptOf(model, 1).find((m) => m.role === 'tool')!;
    expect(toolMessage.content[0]).toMatchObject({ output: { type: 'json', value: { echoed: 'hi' } } });
  });
});
