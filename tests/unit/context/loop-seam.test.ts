import { describe, expect, it } from 'vitest';
import type { CompactionRequest } from '@/lib/agent';
import { call, echoTool, finish, run, scriptedModel, text, textStep, toolStep } from '../agent/harness';

describe('the loop’s budget seam, as context management uses it', () => {
  it('tells the seam how many messages the last measurement covers', async () => {
    const requests: CompactionRequest[] = [];
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    await run({ model, tools: [echoTool()], compact: async (request) => (requests.push(request), null) });
    expect(requests[0]).toMatchObject({ lastInputTokens: undefined, messagesAtLastMeasure: 0 });
    // Measured on the first request (1 user message); the tool call and its result were added since.
    expect(requests[1]).toMatchObject({ lastInputTokens: 10, messagesAtLastMeasure: 1 });
    expect(requests[1].messages).toHaveLength(3);
  });

  it('ends the run with context-limit before calling the model when the seam says it cannot fit', async () => {
    const model = scriptedModel([]);
    const { result, message } = await run({
      model,
      compact: async (request) => ({ messages: [...request.messages], contextLimitExceeded: 'Context limit exceeded: too big.' }),
    });
    expect(model.doStreamCalls).toHaveLength(0);
    expect(result.end).toEqual({ reason: 'context-limit', message: 'Context limit exceeded: too big.' });
    expect(message.parts.find((p) => p.type === 'data-run-end')).toMatchObject({ data: { reason: 'context-limit' } });
  });

  it('on a length finish, ends with context-limit when compaction could not get under the hard limit', async () => {
    const model = scriptedModel([[...text('cut'), finish('length')]]);
    const { result } = await run({
      model,
      compact: async (request) =>
        request.reason === 'length' ? { messages: [...request.messages], contextLimitExceeded: 'Context limit exceeded: still too big.' } : null,
    });
    expect(result.end.reason).toBe('context-limit');
  });
});
