import { describe, expect, it } from 'vitest';
import { experimental_streamLanguageModelCall as streamLanguageModelCall, experimental_streamTextLowMemory as streamTextLowMemory, jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import { StepContent } from '@/lib/agent/response-messages';
import { call, finish, scriptedModel, text, type Part } from './harness';

/**
 * The loop calls the model without streamText (lib/agent/model-stream.ts) and builds the step's assistant message
 * itself (lib/agent/response-messages.ts). These hold that message to the one streamText reports for the same stream
 * (its step's `response.messages`), from the single call's parts and from streamText's own, for every kind of
 * content a step can carry.
 */

// Tools as the loop gives them to the SDK: no execute (the loop runs them).
const tools: ToolSet = {
  echo: tool({ description: 'Echoes.', inputSchema: jsonSchema<{ value: string }>({ type: 'object', properties: { value: { type: 'string' } }, required: ['value'] }) }),
};

const openai = (itemId: string, extra: Record<string, unknown> = {}) => ({ openai: { itemId, ...extra } });

const streams: Record<string, Part[]> = {
  'text only': [...text('Hello there.'), finish('stop')],
  'text whose provider metadata comes at its start and is replaced at its end': [
    { type: 'text-start', id: 'm1', providerMetadata: openai('msg_1') },
    { type: 'text-delta', id: 'm1', delta: 'Hel' },
    { type: 'text-delta', id: 'm1', delta: 'lo' },
    { type: 'text-end', id: 'm1', providerMetadata: openai('msg_1', { phase: 'final' }) },
    finish('stop'),
  ],
  'reasoning with encrypted content, then text and two calls': [
    { type: 'reasoning-start', id: 'r1', providerMetadata: openai('rs_1', { reasoningEncryptedContent: null }) },
    { type: 'reasoning-delta', id: 'r1', delta: 'Thinking about it' },
    { type: 'reasoning-end', id: 'r1', providerMetadata: openai('rs_1', { reasoningEncryptedContent: 'gAAAA-opaque' }) },
    ...text('I will echo twice.'),
    { type: 'tool-input-start', id: 'c1', toolName: 'echo' },
    { type: 'tool-input-delta', id: 'c1', delta: '{"value":"a"}' },
    { type: 'tool-input-end', id: 'c1' },
    { ...call('c1', 'echo', { value: 'a' }), providerMetadata: openai('fc_1') } as Part,
    call('c2', 'echo', { value: 'b' }),
    finish('tool-calls'),
  ],
  'two texts interleaved with reasoning, the empty one without metadata left out': [
    { type: 'text-start', id: 'a' },
    { type: 'text-end', id: 'a' },
    { type: 'reasoning-start', id: 'r' },
    { type: 'reasoning-delta', id: 'r', delta: '' },
    { type: 'reasoning-end', id: 'r' },
    { type: 'text-start', id: 'b', providerMetadata: openai('msg_2') },
    { type: 'text-end', id: 'b' },
    ...text('after', 'c'),
    finish('stop'),
  ],
  'a call to an unknown tool and one whose input is not JSON': [call('c1', 'nope', { value: 'x' }), call('c2', 'echo', '{"value": '), finish('tool-calls')],
  'a generated image and a reasoning image': [
    { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
    { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgp=' }, providerMetadata: openai('ri_1') } as Part,
    finish('stop'),
  ],
  "a provider's own tool: its call and its result stay in the assistant message; sources do not": [
    { type: 'tool-call', toolCallId: 'ws_1', toolName: 'web_search', input: '{"query":"x"}', providerExecuted: true, dynamic: true },
    { type: 'tool-result', toolCallId: 'ws_1', toolName: 'web_search', result: { hits: [{ url: 'https://example.com' }] }, dynamic: true, providerMetadata: openai('ws_1') } as Part,
    { type: 'tool-result', toolCallId: 'ws_2', toolName: 'web_search', result: 'plain text result', dynamic: true } as Part,
    { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com', title: 'Example' },
    ...text('Found it.'),
    finish('stop'),
  ],
  'custom content': [{ type: 'custom', kind: 'openai.compaction', providerMetadata: openai('cmp_1') } as Part, ...text('ok'), finish('stop')],
  'nothing at all': [finish('stop')],
};

/** The assistant message streamText reports for the step. */
async function fromStreamText(chunks: Part[]): Promise<ModelMessage[]> {
  let messages: ModelMessage[] = [];
  const result = streamTextLowMemory({
    model: scriptedModel([chunks]),
    messages: [{ role: 'user', content: 'go' }],
    tools,
    maxRetries: 0,
    onError: () => {},
    onStepEnd: (step) => {
      messages = step.response.messages.filter((message) => message.role === 'assistant');
    },
  });
  const content = new StepContent();
  for await (const part of result.stream) content.add(part);
  expect(await content.responseMessages(tools), 'from streamText parts').toEqual(messages);
  return messages;
}

/** The message built from the single call's parts, as the loop builds it. */
async function fromSingleCall(chunks: Part[]): Promise<ModelMessage[]> {
  const { stream } = await streamLanguageModelCall({ model: scriptedModel([chunks]), messages: [{ role: 'user', content: 'go' }], tools });
  const content = new StepContent();
  for await (const part of stream) {
    if (part.type !== 'model-call-start' && part.type !== 'model-call-end' && part.type !== 'model-call-response-metadata') content.add(part);
  }
  return content.responseMessages(tools);
}

describe('a step\'s assistant message without streamText', () => {
  for (const [name, chunks] of Object.entries(streams)) {
    it(`is streamText's: ${name}`, async () => {
      const expected = await fromStreamText(chunks);
      expect(await fromSingleCall(chunks)).toEqual(expected);
      if (name !== 'nothing at all') expect(expected.length, 'the case must give a message to compare').toBe(1);
    });
  }

  it('keeps what it was given: text and provider metadata of every kind', async () => {
    const [message] = await fromSingleCall(streams['reasoning with encrypted content, then text and two calls']);
    expect(message).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Thinking about it', providerOptions: openai('rs_1', { reasoningEncryptedContent: 'gAAAA-opaque' }) },
        { type: 'text', text: 'I will echo twice.', providerOptions: undefined },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'echo', input: { value: 'a' }, providerExecuted: undefined, providerOptions: openai('fc_1') },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'echo', input: { value: 'b' }, providerExecuted: undefined, providerOptions: undefined },
      ],
    });
  });
});
