import { describe, expect, it } from 'vitest';
import { SUMMARY_PROMPT } from '@/lib/agent';
import { apiError, call, echoTool, nextTurnModelMessages, run, scriptedModel, textStep, toolStep } from './harness';

describe('max iterations', () => {
  it('makes one last call with tools disabled over a temporary copy of the history, streaming the summary as final text', async () => {
    const model = scriptedModel([
      toolStep(call('c1', 'echo', { value: '1' })),
      toolStep(call('c2', 'echo', { value: '2' })),
      textStep('I echoed 1 and 2; nothing is left.'),
    ]);
    const { result, message } = await run({ model, tools: [echoTool()], settings: { maxIterations: 2 } });
    expect(result.end.reason).toBe('max-iterations');
    expect(result.end.message).toMatch(/2 model calls/);
    const summaryCall = model.doStreamCalls[2];
    expect(summaryCall.toolChoice).toEqual({ type: 'none' });
    expect(summaryCall.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: SUMMARY_PROMPT }] });
    const texts = message.parts.filter((p) => p.type === 'text');
    expect(texts.at(-1)).toMatchObject({ text: 'I echoed 1 and 2; nothing is left.' });
    expect(result.steps.at(-1)?.kind).toBe('summary');
    // The summary request is not part of the stored history.
    const history = await nextTurnModelMessages(message, [echoTool()]);
    expect(JSON.stringify(history)).not.toContain(SUMMARY_PROMPT);
  });

  it('falls back to a fixed text when the summary call fails', async () => {
    const model = scriptedModel([
      toolStep(call('c1', 'echo', { value: '1' })),
      async () => {
        throw apiError(400, 'nope');
      },
    ]);
    const { result, message } = await run({ model, tools: [echoTool()], settings: { maxIterations: 1 } });
    expect(result.end.reason).toBe('max-iterations');
    expect(message.parts.filter((p) => p.type === 'text').at(-1)).toMatchObject({ text: expect.stringContaining('I reached the limit of 1 steps') });
    await expect(nextTurnModelMessages(message, [echoTool()])).resolves.toBeDefined();
  });
});
