import { describe, expect, it } from 'vitest';
import { estimatePromptTokens, estimateTextTokens, openAIEncodingFor, resolveStepUsage, usageFromSdk } from '@/lib/agent/usage';
import { call, echoTool, run, scriptedModel, text, toolStep, type Part } from './harness';

const noUsage = (reason: 'stop' | 'tool-calls'): Part =>
  ({
    type: 'finish',
    finishReason: { unified: reason, raw: reason },
    usage: { inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: undefined, text: undefined, reasoning: undefined } },
  }) as Part;

describe('usage', () => {
  it('picks the tokenizer for OpenAI-family model ids only', () => {
    expect(openAIEncodingFor('gpt-4o-mini')).toBe('o200k_base');
    expect(openAIEncodingFor('gpt-4.1')).toBe('o200k_base');
    expect(openAIEncodingFor('o4-mini')).toBe('o200k_base');
    expect(openAIEncodingFor('gpt-5')).toBe('o200k_base');
    expect(openAIEncodingFor('gpt-4')).toBe('cl100k_base');
    expect(openAIEncodingFor('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(openAIEncodingFor('llama3.1:8b')).toBeUndefined();
  });

  it('counts OpenAI tokens with gpt-tokenizer, others at 4 characters per token', async () => {
    expect(await estimateTextTokens('hello world', 'gpt-4o')).toBe(2);
    expect(await estimateTextTokens('special <|endoftext|> markers are text', 'gpt-4o')).toBeGreaterThan(5);
    expect(await estimateTextTokens('x'.repeat(41), 'qwen3')).toBe(11);
    // 1 per 4 characters + 16 per message
    expect(await estimatePromptTokens('', [{ role: 'user', content: 'abcdefgh' }], 'qwen3')).toBe(2 + 16);
  });

  it('maps the SDK usage shape, including cached input and reasoning tokens', () => {
    expect(
      usageFromSdk({
        inputTokens: 100,
        inputTokenDetails: { noCacheTokens: 60, cacheReadTokens: 40, cacheWriteTokens: undefined },
        outputTokens: 30,
        outputTokenDetails: { textTokens: 10, reasoningTokens: 20 },
        totalTokens: 130,
      }).usage,
    ).toEqual({ inputTokens: 100, cachedInputTokens: 40, outputTokens: 30, reasoningTokens: 20, estimated: false });
  });

  it('estimates what the provider did not report, and marks it', async () => {
    const usage = await resolveStepUsage({
      sdkUsage: undefined,
      modelId: 'local-model',
      instructions: '',
      requestMessages: [{ role: 'user', content: 'x'.repeat(40) }],
      outputText: 'y'.repeat(8),
    });
    expect(usage).toEqual({ inputTokens: 10 + 16, cachedInputTokens: 0, outputTokens: 2, reasoningTokens: 0, estimated: true });
  });

  it('accumulates usage per step and per run, and sends it as message metadata', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), [...text('done'), { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 30, noCache: 20, cacheRead: 10, cacheWrite: undefined }, outputTokens: { total: 7, text: 4, reasoning: 3 } } } as Part]]);
    const { result, chunks, message } = await run({ model, tools: [echoTool()] });
    expect(result.steps.map((s) => s.usage.inputTokens)).toEqual([10, 30]);
    expect(result.usage).toEqual({ inputTokens: 40, cachedInputTokens: 10, outputTokens: 12, reasoningTokens: 3, estimated: false });
    const metadataUsages = chunks.filter((c) => c.type === 'message-metadata').map((c) => (c as { messageMetadata: { usage?: { inputTokens: number } } }).messageMetadata.usage?.inputTokens);
    expect(metadataUsages).toEqual([10, 40, 40]);
    expect(message.metadata?.usage).toEqual(result.usage);
  });

  it("writes a step's usage and the metadata its caller adds (the measured context) as one chunk, before the step's finish", async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), [...text('done'), { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 30, noCache: 30, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 7, text: 7, reasoning: undefined } } } as Part]]);
    const stepMetadata = (trace: { usage: { inputTokens: number } }) => ({ context: { inputTokens: trace.usage.inputTokens, outputTokens: 0, estimated: false, compactionId: null } });
    const { chunks, message } = await run({ model, tools: [echoTool()], stepMetadata });
    const stepEnds = chunks.flatMap((chunk, index) => (chunk.type === 'finish-step' ? [chunks[index - 1]] : []));
    expect(stepEnds).toEqual([
      { type: 'message-metadata', messageMetadata: { usage: expect.objectContaining({ inputTokens: 10 }), context: expect.objectContaining({ inputTokens: 10 }) } },
      { type: 'message-metadata', messageMetadata: { usage: expect.objectContaining({ inputTokens: 40 }), context: expect.objectContaining({ inputTokens: 30 }) } },
    ]);
    expect(chunks.filter((chunk) => chunk.type === 'message-metadata' && chunk.messageMetadata?.context)).toHaveLength(2);
    expect(message.metadata?.context?.inputTokens).toBe(30);
  });

  it('estimates usage in the run when the provider sends none', async () => {
    const model = scriptedModel([[...text('a reply of some length'), noUsage('stop')]], { modelId: 'gpt-4o-mini' });
    const { result } = await run({ model });
    expect(result.usage.estimated).toBe(true);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBe(await estimateTextTokens('a reply of some length', 'gpt-4o-mini'));
  });
});
