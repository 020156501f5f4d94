import { describe, expect, it } from 'vitest';
import { CANCELLED_TOOL_RESULT } from '@/lib/agent';
import { call, echoTool, finish, nextTurnModelMessages, run, scriptedModel, text, textStep, toolOutputChunks, toolStep } from './harness';

describe('cancellation', () => {
  it('ends without a model call when cancelled before the first iteration', async () => {
    const controller = new AbortController();
    controller.abort();
    const model = scriptedModel([]);
    const { result, types, message } = await run({ model, signal: controller.signal });
    expect(model.doStreamCalls).toHaveLength(0);
    expect(result.end.reason).toBe('cancelled');
    expect(types).toEqual(['message-metadata', 'data-run-end']);
    expect(message.metadata).toMatchObject({ stopped: true, runEnd: { reason: 'cancelled', message: 'Stopped by the user.' } });
  });

  it('checks the signal before every iteration', async () => {
    const controller = new AbortController();
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('never')]);
    const { result } = await run({ model, tools: [echoTool()], signal: controller.signal, onStepEnd: () => controller.abort() });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(result.end.reason).toBe('cancelled');
  });

  it('keeps partial text and fills a cancelled result for every outstanding tool call when cancelled during the stream', async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      {
        delayMs: 15,
        chunks: [
          { type: 'tool-input-start', id: 'c0', toolName: 'echo' },
          { type: 'tool-input-delta', id: 'c0', delta: '{"value":"a"}' },
          { type: 'tool-input-end', id: 'c0' },
          call('c0', 'echo', { value: 'a' }),
          ...text('Let me think'),
          { type: 'text-start', id: 't2' },
          { type: 'text-delta', id: 't2', delta: 'partial' },
          { type: 'tool-input-start', id: 'c1', toolName: 'echo' },
          { type: 'tool-input-delta', id: 'c1', delta: '{"val' },
          // The user stops here.
          { type: 'text-delta', id: 't2', delta: ' never shown' },
          finish('tool-calls'),
        ],
      },
    ]);
    const { result, chunks, message } = await run({
      model,
      tools: [echoTool()],
      signal: controller.signal,
      write: (chunk) => {
        if (chunk.type === 'tool-input-delta' && chunk.toolCallId === 'c1') controller.abort();
      },
    });
    expect(result.end.reason).toBe('cancelled');
    expect(toolOutputChunks(chunks)).toEqual([
      { type: 'tool-output-error', toolCallId: 'c0', errorText: CANCELLED_TOOL_RESULT },
      { type: 'tool-output-error', toolCallId: 'c1', errorText: CANCELLED_TOOL_RESULT },
    ]);
    const texts = message.parts.filter((p) => p.type === 'text');
    expect(texts.map((p) => ({ text: (p as { text: string }).text, state: (p as { state?: string }).state }))).toEqual([
      { text: 'Let me think', state: 'done' },
      { text: 'partial', state: 'done' },
    ]);
    expect(message.metadata?.stopped).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ type: 'data-run-end', data: { reason: 'cancelled' } });
    const history = await nextTurnModelMessages(message, [echoTool()]);
    expect(history.filter((m) => m.role === 'tool').flatMap((m) => m.content)).toHaveLength(2);
  });

  it('fills a cancelled result for every outstanding tool call when cancelled during tool execution, abandoning a tool that ignores its signal', async () => {
    const controller = new AbortController();
    const fast = echoTool({ name: 'fast', readOnly: false });
    const stubborn = echoTool({
      name: 'stubborn',
      readOnly: false,
      execute: () => {
        setTimeout(() => controller.abort(), 10);
        return new Promise(() => {});
      },
    });
    const model = scriptedModel([toolStep(call('a', 'fast', { value: '1' }), call('b', 'stubborn', { value: '2' }), call('c', 'fast', { value: '3' }))]);
    const { result, chunks, message } = await run({ model, tools: [fast, stubborn], signal: controller.signal });
    expect(result.end.reason).toBe('cancelled');
    expect(toolOutputChunks(chunks)).toEqual([
      { type: 'tool-output-available', toolCallId: 'a', output: { echoed: '1' } },
      { type: 'tool-output-error', toolCallId: 'b', errorText: CANCELLED_TOOL_RESULT },
      { type: 'tool-output-error', toolCallId: 'c', errorText: CANCELLED_TOOL_RESULT },
    ]);
    expect(result.steps[0].tools.map((t) => t.status)).toEqual(['ok', 'cancelled', 'cancelled']);
    expect(message.metadata?.stopped).toBe(true);
    await expect(nextTurnModelMessages(message, [fast, stubborn])).resolves.toBeDefined();
  });

  it('passes the signal to tools', async () => {
    const controller = new AbortController();
    let toolSignal: AbortSignal | undefined;
    const tool = echoTool({
      execute: async (_input: unknown, ctx) => {
        toolSignal = ctx.signal;
        controller.abort();
        return 'late';
      },
    });
    const model = scriptedModel([toolStep(call('a', 'echo', { value: '1' }))]);
    const { result } = await run({ model, tools: [tool], signal: controller.signal });
    expect(toolSignal?.aborted).toBe(true);
    expect(result.end.reason).toBe('cancelled');
  });
});
