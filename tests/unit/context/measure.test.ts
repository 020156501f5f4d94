import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import { measureContext, estimateMessagesTokens } from '@/lib/context/measure';
import { ESTIMATED_TOKENS_PER_MESSAGE } from '@/lib/agent/usage';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });

describe('measureContext', () => {
  it('estimates 1 token per 4 characters plus 16 per message for models without a tokenizer', async () => {
    const tokens = await estimateMessagesTokens([user('a'.repeat(400)), user('b'.repeat(40))], 'llama3.1:8b');
    expect(tokens).toBe(100 + 10 + 2 * ESTIMATED_TOKENS_PER_MESSAGE);
  });

  it('counts with the real tokenizer for OpenAI models', async () => {
    // "hello world" is 2 tokens in o200k_base, plus 4 framing tokens per message.
    expect(await estimateMessagesTokens([user('hello world')], 'gpt-4o')).toBe(6);
  });

  it('with no measurement, estimates the whole request and says so', async () => {
    const measure = await measureContext({ modelId: 'm', instructions: 'x'.repeat(40), tools: [{ name: 't', description: 'd' }], messages: [user('y'.repeat(80))] });
    expect(measure.estimated).toBe(true);
    expect(measure.reportedTokens).toBeUndefined();
    expect(measure.tokens).toBe(measure.breakdown.system + measure.breakdown.tools + measure.breakdown.conversation + measure.breakdown.toolOutputs);
    expect(measure.breakdown.system).toBe(10 + ESTIMATED_TOKENS_PER_MESSAGE);
    expect(measure.breakdown.conversation).toBe(20 + ESTIMATED_TOKENS_PER_MESSAGE);
  });

  it('uses the reported input tokens plus an estimate of what was added since', async () => {
    const messages = [user('old'.repeat(1000)), user('z'.repeat(400))];
    const measure = await measureContext({ modelId: 'm', instructions: '', tools: [], messages, measured: { inputTokens: 50_000, coveredMessages: 1 } });
    expect(measure).toMatchObject({ tokens: 50_000 + 100 + ESTIMATED_TOKENS_PER_MESSAGE, estimated: true, reportedTokens: 50_000 });
  });

  it('is exact (not an estimate) when nothing was added since the measurement', async () => {
    const measure = await measureContext({ modelId: 'm', instructions: 'sys', tools: [], messages: [user('a')], measured: { inputTokens: 1234, coveredMessages: 1 } });
    expect(measure).toMatchObject({ tokens: 1234, estimated: false });
    const { system, tools, conversation, toolOutputs } = measure.breakdown;
    expect(system + tools + conversation + toolOutputs).toBe(1234);
  });

  it('counts tool results as tool outputs in the breakdown', async () => {
    const messages: ModelMessage[] = [
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 't', output: { type: 'text', value: 'r'.repeat(4000) } }] },
    ];
    const measure = await measureContext({ modelId: 'm', instructions: '', tools: [], messages });
    expect(measure.breakdown.toolOutputs).toBeGreaterThan(1000);
    expect(measure.breakdown.conversation).toBeLessThan(50);
  });
});
