import { convertToModelMessages, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { declaredToolsFromBody, editableRequestFromTrace, editableRequestSchema, modelMessagesFromBody } from '@/lib/agent/editable-request';
import { modelToUIMessages } from '@/lib/agent/model-to-ui-messages';

const INSTRUCTIONS = 'You are an agent.';

/** The same conversation in every format: a question, a calculator call with reasoning, its result, a follow-up. */
const expected: ModelMessage[] = [
  { role: 'user', content: 'What is 6*7?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Use the tool.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'calculator', input: { expression: '6*7' } },
    ],
  },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'calculator', output: { type: 'json', value: { result: 42 } } }] },
  { role: 'assistant', content: [{ type: 'text', text: 'It is 42.' }] },
  { role: 'user', content: 'Thanks' },
];

/** Drops providerOptions, which each format carries differently (checked on their own below). */
const plain = (messages: ModelMessage[]) => JSON.parse(JSON.stringify(messages, (key, value) => (key === 'providerOptions' ? undefined : value)));

describe('a step request body as model messages', () => {
  it('reads Chat Completions messages, leaving out the system message that is the instructions', () => {
    const body = {
      model: 'm',
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: 'What is 6*7?' },
        { role: 'assistant', content: null, reasoning_content: 'Use the tool.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"6*7"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"result":42}' },
        { role: 'assistant', content: 'It is 42.' },
        { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
      ],
      tools: [{ type: 'function', function: { name: 'calculator', description: 'Math', parameters: { type: 'object' } } }],
      temperature: 0.5,
    };
    expect(modelMessagesFromBody(body, INSTRUCTIONS)).toEqual(expected);
    expect(declaredToolsFromBody(body)).toEqual([{ name: 'calculator', description: 'Math', inputSchema: { type: 'object' } }]);
    const request = editableRequestFromTrace({ body, instructions: INSTRUCTIONS, tools: ['calculator'], settings: { toolChoice: 'auto' } });
    expect(request).toMatchObject({ instructions: INSTRUCTIONS, tools: [{ name: 'calculator', enabled: true }], settings: { temperature: 0.5 } });
    expect(editableRequestSchema.safeParse(request).success).toBe(true);
  });

  it('reads Responses input items, keeping reasoning item ids and encrypted content', () => {
    const body = {
      model: 'm',
      input: [
        { role: 'developer', content: INSTRUCTIONS },
        { role: 'user', content: [{ type: 'input_text', text: 'What is 6*7?' }] },
        { type: 'reasoning', id: 'rs_1', encrypted_content: 'enc', summary: [{ type: 'summary_text', text: 'Use the tool.' }] },
        { type: 'function_call', call_id: 'call_1', name: 'calculator', arguments: '{"expression":"6*7"}', id: 'fc_1' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"result":42}' },
        { role: 'assistant', content: [{ type: 'output_text', text: 'It is 42.' }], id: 'msg_1' },
        { role: 'user', content: [{ type: 'input_text', text: 'Thanks' }] },
      ],
      tools: [{ type: 'function', name: 'calculator', parameters: { type: 'object' } }],
      max_output_tokens: 100,
    };
    const messages = modelMessagesFromBody(body, INSTRUCTIONS);
    expect(plain(messages)).toEqual(expected);
    const assistant = messages[1].content as Array<{ providerOptions?: unknown }>;
    expect(assistant[0].providerOptions).toEqual({ openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } });
    expect(declaredToolsFromBody(body)[0].name).toBe('calculator');
    expect(editableRequestFromTrace({ body, instructions: INSTRUCTIONS, tools: [], settings: {} }).settings).toEqual({ maxOutputTokens: 100 });
  });

  it('reads Anthropic messages: thinking with its signature, tool_use, tool_result in a user message', () => {
    const body = {
      model: 'claude',
      system: [{ type: 'text', text: INSTRUCTIONS }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'What is 6*7?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Use the tool.', signature: 'sig' },
            { type: 'tool_use', id: 'call_1', name: 'calculator', input: { expression: '6*7' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"result":42}' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'It is 42.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
      ],
      max_tokens: 4096,
    };
    const messages = modelMessagesFromBody(body, INSTRUCTIONS);
    expect(plain(messages)).toEqual(expected);
    expect((messages[1].content as Array<{ providerOptions?: unknown }>)[0].providerOptions).toEqual({ anthropic: { signature: 'sig' } });
  });

  it('reads our own reconstruction as it is', () => {
    const body = { instructions: INSTRUCTIONS, messages: expected, tools: [{ name: 'calculator', description: 'Math' }], toolChoice: 'auto' };
    expect(modelMessagesFromBody(body, INSTRUCTIONS)).toEqual(expected);
    expect(declaredToolsFromBody(body)).toEqual([{ name: 'calculator', description: 'Math' }]);
  });

  it('keeps a system message that is not the instructions, and an image', () => {
    const body = {
      model: 'm',
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'system', content: 'Extra rule' },
        { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      ],
    };
    expect(modelMessagesFromBody(body, INSTRUCTIONS)).toEqual([
      { role: 'system', content: 'Extra rule' },
      { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image', image: 'data:image/png;base64,AAAA', mediaType: 'image/png' }] },
    ]);
  });

  it('refuses malformed edits in the server schema', () => {
    const base = { instructions: '', messages: [{ role: 'user', content: 'x' }], tools: [], settings: {} };
    expect(editableRequestSchema.safeParse(base).success).toBe(true);
    expect(editableRequestSchema.safeParse({ ...base, messages: [{ role: 'user', content: [{ type: 'nope' }] }] }).success).toBe(false);
    expect(editableRequestSchema.safeParse({ ...base, settings: { temperature: 9 } }).success).toBe(false);
    expect(editableRequestSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});

describe('model messages as stored UI messages', () => {
  it('round-trips: converted back, the UI messages give the same model messages', async () => {
    let n = 0;
    const withMetadata: ModelMessage[] = structuredClone(expected);
    (withMetadata[1].content as Array<{ providerOptions?: unknown }>)[0].providerOptions = { anthropic: { signature: 'sig' } };
    const ui = modelToUIMessages(withMetadata, () => `m${++n}`, 1);
    expect(ui.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(ui[1].parts.map((p) => p.type)).toEqual(['step-start', 'reasoning', 'tool-calculator', 'step-start', 'text']);
    expect(ui[1].parts[2]).toMatchObject({ state: 'output-available', input: { expression: '6*7' }, output: { result: 42 } });
    // The same request: a user's text is a text part there, and undefined fields are not sent.
    const sameForm = (messages: ModelMessage[]) =>
      JSON.parse(JSON.stringify(messages.map((m) => (m.role === 'user' && typeof m.content === 'string' ? { ...m, content: [{ type: 'text', text: m.content }] } : m))));
    expect(sameForm(await convertToModelMessages(ui))).toEqual(sameForm(withMetadata));
  });

  it('keeps error results, denials and images', () => {
    const ui = modelToUIMessages(
      [
        { role: 'user', content: [{ type: 'image', image: 'AAAA', mediaType: 'image/png' }] },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'bash', input: {} }, { type: 'tool-call', toolCallId: 'b', toolName: 'bash', input: {} }] },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'a', toolName: 'bash', output: { type: 'error-text', value: 'boom' } },
            { type: 'tool-result', toolCallId: 'b', toolName: 'bash', output: { type: 'execution-denied', reason: 'no' } },
          ],
        },
      ],
      () => 'id',
    );
    expect(ui[0].parts[0]).toEqual({ type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA' });
    expect(ui[1].parts[1]).toMatchObject({ state: 'output-error', errorText: 'boom' });
    expect(ui[1].parts[2]).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: 'no' } });
  });
});
