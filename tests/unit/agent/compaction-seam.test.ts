import { describe, expect, it } from 'vitest';
import type { CompactionRequest } from '@/lib/agent';
import { call, echoTool, finish, nextTurnModelMessages, run, scriptedModel, text, textStep, toolStep } from './harness';

const lengthStep = () => [...text('cut off mid-sen'), finish('length')];

describe('context budget and the compaction seam', () => {
  it('asks the seam before every model call and uses the messages it returns', async () => {
    const requests: CompactionRequest[] = [];
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    const { result } = await run({
      model,
      tools: [echoTool()],
      compact: async (request) => {
        requests.push(request);
        if (requests.length === 2) return { messages: [{ role: 'user', content: 'SUMMARY of earlier work' }] };
        return null;
      },
    });
    expect(result.end.reason).toBe('completed');
    expect(requests.map((r) => r.reason)).toEqual(['budget', 'budget']);
    expect(requests[0].lastInputTokens).toBeUndefined();
    expect(requests[0].estimatedInputTokens).toBeGreaterThan(0);
    expect(requests[1].lastInputTokens).toBe(10);
    expect(requests[1].estimatedInputTokens).toBeGreaterThan(10);
    expect(model.doStreamCalls[1].prompt.slice(1)).toEqual([{ role: 'user', content: [{ type: 'text', text: 'SUMMARY of earlier work' }] }]);
  });

  it('ends at once with "context limit reached" on length when there is no seam', async () => {
    const model = scriptedModel([lengthStep()]);
    const { result, message } = await run({ model });
    expect(result.end).toMatchObject({ reason: 'length', finishReason: 'length', message: expect.stringMatching(/^Context limit reached/) });
    expect(message.parts.find((p) => p.type === 'text')).toMatchObject({ text: 'cut off mid-sen' });
  });

  it('compacts on length and continues', async () => {
    const seen: CompactionRequest[] = [];
    const model = scriptedModel([lengthStep(), textStep('finished')]);
    const { result } = await run({
      model,
      compact: async (request) => {
        if (request.reason === 'budget') return null;
        seen.push(request);
        return { messages: [...request.messages, { role: 'user', content: 'continue' }] };
      },
    });
    expect(result.end.reason).toBe('completed');
    expect(seen.map((r) => [r.reason, r.attempt])).toEqual([['length', 1]]);
  });

  it('gives up after maxCompactionAttempts length finishes', async () => {
    const model = scriptedModel([lengthStep(), lengthStep(), lengthStep(), lengthStep()]);
    let lengthCalls = 0;
    const { result } = await run({
      model,
      compact: async (request) => {
        if (request.reason === 'length') lengthCalls++;
        return request.reason === 'length' ? { messages: [...request.messages] } : null;
      },
    });
    expect(lengthCalls).toBe(3);
    expect(model.doStreamCalls).toHaveLength(4);
    expect(result.end.reason).toBe('length');
    expect(result.end.message).toMatch(/still cut off after 3 compactions/);
  });

  it('ends with length when the seam cannot compact', async () => {
    const model = scriptedModel([lengthStep()]);
    const { result } = await run({ model, compact: async () => null });
    expect(result.end.reason).toBe('length');
    expect(result.end.message).toMatch(/could not be compacted/);
  });

  it('gives truncated tool calls of a length finish an error result, so the history stays valid', async () => {
    const model = scriptedModel([[call('c1', 'echo', { value: 'x' }), finish('length')]]);
    const { message } = await run({ model, tools: [echoTool()] });
    expect(message.parts.find((p) => p.type === 'tool-echo')).toMatchObject({ state: 'output-error' });
    await expect(nextTurnModelMessages(message, [echoTool()])).resolves.toBeDefined();
  });
});
