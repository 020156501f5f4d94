import { describe, expect, it } from 'vitest';
import type { AgentHooks } from '@/lib/agent';
import { call, echoTool, run, scriptedModel, textStep, toolOutputChunks, toolStep } from './harness';

describe('hooks', () => {
  it('beforeModelCall can replace the system prompt and narrow the tools', async () => {
    const other = echoTool({ name: 'other' });
    const hooks: Partial<AgentHooks> = {
      beforeModelCall: [
        ({ tools, instructions }) => ({ tools: tools.filter((t) => t.name === 'echo'), instructions: `${instructions} Be brief.` }),
        function second({ instructions }) {
          expect(instructions).toMatch(/Be brief\.$/);
        },
      ],
    };
    const model = scriptedModel([textStep('ok')]);
    const { result } = await run({ model, tools: [echoTool(), other], hooks });
    expect(model.doStreamCalls[0].tools?.map((t) => t.name)).toEqual(['echo']);
    expect(model.doStreamCalls[0].prompt[0]).toEqual({ role: 'system', content: 'You are a test agent. Be brief.' });
    expect(result.steps[0].hooks.map((h) => ({ kind: h.kind, name: h.name, error: h.error }))).toEqual([
      { kind: 'beforeModelCall', name: 'hook#1', error: undefined },
      { kind: 'beforeModelCall', name: 'second', error: undefined },
    ]);
    expect(result.steps[0].request.tools).toEqual(['echo']);
  });

  it('afterModelCall observes the step result', async () => {
    const seen: unknown[] = [];
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('fine')]);
    await run({ model, tools: [echoTool()], hooks: { afterModelCall: [(ctx) => void seen.push({ finish: ctx.finishReason, calls: ctx.toolCalls.length, text: ctx.text })] } });
    expect(seen).toEqual([
      { finish: 'tool-calls', calls: 1, text: '' },
      { finish: 'stop', calls: 0, text: 'fine' },
    ]);
  });

  it('beforeToolCall can deny a call with a reason the model reads', async () => {
    let ran = false;
    const tool = echoTool({ execute: async () => void (ran = true) });
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'rm -rf' })), textStep('ok')]);
    const { chunks, result } = await run({
      model,
      tools: [tool],
      hooks: { beforeToolCall: [{ name: 'policy', run: () => ({ action: 'deny', reason: 'not in plan mode' }) }] },
    });
    expect(ran).toBe(false);
    expect(toolOutputChunks(chunks)).toEqual([{ type: 'tool-output-error', toolCallId: 'c1', errorText: 'Tool call denied (policy): not in plan mode' }]);
    expect(result.steps[0].tools[0].status).toBe('denied');
  });

  it('beforeToolCall can rewrite the arguments', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'raw' })), textStep('ok')]);
    const { chunks, result } = await run({
      model,
      tools: [echoTool()],
      hooks: { beforeToolCall: [({ input }) => ({ action: 'rewrite', input: { value: `${(input as { value: string }).value}-clean` } })] },
    });
    expect(toolOutputChunks(chunks)[0]).toMatchObject({ output: { echoed: 'raw-clean' } });
    expect(result.steps[0].tools[0].rewrittenInput).toEqual({ value: 'raw-clean' });
  });

  it('afterToolCall can transform the output', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { chunks } = await run({ model, tools: [echoTool()], hooks: { afterToolCall: [({ output }) => ({ output: { wrapped: output } })] } });
    expect(toolOutputChunks(chunks)[0]).toMatchObject({ output: { wrapped: { echoed: 'x' } } });
  });

  it('records a throwing hook in the trace and carries on', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { result, chunks } = await run({
      model,
      tools: [echoTool()],
      hooks: {
        beforeModelCall: [
          function explode() {
            throw new Error('hook bug');
          },
        ],
        beforeToolCall: [
          function alsoExplodes() {
            throw new Error('policy service down');
          },
        ],
      },
    });
    expect(result.end.reason).toBe('completed');
    expect(toolOutputChunks(chunks)[0].type).toBe('tool-output-available');
    expect(result.steps[0].hooks).toEqual([
      { kind: 'beforeModelCall', name: 'explode', latencyMs: expect.any(Number), error: 'hook bug' },
      { kind: 'beforeToolCall', name: 'alsoExplodes', latencyMs: expect.any(Number), error: 'policy service down', toolCallId: 'c1' },
    ]);
  });

  it('records a hook that times out and skips its effect', async () => {
    const model = scriptedModel([textStep('ok')]);
    const { result } = await run({
      model,
      settings: { hookTimeoutMs: 10 },
      hooks: { beforeModelCall: [{ name: 'slow', run: () => new Promise((resolve) => setTimeout(() => resolve({ instructions: 'hijacked' }), 200)) }] },
    });
    expect(result.end.reason).toBe('completed');
    expect(model.doStreamCalls[0].prompt[0]).toEqual({ role: 'system', content: 'You are a test agent.' });
    expect(result.steps[0].hooks[0]).toMatchObject({ name: 'slow', timedOut: true, error: 'hook timed out after 10 ms' });
  });
});
