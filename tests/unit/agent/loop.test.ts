import { describe, expect, it } from 'vitest';
import { call, echoTool, finish, nextTurnModelMessages, promptOf, run, scriptedModel, text, textStep, toolStep } from './harness';

describe('the loop: states and transitions', () => {
  it('ends as completed when the model stops', async () => {
    const model = scriptedModel([textStep('Hello!')]);
    const { result, types, message } = await run({ model });
    expect(result.end.reason).toBe('completed');
    expect(types).toEqual(['start-step', 'text-start', 'text-delta', 'text-end', 'message-metadata', 'finish-step', 'message-metadata', 'data-run-end']);
    expect(message.parts.map((p) => p.type)).toEqual(['step-start', 'text', 'data-run-end']);
    expect(message.metadata?.runEnd?.reason).toBe('completed');
    expect(message.metadata?.usage).toMatchObject({ inputTokens: 10, outputTokens: 5, estimated: false });
  });

  it('executes tool calls, writes their outputs before finish-step, and loops', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('done')]);
    const { result, types, message } = await run({ model, tools: [echoTool()] });
    expect(result.end.reason).toBe('completed');
    expect(types.slice(0, 5)).toEqual(['start-step', 'tool-input-available', 'tool-output-available', 'message-metadata', 'finish-step']);
    const toolPart = message.parts.find((p) => p.type === 'tool-echo');
    expect(toolPart).toMatchObject({ state: 'output-available', input: { value: 'x' }, output: { echoed: 'x' } });
    // The second call sees the tool result.
    const prompt = promptOf(model, 1);
    expect(prompt.at(-1)).toMatchObject({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1' }] });
    expect(result.steps).toHaveLength(2);
    await expect(nextTurnModelMessages(message, [echoTool()])).resolves.toBeDefined();
  });

  it.each([
    ['content-filter', 'content-filter', /filtered the output/],
    ['error', 'error', /reported an error/],
    ['other', 'other', /unrecognised reason/],
  ] as const)('ends on finish reason %s with a message naming it', async (finishReason, reason, pattern) => {
    const model = scriptedModel([[...text('partial'), finish(finishReason)]]);
    const { result, message } = await run({ model });
    expect(result.end.reason).toBe(reason);
    expect(result.end.message).toMatch(pattern);
    expect(message.parts.at(-1)).toMatchObject({ type: 'data-run-end', data: { reason } });
  });

  it('ends as interrupted when the provider reports the stream ended without a completion signal', async () => {
    const model = scriptedModel([[...text('partial'), finish('interrupted')]]);
    const { result, message } = await run({ model });
    expect(result.end.reason).toBe('interrupted');
    expect(result.end.message).toMatch(/without a completion signal/);
    expect(message.parts.find((p) => p.type === 'text')).toMatchObject({ text: 'partial', state: 'done' });
  });

  it('treats a stream without any finish event as an unrecognised ending', async () => {
    const model = scriptedModel([[...text('partial')]]);
    const { result } = await run({ model });
    expect(result.end.reason).toBe('other');
  });
});

describe('the loop: turns between states', () => {
  it('awaits takeTurn before every state, so no state starts before its turn comes', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('done')]);
    const turns: string[] = [];
    let granted = 0;
    const seen: number[] = [];
    const { result } = await run({
      model,
      tools: [echoTool()],
      write: () => void seen.push(granted),
      takeTurn: async () => {
        turns.push('asked');
        await new Promise((resolve) => setImmediate(resolve));
        granted += 1;
      },
    });
    expect(result.end.reason).toBe('completed');
    // start-iteration, check-budget, call-model, run-tools, then the same for the second step, and its end.
    expect(turns.length).toBeGreaterThanOrEqual(8);
    expect(granted).toBe(turns.length);
    // Nothing was written before the first turn was granted.
    expect(Math.min(...seen)).toBeGreaterThan(0);
  });
});
