import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { jsonSchema } from 'ai';
import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { call, echoTool, nextTurnModelMessages, promptOf, run, scriptedModel, textStep, toolOutputChunks, toolStep } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function loggingTool(name: string, readOnly: boolean, delayMs: number, log: string[]): AgentTool {
  return {
    name,
    description: name,
    inputSchema: z.object({ id: z.string() }),
    readOnly,
    execute: async ({ id }: { id: string }) => {
      log.push(`start ${id}`);
      await sleep(delayMs);
      log.push(`end ${id}`);
      return id;
    },
  };
}

function toolErrorFor(prompt: unknown[], toolCallId: string) {
  for (const message of prompt as Array<{ role: string; content: unknown }>) {
    if (message.role !== 'tool') continue;
    for (const part of message.content as Array<{ toolCallId: string; output: { type: string; value: unknown } }>) {
      if (part.toolCallId === toolCallId) return part.output;
    }
  }
  return undefined;
}

describe('tool execution', () => {
  it('answers an unknown tool with an error naming the available tools, and the loop continues', async () => {
    const model = scriptedModel([toolStep(call('c1', 'teleport', { to: 'mars' })), textStep('sorry')]);
    const { result, chunks, message } = await run({ model, tools: [echoTool()] });
    expect(result.end.reason).toBe('completed');
    expect(toolOutputChunks(chunks)).toEqual([{ type: 'tool-output-error', toolCallId: 'c1', errorText: 'Unknown tool "teleport". Available tools: echo.' }]);
    expect(toolErrorFor(promptOf(model, 1), 'c1')).toEqual({ type: 'error-text', value: 'Unknown tool "teleport". Available tools: echo.' });
    await expect(nextTurnModelMessages(message, [echoTool()])).resolves.toBeDefined();
  });

  it('answers invalid JSON with the parse error, and the card still shows the raw arguments', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', '{"value": "unterminated')), textStep('retrying')]);
    const { chunks, message } = await run({ model, tools: [echoTool()] });
    const inputError = chunks.find((c) => c.type === 'tool-input-error');
    expect(inputError).toMatchObject({ toolCallId: 'c1', toolName: 'echo', input: '{"value": "unterminated' });
    expect((inputError as { errorText: string }).errorText).toMatch(/Invalid input for tool echo: JSON parsing failed/);
    const part = message.parts.find((p) => p.type === 'tool-echo');
    expect(part).toMatchObject({ state: 'output-error', input: '{"value": "unterminated' });
    expect(toolErrorFor(promptOf(model, 1), 'c1')).toMatchObject({ type: 'error-text', value: expect.stringMatching(/JSON parsing failed/) });
    await expect(nextTurnModelMessages(message, [echoTool()])).resolves.toBeDefined();
  });

  it('answers a schema failure with the validation message', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 42 })), textStep('ok')]);
    const { chunks } = await run({ model, tools: [echoTool()] });
    expect(chunks.find((c) => c.type === 'tool-input-error')).toMatchObject({ input: { value: 42 } });
    expect(toolOutputChunks(chunks)[0]).toMatchObject({ type: 'tool-output-error', errorText: expect.stringMatching(/expected string, received number/) });
  });

  it('turns a throwing tool into an error result', async () => {
    const broken = echoTool({
      execute: async () => {
        throw new Error('disk on fire');
      },
    });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { result, chunks } = await run({ model, tools: [broken] });
    expect(result.end.reason).toBe('completed');
    expect(toolOutputChunks(chunks)).toEqual([{ type: 'tool-output-error', toolCallId: 'c1', errorText: 'echo failed: disk on fire' }]);
    expect(result.steps[0].tools[0]).toMatchObject({ status: 'error', error: 'echo failed: disk on fire' });
  });

  it('times a tool out, aborting its signal, and reports it', async () => {
    let sawAbort = false;
    const slow = echoTool({
      timeoutMs: 20,
      execute: (_input: unknown, { signal }) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            reject(new Error('aborted'));
          });
        }),
    });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { chunks, result } = await run({ model, tools: [slow] });
    expect(toolOutputChunks(chunks)).toEqual([{ type: 'tool-output-error', toolCallId: 'c1', errorText: 'echo timed out after 20 ms' }]);
    expect(sawAbort).toBe(true);
    expect(result.steps[0].tools[0].status).toBe('timeout');
  });

  it('closes a timed-out call with an error result the model reads, in seconds from 1 s up', async () => {
    const stubborn = echoTool({ execute: () => new Promise(() => {}) });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { chunks, result } = await run({ model, tools: [stubborn], settings: { toolTimeoutMs: 1_000 } });
    expect(toolOutputChunks(chunks)[0]).toMatchObject({ errorText: 'echo timed out after 1 s' });
    expect(result.end.reason).toBe('completed');
    expect(JSON.stringify(model.doStreamCalls[1].prompt)).toContain('echo timed out after 1 s');
  });

  it('uses the loop-wide toolTimeoutMs when the tool has none, and abandons a tool that ignores its signal', async () => {
    const stubborn = echoTool({ execute: () => new Promise(() => {}) });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { chunks } = await run({ model, tools: [stubborn], settings: { toolTimeoutMs: 15 } });
    expect(toolOutputChunks(chunks)[0]).toMatchObject({ errorText: 'echo timed out after 15 ms' });
  });

  it('runs read-only tools in parallel but writes results in request order', async () => {
    const log: string[] = [];
    const tools = [loggingTool('read', true, 0, log)];
    tools[0].execute = async ({ id }: { id: string }) => {
      log.push(`start ${id}`);
      await sleep(id === 'a' ? 40 : 5);
      log.push(`end ${id}`);
      return id;
    };
    const model = scriptedModel([toolStep(call('a', 'read', { id: 'a' }), call('b', 'read', { id: 'b' })), textStep('ok')]);
    const { chunks } = await run({ model, tools });
    expect(log).toEqual(['start a', 'start b', 'end b', 'end a']);
    expect(toolOutputChunks(chunks).map((c) => c.toolCallId)).toEqual(['a', 'b']);
  });

  it('runs other tools one at a time in request order', async () => {
    const log: string[] = [];
    const write = loggingTool('write', false, 10, log);
    const read = loggingTool('read', true, 1, log);
    const model = scriptedModel([
      toolStep(call('a', 'write', { id: 'a' }), call('b', 'read', { id: 'b' }), call('c', 'read', { id: 'c' }), call('d', 'write', { id: 'd' })),
      textStep('ok'),
    ]);
    const { chunks } = await run({ model, tools: [write, read] });
    expect(log.slice(0, 2)).toEqual(['start a', 'end a']);
    // b and c (read-only) run together, after a and before d.
    expect(log.slice(2, 4).sort()).toEqual(['start b', 'start c']);
    expect(log.slice(-2)).toEqual(['start d', 'end d']);
    expect(toolOutputChunks(chunks).map((c) => c.toolCallId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('records tool durations in the trace', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { result } = await run({ model, tools: [echoTool()] });
    expect(result.steps[0].tools).toEqual([{ toolCallId: 'c1', toolName: 'echo', status: 'ok', durationMs: expect.any(Number) }]);
  });
});

describe('tool execution and the run signal', () => {
  it('leaves no abort listener on the run signal after its tool steps, without the signal ever aborting', async () => {
    // A listener left on a signal made with AbortSignal.any keeps it (and what it closes over) in memory for good.
    const made: AbortSignal[] = [];
    const any = AbortSignal.any.bind(AbortSignal);
    const spy = vi.spyOn(AbortSignal, 'any').mockImplementation((signals) => {
      const signal = any(signals);
      made.push(signal);
      return signal;
    });
    const controller = new AbortController();
    try {
      const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'a' })), toolStep(call('c2', 'echo', { value: 'b' })), textStep('done')]);
      const { result } = await run({ model, tools: [echoTool()], signal: controller.signal });
      expect(result.end.reason).toBe('completed');
    } finally {
      spy.mockRestore();
    }
    expect(controller.signal.aborted).toBe(false);
    expect(made.length).toBeGreaterThan(0);
    for (const signal of [controller.signal, ...made]) expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});

describe('arguments checked against a JSON Schema tool (an MCP tool)', () => {
  const sumTool = (runs: unknown[]): AgentTool => ({
    name: 'everything__get-sum',
    description: 'adds',
    inputSchema: jsonSchema({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }),
    readOnly: true,
    execute: async (input: unknown) => {
      runs.push(input);
      return 'ran';
    },
  });

  it('bad model arguments never run: an invalid result the model reads', async () => {
    const runs: unknown[] = [];
    const model = scriptedModel([toolStep(call('c1', 'everything__get-sum', { a: 'x' })), textStep('fixing')]);
    const { chunks, result } = await run({ model, tools: [sumTool(runs)] });
    expect(toolOutputChunks(chunks)).toEqual([{ type: 'tool-output-error', toolCallId: 'c1', errorText: 'Invalid arguments for everything__get-sum: /a must be number; missing required property b' }]);
    expect(result.steps[0].tools[0]).toMatchObject({ status: 'invalid' });
    expect(runs).toEqual([]);
  });

  it('a hook rewrite that breaks the schema does not run either', async () => {
    const runs: unknown[] = [];
    const model = scriptedModel([toolStep(call('c1', 'everything__get-sum', { a: 1, b: 2 })), textStep('ok')]);
    const hooks = { beforeToolCall: [{ name: 'rewrite', run: () => ({ action: 'rewrite' as const, input: { a: 1, b: 'two' } }) }] };
    const { chunks } = await run({ model, tools: [sumTool(runs)], hooks });
    expect(toolOutputChunks(chunks)).toEqual([{ type: 'tool-output-error', toolCallId: 'c1', errorText: 'Invalid arguments for everything__get-sum: /b must be number' }]);
    expect(runs).toEqual([]);
  });
});
